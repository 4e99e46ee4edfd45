import { Button, Text } from "@mantine/core";
import { IconCar, IconGasStation, IconManualGearbox, IconUsers } from "@tabler/icons-react";
import { bookingLabels } from "@car-rental/shared/messages";
import { formatPeso } from "@car-rental/shared/money";
import type { Car } from "@car-rental/shared/schemas/car";
import { CAR_PICTURE_HEIGHT, CAR_PICTURE_WIDTH, carPictureUrl } from "../fleet/car-picture";
import classes from "./booking-form.module.css";

type SelectedVehicleProps = {
  car: Car;
  /** Goes back to the fleet to choose another car. */
  onChange: () => void;
};

/** Card 1 of the booking form: the chosen car with its category, seats, transmission, fuel and daily rate. */
export function SelectedVehicle({ car, onChange }: SelectedVehicleProps) {
  return (
    <div className={classes.vehicle}>
      <img
        className={classes.vehiclePicture}
        src={carPictureUrl(car.image)}
        alt=""
        width={CAR_PICTURE_WIDTH}
        height={CAR_PICTURE_HEIGHT}
        loading="lazy"
        decoding="async"
      />
      <div className={classes.vehicleInfo}>
        <Text fw={800} fz="lg" data-testid="selected-car-name">
          {car.name}
        </Text>
        <Text size="sm" c="dimmed">
          {car.category}
        </Text>
        <ul className={classes.vehicleSpecs}>
          <li>
            <IconUsers size={16} aria-hidden="true" />
            {car.seats} seats
          </li>
          <li>
            <IconManualGearbox size={16} aria-hidden="true" />
            {car.transmission}
          </li>
          <li>
            <IconGasStation size={16} aria-hidden="true" />
            {car.fuel}
          </li>
        </ul>
        <Text fw={800} className={classes.vehicleRate}>
          {formatPeso(car.dailyRate)}/day
        </Text>
      </div>
      <Button variant="subtle" size="compact-sm" onClick={onChange} className={classes.vehicleChange}>
        Change Car
      </Button>
    </div>
  );
}

/** Card 1 without a car (spec §2): the invitation to choose one. */
export function NoCarSelected({ onBrowseFleet }: { onBrowseFleet: () => void }) {
  return (
    <div className={classes.empty}>
      <IconCar size={40} stroke={1.4} aria-hidden="true" />
      <Text fw={700} fz="lg">
        {bookingLabels.noCar}
      </Text>
      <Text c="dimmed" maw={420} size="sm">
        Every car is available with or without a professional driver. Choose one to see its free dates and
        price.
      </Text>
      <Button mt="xs" onClick={onBrowseFleet}>
        {bookingLabels.browseFleet}
      </Button>
    </div>
  );
}
