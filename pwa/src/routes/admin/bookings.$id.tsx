import { createFileRoute, useRouterState } from "@tanstack/react-router";
import { itemIdOf } from "../../features/admin/frame/admin-paths";
import { BookingDetails } from "../../features/admin/bookings/booking-details";

function BookingDetailsRoute() {
  const id = useRouterState({ select: (state) => itemIdOf(state.location.pathname) });
  return <BookingDetails id={id} />;
}

export const Route = createFileRoute("/admin/bookings/$id")({
  component: BookingDetailsRoute,
});
