import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { validationMessages } from "../messages";
import { quote } from "../pricing";
import {
  adminBookingInputSchema,
  bookedRangeSchema,
  bookingFormSchema,
  bookingStatusInputSchema,
  bookingViewSchema,
  createBookingFormSchema,
  publicBookingRequestSchema,
  publicBookingResponseSchema,
  toPublicBookingRequest,
} from "./booking";

function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join(".") === path).map((issue) => issue.message);
}

const carId = "0b6f9f2e-6a1f-4a43-9a55-0d3c5b8e1a11";

const validRequest = {
  customer: {
    fullName: "Juan Dela Cruz",
    email: "juan@example.ph",
    phone: "09171234567",
    license: "N01-23-456789",
  },
  booking: {
    carId,
    pickupDate: "2026-11-21",
    returnDate: "2026-11-24",
    pickupTime: "1:00 PM",
    withDriver: true,
    driverService: "within_pangasinan",
    distanceService: "over_250km_800",
    wantsDelivery: false,
    deliveryAddress: null,
    totalDays: 3,
    dailyRate: 2500,
    driverFee: "4500",
    subtotal: "7500.00",
    insurance: 500,
    total: "14900",
  },
};

describe("publicBookingRequestSchema", () => {
  it("keeps the licence optional on the API, as the spec's request has it (the form asks for it)", () => {
    const selfDrive = { ...validRequest.booking, driverService: "none" };
    for (const license of [null, "  ", undefined]) {
      const body = { ...validRequest, customer: { ...validRequest.customer, license }, booking: selfDrive };
      const parsed = publicBookingRequestSchema.safeParse(body);
      expect(parsed.success).toBe(true);
      expect(parsed.data?.customer.license ?? null).toBeNull();
    }
  });

  it("parses the spec's payload, normalizing money and defaults", () => {
    const parsed = publicBookingRequestSchema.parse({
      ...validRequest,
      booking: { ...validRequest.booking, pickupTime: undefined, deliveryAddress: "ignored" },
    });
    expect(parsed.booking).toMatchObject({
      pickupTime: "9:00 AM",
      dailyRate: "2500.00",
      total: "14900.00",
      withDriver: true,
      deliveryAddress: null,
    });
    expect(parsed.customer.license).toBe("N01-23-456789");
    expect(parsed.customer.facebookProfile).toBeNull();
    expect(parsed.documents).toBeUndefined();
  });

  it("derives withDriver from the driver service", () => {
    const parsed = publicBookingRequestSchema.parse({
      ...validRequest,
      booking: { ...validRequest.booking, driverService: "none", withDriver: true },
    });
    expect(parsed.booking.withDriver).toBe(false);
  });

  it("uses the spec's messages", () => {
    const bad = {
      customer: { fullName: " J ", email: "juan@", phone: "0917" },
      booking: { ...validRequest.booking, pickupDate: "", returnDate: undefined },
    };
    expect(messagesAt(publicBookingRequestSchema, bad, "customer.fullName")).toEqual([
      "Full name is required",
    ]);
    expect(messagesAt(publicBookingRequestSchema, bad, "customer.email")).toEqual([
      "Valid email is required",
    ]);
    expect(messagesAt(publicBookingRequestSchema, bad, "customer.phone")).toEqual([
      "Valid phone number is required",
    ]);
    expect(messagesAt(publicBookingRequestSchema, bad, "booking.pickupDate")).toEqual([
      "Pick-up date is required",
    ]);
    expect(messagesAt(publicBookingRequestSchema, bad, "booking.returnDate")).toEqual([
      "Return date is required",
    ]);
  });

  it("tells a malformed date from a missing one", () => {
    const bad = {
      ...validRequest,
      booking: { ...validRequest.booking, pickupDate: "03/01/2027", returnDate: "2027-02-30" },
    };
    expect(messagesAt(publicBookingRequestSchema, bad, "booking.pickupDate")).toEqual(["Invalid date"]);
    expect(messagesAt(publicBookingRequestSchema, bad, "booking.returnDate")).toEqual(["Invalid date"]);
    const blank = { ...validRequest, booking: { ...validRequest.booking, pickupDate: "  " } };
    expect(messagesAt(publicBookingRequestSchema, blank, "booking.pickupDate")).toEqual([
      "Pick-up date is required",
    ]);
  });

  it("requires a delivery address when delivery is wanted", () => {
    const wanted = {
      ...validRequest,
      booking: { ...validRequest.booking, wantsDelivery: true, deliveryAddress: "  " },
    };
    expect(messagesAt(publicBookingRequestSchema, wanted, "booking.deliveryAddress")).toEqual([
      validationMessages.deliveryAddressRequired,
    ]);
    const given = { ...wanted, booking: { ...wanted.booking, deliveryAddress: " Lucap Wharf " } };
    expect(publicBookingRequestSchema.parse(given).booking.deliveryAddress).toBe("Lucap Wharf");
  });

  it("refuses a return that is not after the pickup, and unknown time slots", () => {
    const sameDay = { ...validRequest, booking: { ...validRequest.booking, returnDate: "2026-11-21" } };
    expect(messagesAt(publicBookingRequestSchema, sameDay, "booking.returnDate")).toEqual([
      validationMessages.returnNotAfterPickup,
    ]);
    const badSlot = { ...validRequest, booking: { ...validRequest.booking, pickupTime: "8:00 PM" } };
    expect(messagesAt(publicBookingRequestSchema, badSlot, "booking.pickupTime")).toEqual([
      validationMessages.invalidPickupTime,
    ]);
  });

  it("ignores unknown keys (never passing them on) and rejects huge strings", () => {
    const extra = publicBookingRequestSchema.parse({
      ...validRequest,
      admin: true,
      customer: { ...validRequest.customer, id: "x", createdAt: "2026-01-01T00:00:00Z" },
      booking: { ...validRequest.booking, status: "confirmed", amountPaid: "99999" },
    });
    expect(extra).not.toHaveProperty("admin");
    expect(extra.customer).not.toHaveProperty("id");
    expect(extra.customer).not.toHaveProperty("createdAt");
    expect(extra.booking).not.toHaveProperty("status");
    expect(extra.booking).not.toHaveProperty("amountPaid");
    const huge = "x".repeat(100_000);
    for (const customer of [
      { ...validRequest.customer, fullName: huge },
      { ...validRequest.customer, email: `${huge}@example.ph` },
      { ...validRequest.customer, phone: huge },
      { ...validRequest.customer, license: huge },
    ]) {
      expect(publicBookingRequestSchema.safeParse({ ...validRequest, customer }).success).toBe(false);
    }
    const address = { ...validRequest.booking, wantsDelivery: true, deliveryAddress: huge };
    expect(publicBookingRequestSchema.safeParse({ ...validRequest, booking: address }).success).toBe(false);
  });

  it("defaults a blank or null pickup time to 9:00 AM", () => {
    for (const pickupTime of ["", null, undefined]) {
      const request = { ...validRequest, booking: { ...validRequest.booking, pickupTime } };
      expect(publicBookingRequestSchema.parse(request).booking.pickupTime, String(pickupTime)).toBe(
        "9:00 AM",
      );
    }
  });

  it("accepts the form's acceptTerms and facebookProfile wherever they are sent", () => {
    const facebook = "https://facebook.com/ana";
    for (const request of [
      { ...validRequest, acceptTerms: true, facebookProfile: facebook },
      {
        ...validRequest,
        customer: { ...validRequest.customer, acceptTerms: true, facebookProfile: facebook },
      },
      { ...validRequest, booking: { ...validRequest.booking, acceptTerms: true, facebookProfile: facebook } },
    ]) {
      const parsed = publicBookingRequestSchema.parse(request);
      expect(parsed.customer.facebookProfile).toBe(facebook);
      expect(parsed).not.toHaveProperty("acceptTerms");
      expect(parsed.customer).not.toHaveProperty("acceptTerms");
      expect(parsed.booking).not.toHaveProperty("acceptTerms");
      expect(parsed.booking).not.toHaveProperty("facebookProfile");
    }
    expect(publicBookingRequestSchema.parse(validRequest).customer.facebookProfile).toBeNull();
  });

  it("refuses acceptTerms when it is sent and not true", () => {
    for (const acceptTerms of [false, "yes", null]) {
      for (const [request, path] of [
        [{ ...validRequest, acceptTerms }, "acceptTerms"],
        [{ ...validRequest, customer: { ...validRequest.customer, acceptTerms } }, "customer.acceptTerms"],
        [{ ...validRequest, booking: { ...validRequest.booking, acceptTerms } }, "booking.acceptTerms"],
      ] as const) {
        expect(messagesAt(publicBookingRequestSchema, request, path), path).toEqual([
          validationMessages.acceptTerms,
        ]);
      }
    }
  });

  it("accepts document object paths only", () => {
    const documents = {
      photoId1Url: "/objects/documents/6c1d1e6e-2f5e-4a34-8f5e-1a2b3c4d5e6f",
      photoId2Url: "/objects/documents/b2",
      proofOfBillingUrl: null,
    };
    expect(publicBookingRequestSchema.parse({ ...validRequest, documents }).documents).toEqual(documents);
    for (const path of [
      "https://evil.example/x.png",
      "/objects/car-images/x",
      "/objects/documents/../secrets",
    ]) {
      const bad = { ...validRequest, documents: { ...documents, photoId1Url: path } };
      expect(publicBookingRequestSchema.safeParse(bad).success).toBe(false);
    }
  });
});

