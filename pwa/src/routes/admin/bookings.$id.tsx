import { createFileRoute } from "@tanstack/react-router";
import { BookingDetails } from "../../features/admin/bookings/booking-details";

function BookingDetailsRoute() {
  const { id } = Route.useParams();
  return <BookingDetails id={id} />;
}

export const Route = createFileRoute("/admin/bookings/$id")({
  component: BookingDetailsRoute,
});
