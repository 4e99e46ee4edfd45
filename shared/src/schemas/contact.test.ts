import { describe, expect, it } from "vitest";
import { contactMessageSchema } from "./contact";

const message = {
  firstName: "Maria",
  lastName: "Santos",
  email: "maria@example.ph",
  phone: "",
  subject: "",
  message: "Do you rent vans for weddings?",
};

describe("contactMessageSchema", () => {
  it("accepts a message with blank optional fields as null", () => {
    expect(contactMessageSchema.parse(message)).toEqual({ ...message, phone: null, subject: null });
    expect(contactMessageSchema.parse({ ...message, subject: "VIP Booking" }).subject).toBe("VIP Booking");
  });

  it("requires first name, last name, e-mail and message", () => {
    const result = contactMessageSchema.safeParse({
      ...message,
      firstName: " ",
      lastName: "",
      email: "x",
      message: " ",
    });
    expect(result.error?.issues.map((issue) => issue.path.join(".")).sort()).toEqual([
      "email",
      "firstName",
      "lastName",
      "message",
    ]);
  });

  it("refuses unknown topics and huge messages, and ignores unknown keys", () => {
    expect(contactMessageSchema.safeParse({ ...message, subject: "Spam" }).success).toBe(false);
    expect(contactMessageSchema.parse({ ...message, extra: true })).not.toHaveProperty("extra");
    expect(contactMessageSchema.safeParse({ ...message, message: "x".repeat(100_000) }).success).toBe(false);
  });
});