describe("bookingFormSchema", () => {
  const form = {
    fullName: "Maria Santos",
    email: "maria@example.ph",
    phone: "0998 765 4321",
    license: "N01-23-456789",
    facebookProfile: "",
    pickupDate: "2026-11-21",
    returnDate: "2026-11-22",
    pickupTime: "9:00 AM",
    driverService: "none",
    distanceService: "none",
    wantsDelivery: false,
    deliveryAddress: "",
    acceptTerms: true,
  };

  it("shows the 30-day rule on the return date (release 2 A4)", () => {
    expect(messagesAt(bookingFormSchema, { ...form, returnDate: "2026-12-22" }, "returnDate")).toEqual([
      "Rentals longer than 30 days: please contact us.",
    ]);
    expect(bookingFormSchema.safeParse({ ...form, returnDate: "2026-12-21" }).success).toBe(true);
  });

  it("accepts a filled form", () => {
    expect(bookingFormSchema.parse(form)).toMatchObject({ fullName: "Maria Santos", acceptTerms: true });
  });

  it("uses the spec's messages on every field", () => {
    const empty = {
      ...form,
      fullName: "",
      email: "",
      phone: "",
      pickupDate: "",
      returnDate: "",
      acceptTerms: false,
      wantsDelivery: true,
    };
    expect(messagesAt(bookingFormSchema, empty, "fullName")).toEqual(["Full name is required"]);
    expect(messagesAt(bookingFormSchema, empty, "email")).toEqual(["Valid email is required"]);
    expect(messagesAt(bookingFormSchema, empty, "phone")).toEqual(["Valid phone number is required"]);
    expect(messagesAt(bookingFormSchema, empty, "pickupDate")).toEqual(["Pick-up date is required"]);
    expect(messagesAt(bookingFormSchema, empty, "returnDate")).toEqual(["Return date is required"]);
    expect(messagesAt(bookingFormSchema, empty, "acceptTerms")).toEqual([
      "You must accept the terms and conditions",
    ]);
    expect(messagesAt(bookingFormSchema, empty, "deliveryAddress")).toEqual([
      validationMessages.deliveryAddressRequired,
    ]);
  });

  it("requires the driver's license number for self-drive only (release-2 §E3)", () => {
    expect(messagesAt(bookingFormSchema, { ...form, license: "  " }, "license")).toEqual([
      "Driver's license number is required",
    ]);
    const withDriver = { ...form, license: "", driverService: "within_pangasinan" };
    expect(bookingFormSchema.safeParse(withDriver).success).toBe(true);
  });

  it("refuses past pickups when given today", () => {
    const schema = createBookingFormSchema({ today: "2026-11-22" });
    expect(messagesAt(schema, form, "pickupDate")).toEqual([validationMessages.pickupInPast]);
    expect(createBookingFormSchema({ today: "2026-11-21" }).safeParse(form).success).toBe(true);
  });

  it("maps to the request body the server accepts", () => {
    const values = bookingFormSchema.parse({ ...form, license: "", driverService: "within_pangasinan" });
    const summary = quote({ dailyRate: "2500", ...values });
    const body = toPublicBookingRequest(values, carId, summary);
    const parsed = publicBookingRequestSchema.parse(body);
    expect(parsed.booking).toMatchObject({
      totalDays: 1,
      total: "4500.00",
      withDriver: true,
      distanceFee: "0.00",
    });
    expect(parsed.customer.license).toBeNull();
  });
});

