import { Checkbox } from "@mantine/core";
import { PlainTextarea } from "../../lib/plain-textarea";
import { Controller, type Control, type UseFormRegister } from "react-hook-form";
import type { BookingFormInput, BookingFormValues } from "@car-rental/shared/schemas/booking";
import { DeliveryFees } from "./rental-terms";

type DeliveryFieldsProps = {
  control: Control<BookingFormInput, unknown, BookingFormValues>;
  register: UseFormRegister<BookingFormInput>;
  wantsDelivery: boolean;
  addressError: string | undefined;
};

/** Card 3's delivery request: the checkbox, the address once it is ticked, and the fees. */
export function DeliveryFields({ control, register, wantsDelivery, addressError }: DeliveryFieldsProps) {
  return (
    <div>
      <Controller
        control={control}
        name="wantsDelivery"
        render={({ field }) => (
          <Checkbox
            label="Request delivery to my address"
            description="We bring the car to you and pick it up at the end of the rental."
            checked={field.value ?? false}
            onChange={(event) => field.onChange(event.currentTarget.checked)}
            onBlur={field.onBlur}
            name={field.name}
            ref={field.ref}
          />
        )}
      />
      {wantsDelivery && (
        <PlainTextarea
          label="Delivery Address"
          required
          withAsterisk={false}
          rows={3}
          mt="sm"
          placeholder="House number, street, barangay, town"
          autoComplete="street-address"
          error={addressError}
          {...register("deliveryAddress")}
        />
      )}
      <DeliveryFees />
    </div>
  );
}
