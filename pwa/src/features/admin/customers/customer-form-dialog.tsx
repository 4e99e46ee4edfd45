import { zodResolver } from "@hookform/resolvers/zod";
import { Button, Divider, Fieldset, Group, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { DialogModal } from "../../../lib/dialog-modal";
import { FormProvider, useForm } from "react-hook-form";
import { useMemo } from "react";
import { DUPLICATE_EMAIL_MESSAGE } from "@car-rental/shared/messages";
import { findCustomerByEmail, useAdminCars } from "../../../data/admin-data";
import type { LocalCustomer } from "../../../data/db";
import { field } from "../../../lib/form-field";
import { createAdminBooking } from "../../../data/mutations/bookings/create-admin-booking";
import { createCustomer } from "../../../data/mutations/customers/create-customer";
import { updateCustomer } from "../../../data/mutations/customers/update-customer";
import { changedFields } from "../../../data/mutations/changed-fields";
import { newId, queueChange } from "../frame/queue-change";
import {
  createCustomerFormSchema,
  customerBodyOf,
  customerFormOf,
  EMPTY_CUSTOMER_FORM,
  type CustomerFormInput,
  type CustomerFormOutput,
} from "./customer-form";
import { initialBookingBody, NO_CAR } from "./initial-booking";
import { InitialBookingFieldset } from "./initial-booking-fields";
import { useSubmitOnce } from "../frame/use-submit-once";

type CustomerFormDialogProps = {
  opened: boolean;
  /** The customer being edited, or null to add one. */
  customer: LocalCustomer | null;
  onClose: () => void;
};

/** Spec §2 "Customers": the add/edit dialog, with an optional first booking for a new customer. */
export function CustomerFormDialog({ opened, customer, onClose }: CustomerFormDialogProps) {
  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={customer ? "Edit Customer" : "Add Customer"}
      size="xl"
      centered
    >
      {opened ? <CustomerForm key={customer?.id ?? "new"} customer={customer} onDone={onClose} /> : null}
    </DialogModal>
  );
}

const NO_BOOKING = { value: NO_CAR, label: "None (no booking)" };

function CustomerForm({ customer, onDone }: { customer: LocalCustomer | null; onDone: () => void }) {
  const schema = useMemo(() => createCustomerFormSchema(), []);
  const form = useForm<CustomerFormInput, unknown, CustomerFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: customer ? customerFormOf(customer) : EMPTY_CUSTOMER_FORM,
  });
  const { handleSubmit } = form;
  const cars = useAdminCars();

  const submit = async (values: CustomerFormOutput) => {
    const body = customerBodyOf(values);
    const holder = await findCustomerByEmail(body.email);
    if (holder && holder.id !== customer?.id) {
      form.setError("email", { message: DUPLICATE_EMAIL_MESSAGE }, { shouldFocus: true });
      return;
    }
    if (customer) {
      // Only the fields changed here (changed-fields.ts): what another device changed meanwhile stays.
      const before = schema.safeParse(customerFormOf(customer));
      const changed = before.success ? changedFields(customerBodyOf(before.data), body) : undefined;
      if (await queueChange(updateCustomer, { ...body, id: customer.id, changed })) onDone();
      return;
    }
    const bookingBody = initialBookingBody(values, values, cars ?? []);
    const car = bookingBody ? (cars ?? []).find((candidate) => candidate.id === values.carId) : undefined;
    const customerId = newId();
    if (!(await queueChange(createCustomer, { ...body, id: customerId }))) return;
    // Queued right after the customer: it waits if the customer is refused.
    if (bookingBody && car) {
      const booking = { ...bookingBody, carId: car.id, id: newId(), customerId };
      if (!(await queueChange(createAdminBooking, booking))) return;
    }
    onDone();
  };

  const { onSubmit, submitting } = useSubmitOnce(handleSubmit(submit));
  return (
    <FormProvider {...form}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label="Full Name"
              required
              withAsterisk={false}
              size="md"
              autoComplete="off"
              {...field(form, "fullName")}
              data-autofocus
            />
            <TextInput
              label="Email"
              type="email"
              required
              withAsterisk={false}
              size="md"
              autoComplete="off"
              {...field(form, "email")}
            />
            <TextInput
              label="Phone"
              type="tel"
              required
              withAsterisk={false}
              size="md"
              autoComplete="off"
              {...field(form, "phone")}
            />
            <TextInput label="Address" size="md" autoComplete="off" {...field(form, "address")} />
            <TextInput label="License Number" size="md" autoComplete="off" {...field(form, "license")} />
            <TextInput label="License Expiry" type="date" size="md" {...field(form, "licenseExpiry")} />
          </SimpleGrid>

          {customer ? null : (
            <Fieldset legend="Initial Booking (optional)" variant="filled">
              <Stack gap="sm">
                <Text size="sm" c="dimmed">
                  A booking is created when a car, both dates and the total are filled in.
                </Text>
                <InitialBookingFieldset cars={cars} noCar={NO_BOOKING} />
              </Stack>
            </Fieldset>
          )}
          <Divider />
          <Text size="sm" c="dimmed">
            Full name, email and phone are required.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" size="md" mih={44} onClick={onDone}>
              Cancel
            </Button>
            <Button type="submit" size="md" mih={44} loading={submitting}>
              {customer ? "Update Customer" : "Add Customer"}
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}
