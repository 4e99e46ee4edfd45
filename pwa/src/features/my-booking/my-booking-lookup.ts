/**
 * What My booking does with the server and the browser's database: looking a
 * booking up (offline, the copy kept from an earlier visit), keeping the
 * latest answer, and checking the form with its schema. Loaded when the page
 * is used (use-my-booking.ts), not with its first view.
 */
import { GENERIC_FAILURE } from "@car-rental/shared/messages";
import { normalizeBookingReference } from "@car-rental/shared/booking-reference";
import {
  myBookingFormSchema,
  myBookingMessages,
  type BookingLookupBody,
  type MyBooking,
  type MyBookingFormValues,
} from "@car-rental/shared/schemas/my-booking";
import {
  ApiError,
  NetworkError,
  api as appApi,
  describeError,
  isServerUnreachable,
  type ApiClient,
} from "../../data/api-client";
import { keptMyBooking, saveMyBooking } from "../../data/my-bookings";

export const OFFLINE_NOT_KEPT =
  "You are offline, and this booking was not opened on this device before. Please try again when you are online.";

export type ShownBooking = {
  answer: MyBooking;
  /** Read from the browser's database: the server could not be reached. */
  offline: boolean;
};

/** A lookup's outcome: the booking to show, or why there is none (the server's words). */
export type LookupOutcome = { shown: ShownBooking } | { problem: string; keepShown: boolean };

/** Keeps the server's latest answer, so the page opens it again offline. */
export async function keepBooking(answer: MyBooking): Promise<void> {
  await saveMyBooking(answer).catch((error: unknown) => console.error("Keeping the booking failed", error));
}

/** The copy of the booking kept on this device, if any. */
async function keptCopy(body: BookingLookupBody) {
  const reference = normalizeBookingReference(body.reference);
  return reference ? await keptMyBooking(reference).catch(() => undefined) : undefined;
}

/** A spotty connection gets this long to answer a lookup; then the kept copy is shown. */
export const LOOKUP_TIMEOUT_MS = 12_000;

/**
 * Looks the booking up and keeps it. When the server cannot be reached (no
 * connection, no answer within `timeoutMs`, or only its proxy answering), the
 * copy kept from an earlier visit, marked as offline.
 */
export async function lookUpBooking(
  body: BookingLookupBody,
  api: ApiClient = appApi,
  timeoutMs = LOOKUP_TIMEOUT_MS,
): Promise<LookupOutcome> {
  // A booking cancelled on this device: its token stopped working (release-2 A3), so the copy kept
  // when it was cancelled is all there is to show (asking would only count as a failed lookup).
  if (body.bookingToken !== undefined) {
    const copy = await keptCopy(body);
    if (copy?.answer.booking.status === "cancelled" && copy.answer.bookingToken === body.bookingToken) {
      return { shown: { answer: copy.answer, offline: false } };
    }
  }
  try {
    const answer = await api.call("lookupBooking", { body, signal: AbortSignal.timeout(timeoutMs) });
    await keepBooking(answer);
    return { shown: { answer, offline: false } };
  } catch (error) {
    // No answer within the timeout is a NetworkError too (api-client.ts).
    const noAnswer = error instanceof NetworkError;
    if (isServerUnreachable(error)) {
      const copy = await keptCopy(body);
      if (copy) return { shown: { answer: copy.answer, offline: true } };
      if (noAnswer) return { problem: OFFLINE_NOT_KEPT, keepShown: true };
    }
    if (body.bookingToken !== undefined && error instanceof ApiError && error.code === "BOOKING_NOT_FOUND") {
      // The link's token no longer works: cancelled (perhaps by a cancellation whose answer was
      // lost), or 30 days past the return. The copy kept here names the e-mail it was booked with:
      // asked with that, the server shows the booking as it is now.
      const copy = await keptCopy(body);
      if (copy)
        return lookUpBooking(
          { reference: body.reference, contact: copy.answer.customer.email },
          api,
          timeoutMs,
        );
      return { problem: myBookingMessages.linkNoLongerOpens, keepShown: false };
    }
    if (!(error instanceof ApiError)) console.error("Booking lookup failed", error);
    return { problem: describeError(error, GENERIC_FAILURE), keepShown: false };
  }
}

export type FindFormErrors = Partial<Record<keyof MyBookingFormValues, string>>;

/** The form's values as the schema reads them (trimmed), or the message of each field in error. */
export function checkFindForm(
  values: Record<keyof MyBookingFormValues, string>,
): { values: MyBookingFormValues } | { errors: FindFormErrors } {
  const result = myBookingFormSchema.safeParse(values);
  if (result.success) return { values: result.data };
  const errors: FindFormErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === "reference" || field === "contact") && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return { errors };
}
