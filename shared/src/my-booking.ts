/**
 * My booking's words and address (release-2 §D2): what the page's first view
 * shows, without zod. Apart from schemas/my-booking.ts (which re-exports them)
 * so that the prerendered page hydrates without evaluating the schemas; they
 * load when the form is used.
 */

export const myBookingLabels = {
  nav: "My Booking",
  title: "My booking",
  reference: "Booking reference",
  contact: "E-mail or phone",
  find: "Find booking",
  cancel: "Cancel booking",
  addToCalendar: "Add to calendar",
  uploadDocuments: "Upload documents",
} as const;

export const myBookingMessages = {
  referenceRequired: "Booking reference is required",
  contactRequired: "E-mail or phone is required",
  /**
   * A link's token the server no longer takes (release-2 A3: it stops when the booking is cancelled
   * and 30 days after its return date), and no copy on the device names the e-mail to ask with.
   */
  linkNoLongerOpens:
    "This link no longer opens the booking: a link stops working once its booking is cancelled, and 30 days after its return date. Enter the e-mail address or phone number you booked with to see it.",
} as const;

/** The page that opens a booking without typing (the confirmation e-mail's link). */
export function myBookingPath(reference: string, bookingToken: string): string {
  return `/my-booking?${new URLSearchParams({ ref: reference, token: bookingToken }).toString()}`;
}