describe("booking answers", () => {
  const view = {
    id: "5f0c8a3e-0a5b-4f0e-9a7b-2b8b1f0c9d21",
    reference: "ACR-7K3Q9P",
    createdAt: "2026-11-21T07:05:00.000Z",
    customerId: "7d3b2c1a-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
    customerName: "Juan Dela Cruz",
    customerEmail: "juan@example.ph",
    carId,
    carName: "Toyota Fortuner",
    carCategory: "Premium SUV",
    pickupDate: "2026-11-21",
    returnDate: "2026-11-24",
    pickupTime: "9:00 AM",
    totalDays: 3,
    dailyRate: "2500.00",
    subtotal: "7500.00",
    withDriver: false,
    driverFee: "0.00",
    driverService: "none",
    distanceService: "none",
    distanceFee: "0.00",
    insurance: "500.00",
    total: "8000.00",
    amountPaid: "0",
    status: "archived",
    wantsDelivery: false,
    deliveryAddress: null,
    version: 1,
    updatedAt: "2026-11-21T07:05:00.000+08:00",
  };

  it("reads a booking view, with unknown status as pending", () => {
    const parsed = bookingViewSchema.parse(view);
    expect(parsed.status).toBe("pending");
    expect(parsed.amountPaid).toBe("0.00");
  });

  it("reads the booking answer", () => {
    const car = {
      id: carId,
      name: "Toyota Fortuner",
      category: "Premium SUV",
      dailyRate: "2500.00",
      seats: 7,
      transmission: "Automatic",
      fuel: "Diesel",
      image: "toyota-fortuner.svg",
      description: null,
      mileage: "12 km/L",
      year: 2024,
      plateNumber: "NBC 1234",
      available: true,
    };
    const answer = {
      customer: { id: view.customerId, fullName: "Juan Dela Cruz", email: "juan@example.ph" },
      booking: view,
      car,
      bookingToken: "tok_123",
    };
    expect(publicBookingResponseSchema.parse(answer).car.name).toBe("Toyota Fortuner");
  });

  it("defaults a booked range's pickup time", () => {
    expect(bookedRangeSchema.parse({ start: "2026-11-21", end: "2026-11-22" })).toEqual({
      start: "2026-11-21",
      end: "2026-11-22",
      pickupTime: "9:00 AM",
    });
    expect(bookedRangeSchema.safeParse({ start: "2026-11-31", end: "2026-12-02" }).success).toBe(false);
  });

  it("reads a blocked period's range (release-2 §C1) and refuses an unknown kind", () => {
    expect(bookedRangeSchema.parse({ start: "2026-12-10", end: "2026-12-10", kind: "block" })).toMatchObject({
      start: "2026-12-10",
      end: "2026-12-10",
      kind: "block",
    });
    expect(
      bookedRangeSchema.safeParse({ start: "2026-12-10", end: "2026-12-10", kind: "repair" }).success,
    ).toBe(false);
  });
});

