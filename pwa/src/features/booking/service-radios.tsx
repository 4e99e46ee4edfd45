import "@mantine/core/styles/Radio.css";
import { Radio, Stack } from "@mantine/core";
import { memo } from "react";
import { Controller, type Control } from "react-hook-form";
import { formatPeso } from "@car-rental/shared/money";
import type { BookingFormInput, BookingFormValues } from "@car-rental/shared/schemas/booking";
import classes from "./booking-form.module.css";

/** One radio: a service with its description and price per day ("0.00" when free). */
export type ServiceChoice = { value: string; label: string; description: string; rate: string };

type ServiceRadiosProps = {
  control: Control<BookingFormInput, unknown, BookingFormValues>;
  name: "driverService" | "distanceService";
  label: string;
  description: string;
  choices: readonly ServiceChoice[];
};

function rateLabel(rate: string): string {
  return rate === "0.00" ? "Free" : `+${formatPeso(rate)}/day`;
}

/**
 * A service choice of the Rental Details card (driver service, additional
 * distance service): one radio per service with its description and daily
 * rate. Memoized, and bound to its own field, so typing elsewhere in the
 * form does not re-render it.
 */
export const ServiceRadios = memo(function ServiceRadios({
  control,
  name,
  label,
  description,
  choices,
}: ServiceRadiosProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Radio.Group
          label={label}
          description={description}
          value={field.value ?? "none"}
          onChange={field.onChange}
          name={field.name}
        >
          <Stack gap="xs" mt="xs">
            {choices.map((choice) => (
              <Radio
                key={choice.value}
                value={choice.value}
                classNames={{
                  root: classes.choice,
                  body: classes.choiceBody,
                  labelWrapper: classes.choiceLabelWrapper,
                }}
                label={
                  <span className={classes.choiceLabel}>
                    {choice.label}
                    <span className={classes.choiceRate} aria-hidden="true">
                      {rateLabel(choice.rate)}
                    </span>
                  </span>
                }
                description={choice.description}
              />
            ))}
          </Stack>
        </Radio.Group>
      )}
    />
  );
});
