import { NativeSelect, SimpleGrid, TextInput } from "@mantine/core";
import { useMemo } from "react";
import { Controller, useFormContext } from "react-hook-form";
import { formatPeso } from "@car-rental/shared/money";
import type { LocalAdminCar } from "../../../data/db";
import { field } from "../../../lib/form-field";
import {
  INITIAL_BOOKING_STATUSES,
  isInitialBookingStatus,
  type InitialBookingFields,
} from "./initial-booking";

const STATUS_OPTIONS = INITIAL_BOOKING_STATUSES.map((status) => ({ value: status, label: status }));

/**
 * The car, total, dates and payment status of a booking the admin records:
 * the customer dialog's initial booking and New Booking. Inside the form's
 * `FormProvider`; `noCar` is the car list's first choice (no booking, or
 * "Choose a car").
 */
export function InitialBookingFieldset({
  cars,
  noCar,
  autoFocusCar = false,
}: {
  cars: readonly Pick<LocalAdminCar, "id" | "name" | "dailyRate">[] | undefined;
  noCar: { value: string; label: string };
  autoFocusCar?: boolean;
}) {
  const form = useFormContext<InitialBookingFields>();
  const carOptions = useMemo(
    () => [
      noCar,
      ...(cars ?? []).map((car) => ({
        value: car.id,
        label: `${car.name} · ${formatPeso(car.dailyRate)}/day`,
      })),
    ],
    [cars, noCar],
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <Controller
        control={form.control}
        name="carId"
        render={({ field: carField, fieldState }) => (
          <NativeSelect
            label="Car"
            size="md"
            data={carOptions}
            value={carField.value}
            onChange={(event) => carField.onChange(event.currentTarget.value)}
            onBlur={carField.onBlur}
            ref={carField.ref}
            error={fieldState.error?.message}
            data-autofocus={autoFocusCar || undefined}
          />
        )}
      />
      <TextInput
        label="Total Amount"
        inputMode="decimal"
        size="md"
        leftSection="₱"
        {...field(form, "total")}
      />
      <TextInput label="Pickup Date" type="date" size="md" {...field(form, "pickupDate")} />
      <TextInput label="Return Date" type="date" size="md" {...field(form, "returnDate")} />
      <Controller
        control={form.control}
        name="status"
        render={({ field: statusField }) => (
          <NativeSelect
            label="Payment Status"
            size="md"
            data={STATUS_OPTIONS}
            value={statusField.value}
            onChange={(event) => {
              const value = event.currentTarget.value;
              if (isInitialBookingStatus(value)) statusField.onChange(value);
            }}
            onBlur={statusField.onBlur}
            ref={statusField.ref}
          />
        )}
      />
    </SimpleGrid>
  );
}