describe("admin booking inputs", () => {
  const input = {
    customerEmail: "ana@example.ph",
    customerName: "Ana Reyes",
    carName: "Toyota Vios",
    pickupDate: "2026-12-01",
    returnDate: "2026-12-03",
    total: "3500",
    status: "confirmed",
  };

  it("accepts the spec's fields with defaults", () => {
    expect(adminBookingInputSchema.parse(input)).toMatchObject({ total: "3500.00", pickupTime: "9:00 AM" });
    expect(adminBookingInputSchema.parse({ ...input, status: undefined }).status).toBe("pending");
  });

  it("ignores unknown keys, rejects bad statuses and reversed dates, and accepts past dates", () => {
    expect(adminBookingInputSchema.parse({ ...input, extra: 1 })).not.toHaveProperty("extra");
    // Release 2 (issue #24): `id` is the id the browser chose, a UUID, kept; anything else is refused.
    const id = "0190f3a4-7b2c-7d1e-9f00-1234567890ab";
    expect(adminBookingInputSchema.parse({ ...input, id }).id).toBe(id);
    expect(adminBookingInputSchema.safeParse({ ...input, id: "x" }).success).toBe(false);
    expect(adminBookingInputSchema.parse({ ...input, pickupTime: "" }).pickupTime).toBe("9:00 AM");
    expect(adminBookingInputSchema.parse({ ...input, pickupTime: null }).pickupTime).toBe("9:00 AM");
    expect(adminBookingInputSchema.safeParse({ ...input, pickupTime: "8:00 PM" }).success).toBe(false);
    expect(
      adminBookingInputSchema.safeParse({ ...input, pickupDate: "2020-01-01", returnDate: "2020-01-03" })
        .success,
    ).toBe(true);
    expect(adminBookingInputSchema.safeParse({ ...input, status: "paid" }).success).toBe(false);
    expect(adminBookingInputSchema.safeParse({ ...input, returnDate: "2026-11-30" }).success).toBe(false);
    expect(bookingStatusInputSchema.parse({ status: "completed" })).toEqual({ status: "completed" });
    expect(bookingStatusInputSchema.parse({ status: "completed", x: 1 })).toEqual({ status: "completed" });
  });
});

