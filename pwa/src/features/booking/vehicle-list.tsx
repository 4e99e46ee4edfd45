import "@mantine/core/styles/Skeleton.css";
import { Button, Skeleton, Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { formatPeso } from "@car-rental/shared/money";
import type { Car } from "@car-rental/shared/schemas/car";
import { refreshCars, useCars } from "../../data/public-data";
import { CAR_PICTURE_HEIGHT, CAR_PICTURE_WIDTH, carPictureUrl } from "../fleet/car-picture";
import classes from "./booking-form.module.css";
import { selectCar, useSelectedCarId } from "./car-selection";

type VehicleListProps = {
  /** Called after a car is chosen (e.g. to bring the form into view on a phone). */
  onSelected?: (car: Car) => void;
};

/**
 * /booking's left column: every car, the available ones selectable for the
 * form beside it with 'Select This Car' (the fleet grid, which has the same
 * button, is not on this page: one such button per car).
 */
export function VehicleList({ onSelected }: VehicleListProps) {
  // The fleet arrives as a transition (data/use-live-query.ts): the list renders in slices.
  const cars = useCars();
  const selectedCarId = useSelectedCarId();
  const [failed, setFailed] = useState(false);

  const load = () => {
    setFailed(false);
    refreshCars().then(
      (result) => setFailed(result === null),
      (error: unknown) => {
        console.warn("Could not refresh the fleet", error);
        setFailed(true);
      },
    );
  };
  useEffect(load, []);

  if (cars === undefined || (cars.length === 0 && !failed)) {
    return (
      <div className={classes.vehicleList} aria-busy="true" aria-label="Loading the fleet">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} height={72} radius="md" />
        ))}
      </div>
    );
  }
  if (cars.length === 0) {
    return (
      <div role="status">
        <Text fw={600}>The fleet could not be loaded.</Text>
        <Button variant="light" mt="sm" onClick={load}>
          Try Again
        </Button>
      </div>
    );
  }

  const choose = (car: Car) => {
    selectCar(car.id);
    onSelected?.(car);
  };

  return (
    <ul className={classes.vehicleList} aria-label="Vehicles">
      {cars.map((car) => {
        const nameId = `vehicle-${car.id}-name`;
        const selected = car.id === selectedCarId;
        return (
          <li
            key={car.id}
            className={classes.vehicleOption}
            data-available={car.available || undefined}
            data-selected={selected || undefined}
            // A click anywhere on an available row chooses it too (a pointer convenience;
            // the button is the control, and its own clicks are handled there).
            onClick={(event) => {
              const fromButton = event.target instanceof Element && event.target.closest("button") !== null;
              if (car.available && !fromButton) choose(car);
            }}
          >
            <img
              src={carPictureUrl(car.image)}
              alt=""
              width={CAR_PICTURE_WIDTH}
              height={CAR_PICTURE_HEIGHT}
              loading="lazy"
              decoding="async"
            />
            <span className={classes.vehicleOptionText}>
              <span id={nameId} className={classes.vehicleOptionName}>
                {car.name}
              </span>
              <span className={classes.vehicleOptionMeta}>
                {car.category} · {car.seats} seats · {car.transmission}
              </span>
            </span>
            <span className={classes.vehicleOptionAside}>
              <span className={classes.vehicleOptionRate}>{formatPeso(car.dailyRate)}/day</span>
              {/* The fleet card's control (spec §2), named the same; the car's name describes it. */}
              {car.available ? (
                <Button
                  size="compact-sm"
                  variant={selected ? "filled" : "light"}
                  aria-pressed={selected}
                  aria-describedby={nameId}
                  onClick={() => choose(car)}
                >
                  Select This Car
                </Button>
              ) : (
                <Button size="compact-sm" variant="default" disabled aria-describedby={nameId}>
                  Currently Unavailable
                </Button>
              )}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
