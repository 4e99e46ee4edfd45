import * as z from "zod";
import { DISTANCE_SERVICES, DRIVER_SERVICES } from "@car-rental/shared/constants";
import { isTimeSlot } from "@car-rental/shared/availability";
import type { BookingFormInput } from "@car-rental/shared/schemas/booking";
import { db } from "../../data/db";
import { noDocuments, type UploadedDocuments } from "../uploads/use-document-uploads";

/** The drafts-table key of the booking form. */
export const BOOKING_DRAFT_KEY = "booking-form";

/** The form's empty state. */
export const emptyBookingForm: Required<BookingFormInput> = {
  fullName: "",
  email: "",
  phone: "",
  license: "",
  facebookProfile: "",
  pickupDate: "",
  returnDate: "",
  pickupTime: "9:00 AM",
  driverService: "none",
  distanceService: "none",
  wantsDelivery: false,
  deliveryAddress: "",
  acceptTerms: false,
};

/**
 * What a reload keeps of an unfinished booking: the car, what was typed, and
 * the object paths of uploaded documents (never the files themselves).
 */
export type BookingDraft = {
  carId: string | null;
  values: Required<BookingFormInput>;
  documents: UploadedDocuments;
};

// A draft is read back leniently: a field that no longer fits falls back to empty.
const text = z.string().max(2000).catch("");
const uploaded = z
  .object({ objectPath: z.string().startsWith("/objects/"), fileName: z.string() })
  .nullable()
  .catch(null);
const draftSchema = z.object({
  carId: z.string().nullable().catch(null),
  values: z
    .object({
      fullName: text,
      email: text,
      phone: text,
      license: text,
      facebookProfile: text,
      pickupDate: text,
      returnDate: text,
      pickupTime: z.string().refine(isTimeSlot).catch("9:00 AM"),
      driverService: z.enum(DRIVER_SERVICES).catch("none"),
      distanceService: z.enum(DISTANCE_SERVICES).catch("none"),
      wantsDelivery: z.boolean().catch(false),
      deliveryAddress: text,
      acceptTerms: z.boolean().catch(false),
    })
    .catch(emptyBookingForm),
  documents: z
    .object({ photoId1Url: uploaded, photoId2Url: uploaded, proofOfBillingUrl: uploaded })
    .catch(noDocuments),
});

/**
 * The saved draft, or null. Dates before `today` are dropped: a past pickup
 * cannot be booked any more.
 */
export async function loadBookingDraft(today: string): Promise<BookingDraft | null> {
  try {
    const row = await db.drafts.get(BOOKING_DRAFT_KEY);
    if (!row) return null;
    const parsed = draftSchema.safeParse(row.values);
    if (!parsed.success) return null;
    const draft = parsed.data;
    const { pickupTime, ...values } = draft.values;
    const form: Required<BookingFormInput> = {
      ...values,
      pickupTime: isTimeSlot(pickupTime) ? pickupTime : "9:00 AM",
    };
    if (form.pickupDate !== "" && form.pickupDate < today) {
      form.pickupDate = "";
      form.returnDate = "";
    }
    return { carId: draft.carId, values: form, documents: draft.documents };
  } catch (error) {
    // IndexedDB unavailable (private mode, blocked storage): start empty.
    console.warn("Could not read the booking draft", error);
    return null;
  }
}

export async function saveBookingDraft(draft: BookingDraft): Promise<void> {
  try {
    await db.drafts.put({ key: BOOKING_DRAFT_KEY, values: draft, updatedAt: new Date().toISOString() });
  } catch (error) {
    console.warn("Could not save the booking draft", error);
  }
}

export async function clearBookingDraft(): Promise<void> {
  try {
    await db.drafts.delete(BOOKING_DRAFT_KEY);
  } catch (error) {
    console.warn("Could not clear the booking draft", error);
  }
}