describe("bookingRules in the booking schemas", () => {
  const dates = { pickupDate: "2026-12-01", returnDate: "2026-12-03" };
  const formValues = {
    fullName: "Maria Santos",
    email: "maria@example.ph",
    phone: "0998 765 4321",
    acceptTerms: true,
    ...dates,
  };
  const adminValues = {
    customerEmail: "ana@example.ph",
    customerName: "Ana Reyes",
    carName: "Toyota Vios",
    total: "3500",
    ...dates,
  };

  it("is what the public request, the form and the admin booking refuse", () => {
    const reversed = { pickupDate: "2026-12-03", returnDate: "2026-12-01" };
    const request = { ...validRequest, booking: { ...validRequest.booking, ...reversed } };
    expect(messagesAt(publicBookingRequestSchema, request, "booking.returnDate")).toEqual([
      validationMessages.returnNotAfterPickup,
    ]);
    expect(messagesAt(bookingFormSchema, { ...formValues, ...reversed }, "returnDate")).toEqual([
      validationMessages.returnNotAfterPickup,
    ]);
    expect(messagesAt(adminBookingInputSchema, { ...adminValues, ...reversed }, "returnDate")).toEqual([
      validationMessages.returnNotAfterPickup,
    ]);
  });

  it("lets the admin book past 30 days, never the public", () => {
    const long = { pickupDate: "2026-12-01", returnDate: "2027-01-15" };
    expect(messagesAt(adminBookingInputSchema, { ...adminValues, ...long }, "returnDate")).toEqual([]);
    expect(messagesAt(bookingFormSchema, { ...formValues, ...long }, "returnDate")).toEqual([
      validationMessages.onlineRentalTooLong,
    ]);
  });
});
