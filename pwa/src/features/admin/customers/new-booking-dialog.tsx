import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Group, Stack, Text } from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import { FormProvider, useForm } from "react-hook-form";
import * as z from "zod";
import { isValidDate } from "@car-rental/shared/dates";
import { validationMessages } from "@car-rental/shared/messages";
import { rentalDatesIssue } from "@car-rental/shared/schemas/booking";
import { useAdminCars } from "../../../data/admin-data";
import type { LocalCustomer } from "../../../data/db";
import { addCustomerBooking } from "../../../data/mutations/bookings/create-admin-booking";
import { parsePaymentAmount } from "../frame/payment-rules";
import { newId, queueChange } from "../frame/queue-change";
import { useSubmitOnce } from "../frame/use-submit-once";
import { INITIAL_BOOKING_STATUSES, initialBookingBody } from "./initial-booking";
import { InitialBookingFieldset } from "./initial-booking-fields";

/** The dialog's title and its button. */
export const NEW_BOOKING_LABEL = "New Booking";
export const ADD_BOOKING_LABEL = "Add Booking";
export const CAR_REQUIRED = "Choose a car";
export const TOTAL_REQUIRED = "Enter the total in pesos, e.g. 5000";

const CHOOSE_CAR = { value: "", label: "Choose a car" };

/**
 * The fields of the customer dialog's initial booking, all required here. As
 * there, the pickup may be in the past (a rental recorded after the fact); the
 * return comes after it; the server refuses dates the car is taken on.
 */
const newBookingSchema = z
  .object({
    carId: z.string().min(1, { error: CAR_REQUIRED }),
    pickupDate: z.string().refine(isValidDate, { error: validationMessages.pickupDateRequired }),
    returnDate: z.string().refine(isValidDate, { error: validationMessages.returnDateRequired }),
    total: z.string().refine((value) => parsePaymentAmount(value) !== null, { error: TOTAL_REQUIRED }),
    status: z.enum(INITIAL_BOOKING_STATUSES),
  })
  .superRefine((values, ctx) => {
    if (!isValidDate(values.pickupDate) || !isValidDate(values.returnDate)) return;
    const issue = rentalDatesIssue(values.pickupDate, values.returnDate);
    if (issue) ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
  });
type NewBookingValues = z.infer<typeof newBookingSchema>;

const EMPTY: NewBookingValues = { carId: "", pickupDate: "", returnDate: "", total: "", status: "pending" };

/**
 * A booking the owner records for a customer already on file (a returning
 * customer, one who phoned): `POST /api/admin/bookings`, as the customer
 * dialog's initial booking is, through the outbox.
 */
export function NewBookingDialog({
  customer,
  onClose,
}: {
  customer: LocalCustomer | null;
  onClose: () => void;
}) {
  return (
    <DialogModal opened={customer !== null} onClose={onClose} title={NEW_BOOKING_LABEL} size="lg" centered>
      {customer ? <NewBookingForm key={customer.id} customer={customer} onDone={onClose} /> : null}
    </DialogModal>
  );
}

function NewBookingForm({ customer, onDone }: { customer: LocalCustomer; onDone: () => void }) {
  const form = useForm<NewBookingValues>({ resolver: zodResolver(newBookingSchema), defaultValues: EMPTY });
  const { handleSubmit } = form;
  const cars = useAdminCars();

  const submit = async (values: NewBookingValues) => {
    const body = initialBookingBody(customer, values, cars ?? []);
    if (!body) {
      form.setError("carId", { message: CAR_REQUIRED }, { shouldFocus: true });
      return;
    }
    const queued = await queueChange(addCustomerBooking, { ...body, id: newId(), customerId: customer.id });
    if (queued) onDone();
  };

  const { onSubmit, submitting } = useSubmitOnce(handleSubmit(submit));
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate aria-label={`${NEW_BOOKING_LABEL} for ${customer.fullName}`}>
        <Stack gap="md">
          <Text size="sm">
            For {customer.fullName} · {customer.email}
          </Text>
          <InitialBookingFieldset cars={cars} noCar={CHOOSE_CAR} autoFocusCar />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" mih={44} onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" size="md" mih={44} loading={submitting}>
              {ADD_BOOKING_LABEL}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
