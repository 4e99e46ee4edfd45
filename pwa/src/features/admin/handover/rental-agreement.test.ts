import { describe, expect, it } from "vitest";
import { agreementLicense } from "./rental-agreement";

describe("the licence on the rental agreement (release 2 §C3)", () => {
  const record = { license: "N01-23-456789", licenseExpiry: "2028-02-29" };

  it("prints the licence typed with the booking, not a returning customer's older one", () => {
    expect(agreementLicense({ driverLicense: "D12-34-567890" }, record)).toBe("D12-34-567890");
  });

  it("adds the record's expiry when the booking's licence is the record's, however it was spaced", () => {
    expect(agreementLicense({ driverLicense: "n01 23 456789" }, record)).toBe(
      "n01 23 456789 (expires February 29, 2028)",
    );
  });

  it("falls back to the customer's licence for a booking without one (the admin's, an older mirror row)", () => {
    expect(agreementLicense({ driverLicense: null }, record)).toBe(
      "N01-23-456789 (expires February 29, 2028)",
    );
    expect(agreementLicense({}, { license: "N01-23-456789", licenseExpiry: null })).toBe("N01-23-456789");
  });

  it("prints a dash when neither has one", () => {
    expect(agreementLicense({ driverLicense: "  " }, { license: null, licenseExpiry: null })).toBe("—");
    expect(agreementLicense({}, undefined)).toBe("—");
  });
});
