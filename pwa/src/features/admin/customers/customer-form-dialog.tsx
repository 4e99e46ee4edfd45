import { zodResolver } from "@hookform/resolvers/zod";
import {
  Button,
  Divider,
  Fieldset,
  Group,
  Modal,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from "@mantine/core";
import { Controller, useForm } from "react-hook-form";
import { useMemo } from "react";
import { formatPeso } from "@car-rental/shared/money";
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
import {
  initialBookingBody,
  INITIAL_BOOKING_STATUSES,
  isInitialBookingStatus,
  NO_CAR,
} from "./initial-booking";
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
    <Modal
      opened={opened}
      onClose={onClose}
      title={customer ? "Edit Customer" : "Add Customer"}
      size="xl"
      centered
    >
      {opened ? <CustomerForm key={customer?.id ?? "new"} customer={customer} onDone={onClose} /> : null}
    </Modal>
  );
}

const STATUS_OPTIONS = INITIAL_BOOKING_STATUSES.map((status) => ({ value: status, label: status }));

function CustomerForm({ customer, onDone }: { customer: LocalCustomer | null; onDone: () => void }) {
  const schema = useMemo(() => createCustomerFormSchema(), []);
  const form = useForm<CustomerFormInput, unknown, CustomerFormOutput>({
    resolver: zodResolver(schema),
    defaultValues: customer ? customerFormOf(customer) : EMPTY_CUSTOMER_FORM,
  });
  const { control, handleSubmit } = form;
  const cars = useAdminCars();
  const carOptions = useMemo(
    () => [
      { value: NO_CAR, label: "None (no booking)" },
      ...(cars ?? []).map((car) => ({
        value: car.id,
        label: `${car.name} · ${formatPeso(car.dailyRate)}/day`,
      })),
    ],
    [cars],
  );

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
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
                <Controller
                  control={control}
                  name="carId"
                  render={({ field }) => (
                    <NativeSelect
                      label="Car"
                      size="md"
                      data={carOptions}
                      value={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.value || NO_CAR)}
                      onBlur={field.onBlur}
                      ref={field.ref}
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
                  control={control}
                  name="status"
                  render={({ field }) => (
                    <NativeSelect
                      label="Payment Status"
                      size="md"
                      data={STATUS_OPTIONS}
                      value={field.value}
                      onChange={(event) => {
                        const value = event.currentTarget.value;
                        if (isInitialBookingStatus(value)) field.onChange(value);
                      }}
                      onBlur={field.onBlur}
                      ref={field.ref}
                    />
                  )}
                />
              </SimpleGrid>
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
  );
}
