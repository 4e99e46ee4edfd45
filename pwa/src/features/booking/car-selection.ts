import { useSyncExternalStore } from "react";

/**
 * The car chosen for booking, shared by the fleet grid, the /booking vehicle
 * list and the booking form (which live in separately loaded sections). A
 * link may preselect a car with `?car=<id>`; the booking draft restores the
 * last choice after a reload.
 */
type Listener = () => void;

const listeners = new Set<Listener>();
let selectedCarId: string | null = readCarParam();

function readCarParam(): string | null {
  if (typeof window === "undefined") return null;
  const id = new URLSearchParams(window.location.search).get("car");
  return id !== null && id.trim() !== "" ? id.trim() : null;
}

export function getSelectedCarId(): string | null {
  return selectedCarId;
}

/** Chooses a car (null clears the choice) and tells every subscriber. */
export function selectCar(carId: string | null): void {
  if (carId === selectedCarId) return;
  selectedCarId = carId;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The id of the chosen car, re-rendering when it changes. */
export function useSelectedCarId(): string | null {
  return useSyncExternalStore(subscribe, getSelectedCarId, () => null);
}
