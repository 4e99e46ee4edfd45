import { createFileRoute } from "@tanstack/react-router";
import { BookingPage } from "../features/booking-page/booking-page";

export const Route = createFileRoute("/booking")({
  component: BookingPage,
});
