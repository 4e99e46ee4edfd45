import * as z from "zod";
import { describe, expect, it } from "vitest";
import { validationMessages } from "../messages";
import { bookingRules, rentalDatesIssue } from "./booking-rules";

function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.filter((issue) => issue.path.join(".") === path).map((issue) => issue.message);
}

describe("rentalDatesIssue", () => {
  it("checks past, order and length", () => {
    expect(rentalDatesIssue("2026-11-21", "2026-11-22", "2026-11-21")).toBeNull();
    expect(rentalDatesIssue("2026-11-20", "2026-11-22", "2026-11-21")?.path).toBe("pickupDate");
    expect(rentalDatesIssue("2026-11-21", "2026-11-21")?.message).toBe(
      validationMessages.returnNotAfterPickup,
    );
    // Release 2 A4: 30 days online (the booking form and POST /api/bookings); the admin up to 365.
    expect(rentalDatesIssue("2026-11-21", "2026-12-21")).toBeNull();
    expect(rentalDatesIssue("2026-11-21", "2026-12-22")).toEqual({
      path: "returnDate",
      message: "Rentals longer than 30 days: please contact us.",
    });
    expect(rentalDatesIssue("2026-11-21", "2027-11-21", undefined, { admin: true })).toBeNull();
    expect(rentalDatesIssue("2026-11-21", "2027-11-22", undefined, { admin: true })?.message).toBe(
      validationMessages.rentalTooLong,
    );
    expect(rentalDatesIssue("bad", "2026-11-22")).toBeNull();
  });
});

describe("bookingRules", () => {
  const rulesOnly = (options?: Parameters<typeof bookingRules>[0]) =>
    z
      .object({
        pickupDate: z.string(),
        returnDate: z.string(),
        wantsDelivery: z.boolean().optional(),
        deliveryAddress: z.string().nullish(),
      })
      .superRefine(bookingRules(options));
  const dates = { pickupDate: "2026-12-01", returnDate: "2026-12-03" };

  it("refuses a return that is not after the pickup", () => {
    expect(
      messagesAt(rulesOnly(), { pickupDate: "2026-12-03", returnDate: "2026-12-01" }, "returnDate"),
    ).toEqual([validationMessages.returnNotAfterPickup]);
  });

  it("limits online rentals to 30 days and the admin's to a year", () => {
    const long = { pickupDate: "2026-12-01", returnDate: "2027-01-15" };
    expect(messagesAt(rulesOnly(), long, "returnDate")).toEqual([validationMessages.onlineRentalTooLong]);
    expect(rulesOnly({ admin: true }).safeParse(long).success).toBe(true);
    const tooLong = { pickupDate: "2026-12-01", returnDate: "2028-01-15" };
    expect(messagesAt(rulesOnly({ admin: true }), tooLong, "returnDate")).toEqual([
      validationMessages.rentalTooLong,
    ]);
  });

  it("refuses a past pickup only when given today, and a wanted delivery without an address", () => {
    expect(rulesOnly().safeParse(dates).success).toBe(true);
    expect(messagesAt(rulesOnly({ today: "2026-12-02" }), dates, "pickupDate")).toEqual([
      validationMessages.pickupInPast,
    ]);
    expect(
      messagesAt(rulesOnly(), { ...dates, wantsDelivery: true, deliveryAddress: "" }, "deliveryAddress"),
    ).toEqual([validationMessages.deliveryAddressRequired]);
    expect(rulesOnly().safeParse({ ...dates, wantsDelivery: true, deliveryAddress: "Dagupan" }).success).toBe(
      true,
    );
  });
});
