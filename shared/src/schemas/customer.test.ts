import { describe, expect, it } from "vitest";
import {
  adminCustomerSchema,
  customerChangesSchema,
  customerInputSchema,
  documentsInputSchema,
} from "./customer";

describe("customerInputSchema", () => {
  it("requires name, e-mail and phone with the spec's messages", () => {
    const result = customerInputSchema.safeParse({ fullName: " ", email: "no", phone: "" });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(
      result.error?.issues.map((issue) => [issue.path.join("."), issue.message]) ?? [],
    );
    expect(messages).toEqual({
      fullName: "Full name is required",
      email: "Valid email is required",
      phone: "Valid phone number is required",
    });
  });

  it("has no minimum lengths beyond 'required' (spec §5: the admin form only needs them filled)", () => {
    expect(customerInputSchema.parse({ fullName: " A ", email: "a@example.ph", phone: "123" })).toMatchObject(
      {
        fullName: "A",
        phone: "123",
      },
    );
  });

  it("as changes, takes any subset of the fields", () => {
    expect(customerChangesSchema.parse({ phone: "0917" })).toEqual({ phone: "0917" });
    expect(customerChangesSchema.parse({})).toEqual({});
    expect(customerChangesSchema.safeParse({ email: "no" }).success).toBe(false);
  });

  it("turns blank optional fields into null", () => {
    expect(
      customerInputSchema.parse({
        fullName: "Ana Reyes",
        email: "ana@example.ph",
        phone: "09171234567",
        address: "  ",
        license: "",
        licenseExpiry: "",
      }),
    ).toEqual({
      fullName: "Ana Reyes",
      email: "ana@example.ph",
      phone: "09171234567",
      address: null,
      license: null,
      licenseExpiry: null,
      facebookProfile: null,
    });
  });

  it("checks the license expiry date and ignores unknown keys", () => {
    const base = { fullName: "Ana Reyes", email: "ana@example.ph", phone: "09171234567" };
    expect(customerInputSchema.parse({ ...base, licenseExpiry: "2028-02-29" }).licenseExpiry).toBe(
      "2028-02-29",
    );
    expect(customerInputSchema.safeParse({ ...base, licenseExpiry: "2027-02-29" }).success).toBe(false);
    const parsed = customerInputSchema.parse({
      ...base,
      id: "7d3b2c1a-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      createdAt: "2026-11-21T00:00:00Z",
      version: 3,
      photoId1Url: "/objects/documents/a",
    });
    for (const key of ["id", "createdAt", "version", "photoId1Url"]) expect(parsed).not.toHaveProperty(key);
  });
});

describe("adminCustomerSchema", () => {
  it("reads a customer with history and totals", () => {
    const parsed = adminCustomerSchema.parse({
      id: "7d3b2c1a-4e5f-4a6b-8c7d-9e0f1a2b3c4d",
      fullName: "Ana Reyes",
      email: "ana@example.ph",
      phone: "09171234567",
      license: null,
      licenseExpiry: null,
      address: null,
      facebookProfile: null,
      photoId1Url: null,
      photoId2Url: null,
      proofOfBillingUrl: null,
      createdAt: "2026-11-21T00:00:00Z",
      version: 1,
      updatedAt: "2026-11-21T00:00:00Z",
      deletedAt: null,
      bookings: [],
      totalAmount: 0,
      amountPaid: "0",
      pendingAmount: "0.00",
    });
    expect(parsed.totalAmount).toBe("0.00");
  });
});

describe("documentsInputSchema", () => {
  it("needs the booking token and accepts document paths or null", () => {
    expect(
      documentsInputSchema.parse({
        photoId1Url: "/objects/documents/a1",
        photoId2Url: null,
        bookingToken: "t",
      }),
    ).toEqual({
      photoId1Url: "/objects/documents/a1",
      photoId2Url: null,
      proofOfBillingUrl: null,
      bookingToken: "t",
    });
    expect(documentsInputSchema.safeParse({ photoId1Url: "/objects/documents/a1" }).success).toBe(false);
    expect(documentsInputSchema.safeParse({ photoId1Url: "/etc/passwd", bookingToken: "t" }).success).toBe(
      false,
    );
  });
});
