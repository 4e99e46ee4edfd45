import { Container, Text, Title } from "@mantine/core";
import { usePageTitle } from "../../lib/page-title";
import classes from "./booking-page.module.css";
import { BookingFormSlot, BookingVehicleListSlot } from "./booking-page-slots";

/** /booking (spec §2): the vehicle list on the left, the booking form on the right on wide screens. */
export function BookingPage() {
  usePageTitle("Book a Car");
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
          <BookingVehicleListSlot />
        </section>
        <section aria-labelledby="booking-form-heading" className={classes.form}>
          <Title order={2} id="booking-form-heading" className={classes.columnTitle}>
            Booking Details
          </Title>
          <BookingFormSlot />
        </section>
      </div>
    </Container>
  );
}
