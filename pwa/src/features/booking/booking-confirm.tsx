import { Anchor, Button, Card, Checkbox, Loader } from "@mantine/core";
import { Controller, type Control } from "react-hook-form";
import { bookingLabels } from "@car-rental/shared/messages";
import type { BookingFormInput, BookingFormValues } from "@car-rental/shared/schemas/booking";
import classes from "./booking-form.module.css";
import { ProblemAlerts, type Problem } from "./booking-problem";

type BookingConfirmProps = {
  control: Control<BookingFormInput, unknown, BookingFormValues>;
  termsError: string | undefined;
  problem: Problem | null;
  online: boolean;
  isBlocked: boolean;
  isSubmitting: boolean;
};

/** The end of the form: the terms checkbox, what went wrong last time, and the submit button. */
export function BookingConfirm({
  control,
  termsError,
  problem,
  online,
  isBlocked,
  isSubmitting,
}: BookingConfirmProps) {
  const submitLabel = isBlocked
    ? bookingLabels.blocked
    : isSubmitting
      ? bookingLabels.processing
      : bookingLabels.submit;

  return (
    <>
      <Card className={classes.card} padding="lg">
        <Controller
          control={control}
          name="acceptTerms"
          render={({ field }) => (
            <Checkbox
              checked={field.value ?? false}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
              error={termsError}
              label={
                <>
                  I agree to the{" "}
                  <Anchor href="/terms" target="_blank" rel="noopener" inherit>
                    Terms of Service
                  </Anchor>{" "}
                  and{" "}
                  <Anchor href="/privacy" target="_blank" rel="noopener" inherit>
                    Privacy Policy
                  </Anchor>
                </>
              }
            />
          )}
        />
      </Card>

      <ProblemAlerts problem={problem} online={online} />

      <Button
        type="submit"
        size="lg"
        fullWidth
        color={isBlocked ? "red.9" : undefined}
        disabled={isBlocked || isSubmitting}
        leftSection={isSubmitting ? <Loader size="sm" color="currentColor" aria-hidden="true" /> : undefined}
        className={classes.submit}
      >
        {submitLabel}
      </Button>
    </>
  );
}
