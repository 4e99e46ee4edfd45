import { Stack } from "@mantine/core";
import { useState } from "react";
import { useCustomers } from "../../../data/admin-data";
import type { LocalCustomer } from "../../../data/db";
import { AddPaymentDialog, type PaymentTarget } from "../bookings/add-payment-dialog";
import { NO_FILTERS } from "../bookings/booking-filters";
import { OlderBookings } from "../bookings/older-bookings";
import { NotOnFile } from "../frame/not-on-file";
import { paymentSummary } from "../frame/payment-rules";
import { CustomerCard } from "./customer-card";
import { CustomerFormDialog } from "./customer-form-dialog";
import { NewBookingDialog } from "./new-booking-dialog";

/** `/admin/customers/$id`: one customer's card (edit and Add Payment included), from the device's copy. */
export function CustomerDetails({ id }: { id: string }) {
  const customers = useCustomers();
  const [editing, setEditing] = useState<LocalCustomer | null>(null);
  const [bookingFor, setBookingFor] = useState<LocalCustomer | null>(null);
  const [paymentTarget, setPaymentTarget] = useState<PaymentTarget | null>(null);
  const customer = customers?.find((candidate) => candidate.id === id);

  if (!customer)
    return <NotOnFile loading={customers === undefined} what="customer" backTo="/admin/customers" />;
  return (
    <Stack gap="md">
      <CustomerCard
        customer={customer}
        linked={false}
        onEdit={() => setEditing(customer)}
        onNewBooking={() => setBookingFor(customer)}
        onAddPayment={(booking) =>
          setPaymentTarget({
            id: booking.id,
            customerName: booking.customerName,
            carName: booking.carName,
            total: booking.total,
            balance: paymentSummary(booking.total, booking.amountPaid).balance,
          })
        }
      />
      {/* The card lists the tablet's bookings; the older ones stay on the server (issue #23). */}
      <OlderBookings filters={NO_FILTERS} noLocalMatch={false} customerId={customer.id} />
      <CustomerFormDialog opened={editing !== null} customer={editing} onClose={() => setEditing(null)} />
      <NewBookingDialog customer={bookingFor} onClose={() => setBookingFor(null)} />
      <AddPaymentDialog target={paymentTarget} onClose={() => setPaymentTarget(null)} />
    </Stack>
  );
}
