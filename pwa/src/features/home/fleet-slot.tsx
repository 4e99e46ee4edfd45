import type { Car } from "@car-rental/shared/schemas/car";
import { selectCar, useSelectedCarId } from "../booking/car-selection";
import { FleetGrid } from "../fleet/fleet-grid";
import { scrollToSection } from "../layout/section-scroll";
import classes from "./home.module.css";

function chooseCar(car: Car): void {
  selectCar(car.id);
  scrollToSection("booking");
}

/**
 * The body of the home page's #cars section (spec §2, "Fleet card"): the
 * fleet grid; selecting a car opens the booking form below with that car.
 * This module is loaded lazily, so it stays out of the first view's bundle.
 */
export function FleetSlot() {
  const selectedCarId = useSelectedCarId();
  return (
    <div className={classes.slot} data-slot="fleet">
      <FleetGrid onSelect={chooseCar} selectedCarId={selectedCarId} />
    </div>
  );
}
