import type { Dispatch, FormEvent, SetStateAction } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { TimeSlot } from "@car-rental/shared/constants";
import { GENERIC_FAILURE, bookingToasts, validationMessages } from "@car-rental/shared/messages";
import type { PriceSummary } from "@car-rental/shared/pricing";
import {
  toPublicBookingRequest,
  type BookingFormInput,
  type BookingFormValues,
  type PublicBookingResponse,
} from "@car-rental/shared/schemas/booking";
import type { Car } from "@car-rental/shared/schemas/car";
import { datesUnavailableDetailsSchema, priceChangedDetailsSchema } from "@car-rental/shared/schemas/error";
import { ApiError, NetworkError, api, describeError } from "../../data/api-client";
import { keepNewBooking } from "../../data/my-bookings";
import { refreshBookedRanges, refreshCars, refreshRates } from "../../data/public-data";
import { showToast } from "../../lib/toast";
import { noDocuments, type DocumentUploads } from "../uploads/use-document-uploads";
import { bookingAttemptKey, forgetBookingAttempt, isUnansweredBookingAttempt } from "./booking-attempt";
import { emptyBookingForm } from "./booking-draft";
import { NO_ANSWER_MESSAGE, OFFLINE_MESSAGE, type Problem } from "./booking-problem";

/** The daily rate the server quoted after a PRICE_CHANGED answer, for this car. */
export type ServerRate = { carId: string; dailyRate: string };

type SubmissionInput = {
  form: UseFormReturn<BookingFormInput, unknown, BookingFormValues>;
  car: Car | null;
  isBlocked: boolean;
  markBlocked: (fullName: string) => void;
  uploads: DocumentUploads;
  /** The pickup times offered for the chosen dates (RentalSchedule keeps it up to date). */
  freeSlots: { readonly current: readonly TimeSlot[] };
  currentQuote: PriceSummary;
  draft: { saveNow: () => Promise<void>; forget: () => Promise<void>; resume: () => void };
  setProblem: Dispatch<SetStateAction<Problem | null>>;
  setServerRate: Dispatch<SetStateAction<ServerRate | null>>;
  /** The form was emptied after a booking (the memoized fields remount). */
  onReset: () => void;
  onBooked: (result: PublicBookingResponse) => void;
};

/**
 * Answers that refuse the booking itself. Not those given before the server
 * looked at the key, where the booking may exist: a rate limit (429), a
 * timeout (408), the first request still running, or its key used from
 * another address (a phone that reconnected with a new one). The attempt then
 * stays, and Book Now sends the same request again.
 */
export function refusedTheBooking(error: ApiError): boolean {
  if (error.status >= 500 || error.status === 408 || error.status === 429) return false;
  return error.code !== "IDEMPOTENCY_IN_PROGRESS" && error.code !== "IDEMPOTENCY_KEY_REUSED";
}

/** How long a booking may wait for the server's answer on a poor connection. */
const BOOKING_SEND_TIMEOUT_MS = 30_000;

/**
 * Sending the booking (spec §5, §8): the checks the server would refuse
 * anyway (no car, blocked name, offline, documents, a taken pickup time),
 * `POST /api/bookings`, and what each refusal changes in the form.
 */
