import { describe, expect, it } from "vitest";
import { validationMessages } from "@car-rental/shared/messages";
import { createCustomerFormSchema, EMPTY_CUSTOMER_FORM, type CustomerFormInput } from "./customer-form";

const schema = createCustomerFormSchema();

function issuesOf(values: Partial<CustomerFormInput>): Record<string, string | undefined> {
  const result = schema.safeParse({ ...EMPTY_CUSTOMER_FORM, ...values });
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join("."), issue.message]));
}

const customer = { fullName: "Jo", email: "jo@example.com", phone: "0917" };

describe("the admin customer form", () => {
  it("requires a full name, an e-mail and a phone, with no minimum length", () => {
    expect(issuesOf({ fullName: "   ", email: "", phone: " " })).toEqual({
      fullName: validationMessages.fullNameRequired,
      email: validationMessages.validEmailRequired,
      phone: validationMessages.validPhoneRequired,
    });
    expect(issuesOf({ ...customer, fullName: "J", phone: "1" })).toEqual({});
  });

  it("accepts a first booking that started in the past", () => {
    expect(
      issuesOf({
        ...customer,
        carId: "car-1",
        pickupDate: "2020-03-01",
        returnDate: "2020-03-04",
        total: "6000",
      }),
    ).toEqual({});
  });

  it("still wants the return after the pickup", () => {
    expect(
      issuesOf({
        ...customer,
        carId: "car-1",
        pickupDate: "2020-03-04",
        returnDate: "2020-03-04",
        total: "6000",
      }),
    ).toEqual({ returnDate: validationMessages.returnNotAfterPickup });
  });
});
