import { useCallback, useState } from "react";
import { GENERIC_FAILURE } from "@car-rental/shared/messages";
import { normalizeBookingReference } from "@car-rental/shared/booking-reference";
import type { BookingLookupBody, MyBooking } from "@car-rental/shared/schemas/my-booking";
import { ApiError, NetworkError, api as appApi, describeError, type ApiClient } from "../../data/api-client";
import { keptMyBooking, saveMyBooking } from "../../data/my-bookings";

export const OFFLINE_NOT_KEPT =
  "You are offline, and this booking was not opened on this device before. Please try again when you are online.";

export type ShownBooking = {
  answer: MyBooking;
  /** Read from the browser's database: the server could not be reached. */
  offline: boolean;
};

export type MyBookingState = {
  shown: ShownBooking | null;
  /** Why the last lookup found nothing (the server's words), or null. */
  problem: string | null;
  busy: boolean;
  /** Looks the booking up; offline, shows the copy kept from an earlier visit. */
  find: (body: BookingLookupBody) => Promise<void>;
  /** Shows a newer answer (after a cancellation or an upload) and keeps it. */
  replace: (answer: MyBooking) => Promise<void>;
  close: () => void;
};

/** My booking's state: the booking on screen, and its lookup online or from the kept copy. */
export function useMyBooking(api: ApiClient = appApi): MyBookingState {
  const [shown, setShown] = useState<ShownBooking | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const replace = useCallback(async (answer: MyBooking) => {
    setShown({ answer, offline: false });
    await saveMyBooking(answer).catch((error: unknown) => console.error("Keeping the booking failed", error));
  }, []);

  const find = useCallback(
    async (body: BookingLookupBody) => {
      setBusy(true);
      setProblem(null);
      try {
        const answer = await api.call("lookupBooking", { body });
        await replace(answer);
      } catch (error) {
        if (error instanceof NetworkError) {
          const reference = normalizeBookingReference(body.reference);
          const kept = reference ? await keptMyBooking(reference).catch(() => undefined) : undefined;
          if (kept) setShown({ answer: kept.answer, offline: true });
          else setProblem(OFFLINE_NOT_KEPT);
        } else {
          if (!(error instanceof ApiError)) console.error("Booking lookup failed", error);
          setShown(null);
          setProblem(describeError(error, GENERIC_FAILURE));
        }
      } finally {
        setBusy(false);
      }
    },
    [api, replace],
  );

  const close = useCallback(() => {
    setShown(null);
    setProblem(null);
  }, []);

  return { shown, problem, busy, find, replace, close };
}
