import type { Control } from "react-hook-form";
import {
  DISTANCE_SERVICES,
  DRIVER_SERVICES,
  distanceRates,
  distanceServiceOptions,
  driverRates,
  driverServiceOptions,
} from "@car-rental/shared/constants";
import type { BookingFormInput, BookingFormValues } from "@car-rental/shared/schemas/booking";
import { ServiceRadios, type ServiceChoice } from "./service-radios";

const driverChoices: readonly ServiceChoice[] = DRIVER_SERVICES.map((service) => ({
  value: service,
  ...driverServiceOptions[service],
  rate: driverRates[service],
}));

const distanceChoices: readonly ServiceChoice[] = DISTANCE_SERVICES.map((service) => ({
  value: service,
  ...distanceServiceOptions[service],
  rate: distanceRates[service],
}));

/** Card 3's driver and distance services, each with its rates. */
export function RentalServices({
  control,
}: {
  control: Control<BookingFormInput, unknown, BookingFormValues>;
}) {
  return (
    <>
      <ServiceRadios
        control={control}
        name="driverService"
        label="Driver Service"
        description="Every car is available with or without a professional driver."
        choices={driverChoices}
      />

      <ServiceRadios
        control={control}
        name="distanceService"
        label="Additional Distance Service"
        description="For trips beyond Pangasinan or longer than 250 km."
        choices={distanceChoices}
      />
    </>
  );
}
