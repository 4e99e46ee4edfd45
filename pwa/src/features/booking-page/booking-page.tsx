import { Container, Text, Title } from "@mantine/core";
import { Suspense, useDeferredValue } from "react";
import { loadDataLibraries } from "../../lib/data-libraries";
import { usePageTitle } from "../../lib/page-title";
import classes from "./booking-page.module.css";
import { lazyRetrying } from "../../lib/lazy-retrying";

// The list and the form load after the page frame, their data libraries first (lib/data-libraries).
const slots = () => loadDataLibraries().then(() => import("./booking-page-slots"));
const BookingVehicleListSlot = lazyRetrying(() =>
  slots().then((m) => ({ default: m.BookingVehicleListSlot })),
);
const BookingFormSlot = lazyRetrying(() => slots().then((m) => ({ default: m.BookingFormSlot })));

/** /booking (spec §2): the vehicle list on the left, the booking form on the right on wide screens. */
export function BookingPage() {
  usePageTitle("Book a Car");
  // The list and the form read the browser's data (IndexedDB, the API): the
  // prerendered HTML holds the page frame. They render right after the first
  // render (the hydration), in a deferred render that yields to the browser.
  const hydrated = useDeferredValue(true, false);
  return (
    <Container size="lg" py={{ base: 32, md: 56 }}>
      <div className={classes.intro}>
        <Title order={1} fz={{ base: 32, md: 42 }}>
          Book a Car
        </Title>
        <Text c="dimmed" size="lg" mt="xs">
          Choose a vehicle, then fill in your details and rental dates.
        </Text>
      </div>
      <div className={classes.layout}>
        <section aria-labelledby="booking-vehicles-heading" className={classes.vehicles}>
          <Title order={2} id="booking-vehicles-heading" className={classes.columnTitle}>
            Choose Your Vehicle
          </Title>
          {hydrated ? (
            <Suspense fallback={<div className={classes.slotPending} />}>
              <BookingVehicleListSlot />
            </Suspense>
          ) : (
            <div className={classes.slotPending} />
          )}
        </section>
        <section aria-labelledby="booking-form-heading" className={classes.form}>
          <Title order={2} id="booking-form-heading" className={classes.columnTitle}>
            Booking Details
          </Title>
          {hydrated ? (
            <Suspense fallback={<div className={classes.slotPending} />}>
              <BookingFormSlot />
            </Suspense>
          ) : (
            <div className={classes.slotPending} />
          )}
        </section>
      </div>
    </Container>
  );
}
