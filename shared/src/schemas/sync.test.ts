import { describe, expect, it } from "vitest";
import { errorMessages } from "../messages";
import { errorBody, errorBodySchema, isErrorCode, priceChangedDetailsSchema } from "./error";
import { syncResponseSchema } from "./sync";

describe("syncResponseSchema", () => {
  it("reads a delta with tombstones", () => {
    const parsed = syncResponseSchema.parse({
      cursor: "42",
      cars: [],
      bookings: [],
      customers: [],
      blockedNames: [
        {
          id: "1c1d1e1f-0000-4000-8000-000000000001",
          fullName: "Juan Dela Cruz",
          reason: null,
          blockedBy: "admin",
          createdAt: "2026-11-21T00:00:00Z",
          version: 1,
          updatedAt: "2026-11-21T00:00:00Z",
          deletedAt: null,
        },
      ],
      payments: [],
      blocks: [],
      handovers: [],
      ratePeriods: [],
      lengthDiscounts: [],
      deleted: [{ entity: "cars", id: "0b6f9f2e-6a1f-4a43-9a55-0d3c5b8e1a11" }],
    });
    expect(parsed.reset).toBe(false);
    expect(parsed.deleted[0]?.entity).toBe("cars");
  });

  it("refuses unknown tombstone entities", () => {
    const base = {
      cursor: "1",
      cars: [],
      bookings: [],
      customers: [],
      blockedNames: [],
      payments: [],
      blocks: [],
      handovers: [],
      ratePeriods: [],
    };
    expect(
      syncResponseSchema.safeParse({
        ...base,
        deleted: [{ entity: "users", id: "0b6f9f2e-6a1f-4a43-9a55-0d3c5b8e1a11" }],
      }).success,
    ).toBe(false);
  });
});

describe("error bodies", () => {
  it("builds bodies with the default message", () => {
    const body = errorBody("NAME_BLOCKED");
    expect(body).toEqual({
      error: { code: "NAME_BLOCKED", message: errorMessages.NAME_BLOCKED },
      code: "NAME_BLOCKED",
      message: errorMessages.NAME_BLOCKED,
    });
    expect(errorBodySchema.parse(body)).toEqual(body);
    // A body of the older shape (no top-level copies) still parses.
    expect(errorBodySchema.parse({ error: body.error })).toEqual({ error: body.error });
    expect(errorBody("NOT_FOUND", "Car not found", { id: "x" }).error).toEqual({
      code: "NOT_FOUND",
      message: "Car not found",
      details: { id: "x" },
    });
    // Only the 409s' detail keys are lifted.
    expect(errorBody("NOT_FOUND", "Car not found", { id: "x" })).not.toHaveProperty("id");
  });

  it("repeats the detail keys of PRICE_CHANGED and DATES_UNAVAILABLE at the top level", () => {
    const ranges = [{ start: "2026-12-01", end: "2026-12-03", pickupTime: "9:00 AM" }];
    const body = errorBody("DATES_UNAVAILABLE", undefined, { ranges, code: "shadow" });
    expect(body).toEqual({
      error: {
        code: "DATES_UNAVAILABLE",
        message: errorMessages.DATES_UNAVAILABLE,
        details: { ranges, code: "shadow" },
      },
      code: "DATES_UNAVAILABLE",
      message: errorMessages.DATES_UNAVAILABLE,
      ranges,
    });
    expect(errorBody("PRICE_CHANGED", undefined, { quote: { total: "1" } })).toMatchObject({
      code: "PRICE_CHANGED",
      quote: { total: "1" },
    });
  });

  it("recognizes codes and PRICE_CHANGED details", () => {
    expect(isErrorCode("PRICE_CHANGED")).toBe(true);
    expect(isErrorCode("toString")).toBe(false);
    expect(
      priceChangedDetailsSchema.safeParse({
        quote: {
          days: 1,
          dailyRate: "1",
          subtotal: "1",
          driverFee: "0",
          distanceFee: "0",
          insurance: "500",
          total: "501",
          withDriver: false,
          driverService: "none",
          distanceService: "none",
        },
      }).success,
    ).toBe(true);
  });
});
