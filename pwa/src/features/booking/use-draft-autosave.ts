import { useCallback, useEffect, useRef } from "react";
import type { UseFormGetValues } from "react-hook-form";
import type { BookingFormInput } from "@car-rental/shared/schemas/booking";
import type { UploadedDocuments } from "../uploads/use-document-uploads";
import { clearBookingDraft, emptyBookingForm, saveBookingDraft, type BookingDraft } from "./booking-draft";

/** How long typing must pause before the draft is saved. */
const DRAFT_SAVE_DELAY_MS = 500;

type DraftSource = {
  carId: string | null;
  /** Changes with every edit of the form (useWatch's answer): a new value schedules a save. */
  values: unknown;
  getValues: UseFormGetValues<BookingFormInput>;
  documents: UploadedDocuments;
};

/**
 * The booking form's draft in IndexedDB: saved a moment after the last
 * change (never the files themselves), and once more when the form unmounts,
 * so a reload or a lost connection keeps what was typed. `forget()` deletes
 * it after a booking and holds saving off until `resume()`: the reset form
 * must not be saved over the cleared draft halfway.
 */
export function useDraftAutosave({ carId, values, getValues, documents }: DraftSource) {
  const saveTimer = useRef<number | undefined>(undefined);
  const enabled = useRef(true);
  const latest = useRef<BookingDraft | null>(null);

  useEffect(() => {
    latest.current = { carId, values: { ...emptyBookingForm, ...getValues() }, documents };
    if (!enabled.current) return;
    window.clearTimeout(saveTimer.current);
    saveTimer.current = window.setTimeout(() => {
      if (enabled.current && latest.current) void saveBookingDraft(latest.current);
    }, DRAFT_SAVE_DELAY_MS);
  }, [values, documents, carId, getValues]);

  // Leaving the page section (e.g. another route) still keeps the last keystrokes.
  useEffect(
    () => () => {
      window.clearTimeout(saveTimer.current);
      if (enabled.current && latest.current) void saveBookingDraft(latest.current);
    },
    [],
  );

  // Closing or reloading the page does not unmount it: what was typed in the last moment is saved now.
  useEffect(() => {
    const flush = () => {
      window.clearTimeout(saveTimer.current);
      if (enabled.current && latest.current) void saveBookingDraft(latest.current);
    };
    window.addEventListener("pagehide", flush);
    return () => window.removeEventListener("pagehide", flush);
  }, []);

  /**
   * Saves at once what is about to be sent: after a reload the form holds the
   * same request, which goes again under the same key (booking-attempt.ts).
   */
  const saveNow = useCallback(async () => {
    window.clearTimeout(saveTimer.current);
    if (enabled.current && latest.current) await saveBookingDraft(latest.current);
  }, []);

  const forget = useCallback(async () => {
    enabled.current = false;
    window.clearTimeout(saveTimer.current);
    await clearBookingDraft();
  }, []);
  const resume = useCallback(() => {
    enabled.current = true;
  }, []);

  return { saveNow, forget, resume };
}
