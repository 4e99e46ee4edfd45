import { createFileRoute } from "@tanstack/react-router";
import { MyBookingPage } from "../features/my-booking/my-booking-page";

/** `?ref=…&token=…` (the confirmation e-mail's link) opens the booking without typing. */
type MyBookingSearch = { ref?: string; token?: string };

export const Route = createFileRoute("/my-booking")({
  validateSearch: (search: Record<string, unknown>): MyBookingSearch => ({
    ...(typeof search.ref === "string" && search.ref !== "" ? { ref: search.ref } : {}),
    ...(typeof search.token === "string" && search.token !== "" ? { token: search.token } : {}),
  }),
  component: MyBookingPage,
});
