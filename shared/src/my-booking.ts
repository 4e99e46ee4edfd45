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
} as const;

/** The page that opens a booking without typing (the confirmation e-mail's link). */
export function myBookingPath(reference: string, bookingToken: string): string {
  return `/my-booking?${new URLSearchParams({ ref: reference, token: bookingToken }).toString()}`;
}
