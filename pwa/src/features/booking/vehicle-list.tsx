import "@mantine/core/styles/Skeleton.css";
import { Button, Skeleton, Text } from "@mantine/core";
import { useDeferredValue, useEffect, useState } from "react";
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

/** /booking's left column: every car, the available ones selectable for the form beside it. */
export function VehicleList({ onSelected }: VehicleListProps) {
  // Deferred: the list renders in slices that yield to the browser when the fleet arrives.
  const cars = useDeferredValue(useCars());
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

  return (
    <ul className={classes.vehicleList} aria-label="Vehicles">
      {cars.map((car) => (
        <li key={car.id}>
          <button
            type="button"
            className={classes.vehicleOption}
            aria-pressed={car.id === selectedCarId}
            disabled={!car.available}
            onClick={() => {
              selectCar(car.id);
              onSelected?.(car);
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
            <span>
              <span className={classes.vehicleOptionName}>{car.name}</span>
              <br />
              <span className={classes.vehicleOptionMeta}>
                {car.category} · {car.seats} seats · {car.transmission}
                {car.available ? "" : " · Currently Unavailable"}
              </span>
            </span>
            <span className={classes.vehicleOptionRate}>{formatPeso(car.dailyRate)}/day</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