export function useBookingSubmission(
  input: SubmissionInput,
): (event: FormEvent<HTMLFormElement>) => Promise<void> {
  const { form, car, isBlocked, markBlocked, uploads, freeSlots, currentQuote, draft } = input;
  const { setProblem, setServerRate, onReset, onBooked } = input;

  const handleFailure = (error: unknown, formValues: BookingFormValues, bookedCarId: string) => {
    console.error("Booking failed", error);
    // The server judged this request and refused it: settled (sent again, it is judged afresh).
    if (error instanceof ApiError && refusedTheBooking(error)) forgetBookingAttempt();
    if (error instanceof NetworkError) {
      // Offline, or the request went and its answer was lost: the same request again is safe (same key).
      const offline = !navigator.onLine;
      setProblem({ kind: offline ? "offline" : "no-answer" });
      showToast(bookingToasts.failed, "error", offline ? OFFLINE_MESSAGE : NO_ANSWER_MESSAGE);
      return;
    }
    const message = describeError(error, GENERIC_FAILURE);
    if (error instanceof ApiError && error.code === "PRICE_CHANGED") {
      const details = priceChangedDetailsSchema.safeParse(error.details);
      if (details.success) {
        setServerRate({ carId: bookedCarId, dailyRate: details.data.quote.dailyRate });
        setProblem({ kind: "price", quote: details.data.quote, message });
      }
      void refreshCars().catch(() => undefined);
      // The rates may have changed too (release-2 §E1): the summary re-prices with the fresh ones.
      void refreshRates().catch(() => undefined);
    } else if (error instanceof ApiError && error.code === "DATES_UNAVAILABLE") {
      const details = datesUnavailableDetailsSchema.safeParse(error.details);
      if (details.success) console.info("Dates taken by", details.data.ranges);
      setProblem({ kind: "dates", message });
      form.setValue("pickupDate", "");
      form.setValue("returnDate", "");
      void refreshBookedRanges(bookedCarId).catch(() => undefined);
    } else if (error instanceof ApiError && error.code === "NAME_BLOCKED") {
      markBlocked(formValues.fullName);
      showToast(bookingToasts.notAllowed, "error");
      return;
    } else if (error instanceof ApiError && error.code === "CAR_UNAVAILABLE") {
      void refreshCars().catch(() => undefined);
    } else if (error instanceof ApiError && error.code === "DOCUMENT_ALREADY_USED") {
      // These uploads belong to another booking (release 2 A3), e.g. one made from another tab with
      // the same draft: the fields empty, and the message asks for the files again.
      uploads.replaceAll(noDocuments);
    }
    showToast(bookingToasts.failed, "error", message);
  };

  const send = async (formValues: BookingFormValues) => {
    if (!car) {
      showToast(bookingToasts.noCarSelected, "error");
      return;
    }
    if (isBlocked) {
      showToast(bookingToasts.notAllowed, "error");
      return;
    }
    // Offline first: uploads and the booking both need the server.
    if (!navigator.onLine) {
      setProblem({ kind: "offline" });
      showToast(bookingToasts.failed, "error", OFFLINE_MESSAGE);
      return;
    }
    if (!uploads.allUploaded) {
      showToast(bookingToasts.documentsRequired, "error");
      return;
    }
    const { documents } = uploads;
    const body = toPublicBookingRequest(formValues, car.id, currentQuote, {
      photoId1Url: documents.photoId1Url?.objectPath ?? null,
      photoId2Url: documents.photoId2Url?.objectPath ?? null,
      proofOfBillingUrl: documents.proofOfBillingUrl?.objectPath ?? null,
    });
    // The request sent last without an answer goes again as it was, even when (after a reload)
    // the calendar shows its time as taken: taken by the booking the server may have made from it.
    if (!isUnansweredBookingAttempt(body) && !freeSlots.current.includes(formValues.pickupTime)) {
      form.setError("pickupTime", { message: validationMessages.invalidPickupTime });
      return;
    }
    await draft.saveNow();
    try {
      const result = await api.call("createBooking", {
        body,
        idempotencyKey: bookingAttemptKey(body),
        // A connection that hangs is no answer: the visitor is told so and can press Book Now again.
        signal: AbortSignal.timeout(BOOKING_SEND_TIMEOUT_MS),
      });
      // The booking is made: forget the draft before anything can save it again.
      forgetBookingAttempt();
      await draft.forget();
      setProblem(null);
      setServerRate(null);
      form.reset(emptyBookingForm);
      onReset();
      uploads.replaceAll(noDocuments);
      draft.resume();
      showToast(bookingToasts.confirmed, "success");
      onBooked(result);
      void refreshBookedRanges(car.id).catch(() => undefined);
      // My booking lists it on this device (a lost answer here only means it is looked up later).
      void keepNewBooking(result.booking.reference, result.bookingToken).catch(() => undefined);
    } catch (error) {
      handleFailure(error, formValues, car.id);
    }
  };

  // Without a car there is nothing to validate yet: say so first (spec §5).
  return (event: FormEvent<HTMLFormElement>) => {
    if (car) return form.handleSubmit(send)(event);
    event.preventDefault();
    showToast(bookingToasts.noCarSelected, "error");
    return Promise.resolve();
  };
}
