import { useEffect, useSyncExternalStore } from "react";

/**
 * Whether any toast was shown: the toast viewport (src/routes/__root.tsx)
 * mounts with the first one, and its code (Mantine's notifications with their
 * transitions, some 14 KB gzipped) loads at the visitor's first interaction,
 * so a visit that only reads never loads it.
 */
let requested = false;
const listeners = new Set<() => void>();

/** Mounts the toast viewport (once): lib/toast.ts calls it with every toast. */
export function requestToastViewport(): void {
  if (requested) return;
  requested = true;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast was shown; false in the prerendered HTML and in the render that hydrates it. */
export function useToastViewportRequested(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
}

/** Mantine's notifications: their store and the viewport. */
export function loadToastCode() {
  return import("@mantine/notifications");
}

const FIRST_INTERACTION = ["pointerdown", "keydown", "focusin"] as const;

/**
 * Loads the toast code at the visitor's first interaction with the page: a
 * toast answers an action, and the action may come once the connection is
 * gone (a first visit, before the service worker holds the app), when its
 * code could no longer be fetched.
 */
export function useToastCodeOnFirstInteraction(): void {
  useEffect(() => {
    const stop = () => FIRST_INTERACTION.forEach((type) => window.removeEventListener(type, load, true));
    const load = () => {
      stop();
      loadToastCode().catch(() => undefined);
    };
    FIRST_INTERACTION.forEach((type) =>
      window.addEventListener(type, load, { capture: true, passive: true }),
    );
    return stop;
  }, []);
}
