import { describe, expect, it } from "vitest";
import {
  BOOKING_REFERENCE_ALPHABET,
  newBookingReference,
  normalizeBookingReference,
} from "./booking-reference";

describe("booking references", () => {
  it("are ACR- and 6 characters without 0, O, 1, I or L", () => {
    expect(BOOKING_REFERENCE_ALPHABET).not.toMatch(/[01OIL]/);
    for (let i = 0; i < 200; i += 1) expect(newBookingReference()).toMatch(/^ACR-[2-9A-HJKMNP-Z]{6}$/);
  });

  it("use every character of the alphabet, drawn from the random source", () => {
    const fixed = (array: Uint32Array) => array.map((_, index) => index * 7);
    expect(newBookingReference(fixed)).toBe("ACR-29GQX6");
    const seen = new Set<string>();
    for (let i = 0; i < 500; i += 1) for (const char of newBookingReference().slice(4)) seen.add(char);
    expect(seen.size).toBe(BOOKING_REFERENCE_ALPHABET.length);
  });

  it("read what a person typed: any case, spaces, with or without the prefix", () => {
    expect(normalizeBookingReference(" acr-7k3q9p ")).toBe("ACR-7K3Q9P");
    expect(normalizeBookingReference("7K3 Q9P")).toBe("ACR-7K3Q9P");
    expect(normalizeBookingReference("ACR7K3Q9P")).toBe("ACR-7K3Q9P");
    expect(normalizeBookingReference("ACR-7K3Q9O")).toBeNull();
    expect(normalizeBookingReference("ACR-7K3Q9")).toBeNull();
    expect(normalizeBookingReference("")).toBeNull();
  });
});
