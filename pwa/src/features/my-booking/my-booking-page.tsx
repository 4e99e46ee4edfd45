import "@mantine/core/styles/Alert.css";
import { Alert, Anchor, Button, Container, Stack, Text, Title } from "@mantine/core";
import { IconAlertCircle, IconArrowLeft } from "@tabler/icons-react";
import { getRouteApi } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect } from "react";
import { formatLongDate } from "@car-rental/shared/dates";
import { myBookingLabels, myBookingPath } from "@car-rental/shared/schemas/my-booking";
import { keptMyBookings } from "../../data/my-bookings";
import { usePageTitle } from "../../lib/page-title";
import { FindBookingForm } from "./find-booking-form";
import { MyBookingDetails } from "./my-booking-details";
import { useMyBooking } from "./use-my-booking";

const route = getRouteApi("/my-booking");

/** The bookings opened on this device before: each opens again without typing (and offline). */
function KeptBookings() {
  const kept = useLiveQuery(() => keptMyBookings().catch(() => []), []);
  if (!kept || kept.length === 0) return null;
  return (
    <section aria-label="Bookings opened on this device">
      <Text fw={700} mb={4}>
        Opened on this device
      </Text>
      <Stack gap={4}>
        {kept.map((row) => (
          <Anchor key={row.id} href={myBookingPath(row.reference, row.answer.bookingToken)}>
            {row.reference}: {row.answer.booking.carName}, {formatLongDate(row.answer.booking.pickupDate)}
          </Anchor>
        ))}
      </Stack>
    </section>
  );
}

/**
 * My booking (release-2 §D2, §D3): find a booking by its reference and the
 * e-mail or phone it was made with, or open it from the confirmation
 * e-mail's link (`?ref=…&token=…`) without typing; see its status, payments
 * and documents; cancel it, add it to a calendar, add missing documents. A
 * booking opened here before is shown offline from the browser's database.
 */
export function MyBookingPage() {
  usePageTitle(myBookingLabels.nav);
  const { ref, token } = route.useSearch();
  const state = useMyBooking();
  const { find } = state;

  useEffect(() => {
    if (ref && token) void find({ reference: ref, bookingToken: token });
  }, [ref, token, find]);

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1}>{myBookingLabels.title}</Title>
        {state.problem && (
          <Alert color="red" role="alert" icon={<IconAlertCircle size={20} aria-hidden="true" />}>
            {state.problem}
          </Alert>
        )}
        {state.shown ? (
          <>
            <MyBookingDetails shown={state.shown} onChanged={state.replace} />
            <Button
              variant="subtle"
              leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
              onClick={state.close}
              w="fit-content"
            >
              Find another booking
            </Button>
          </>
        ) : (
          <>
            <Text>
              Enter your booking reference (for example ACR-7K3Q9P, on your confirmation) and the e-mail
              address or phone number you booked with.
            </Text>
            <FindBookingForm busy={state.busy} onFind={(values) => find(values)} />
            <KeptBookings />
          </>
        )}
      </Stack>
    </Container>
  );
}
