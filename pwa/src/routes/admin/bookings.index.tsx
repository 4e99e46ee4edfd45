import { createFileRoute } from "@tanstack/react-router";
import { BookingsTab } from "../../features/admin/bookings/bookings-tab";

export const Route = createFileRoute("/admin/bookings/")({
  component: BookingsTab,
});
