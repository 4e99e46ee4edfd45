import { describe, expect, it } from "vitest";
import { contactSettings } from "@car-rental/shared/constants";
import {
  bookingConfirmationMail,
  bookingExpiredMail,
  bookingNoticeMail,
  contactNoticeMail,
  importantInformation,
  pickupTimeLabel,
  type BookingMailInput,
} from "./templates";

const input: BookingMailInput = {
  booking: {
    id: "3f2a6c1e-8b7d-4e3f-9a1b-0c2d3e4f5a6b",
    pickupDate: "2026-12-01",
    returnDate: "2026-12-04",
    pickupTime: "10:00 AM",
    totalDays: 3,
    dailyRate: "2500.00",
    subtotal: "7500.00",
    driverService: "within_pangasinan",
    driverFee: "4500.00",
    distanceService: "outside_pangasinan_500",
    distanceFee: "1500.00",
    insurance: "500.00",
    total: "14000.00",
    wantsDelivery: true,
    deliveryAddress: "Lucap Wharf, Alaminos <City>",
    createdAt: "2026-11-21T01:30:00Z",
  },
  customer: { fullName: "Maria <b>Santos</b>", email: "maria.santos@example.com", phone: "+63 917 555 0101" },
  car: { name: "Toyota Fortuner", category: "Premium SUV", transmission: "Automatic", fuel: "Diesel" },
};

describe("bookingConfirmationMail", () => {
  const mail = bookingConfirmationMail(input);

  it("goes to the customer, about this booking", () => {
    expect(mail.to).toBe("maria.santos@example.com");
    expect(mail.kind).toBe("booking-confirmation");
    expect(mail.bookingId).toBe(input.booking.id);
    expect(mail.subject).toContain("3F2A6C1E-8B7D-4E3F-9A1B-0C2D3E4F5A6B");
  });

  it("says everything the printable confirmation says", () => {
    const { text } = mail;
    expect(text).toContain("Reference: 3F2A6C1E-8B7D-4E3F-9A1B-0C2D3E4F5A6B");
    expect(text).toContain("Booked on: November 21, 2026 at 9:30 AM");
    expect(text).toContain("Vehicle: Toyota Fortuner");
    expect(text).toContain("Category: Premium SUV");
    expect(text).toContain("Transmission: Automatic");
    expect(text).toContain("Fuel: Diesel");
    expect(text).toContain("Pickup: December 01, 2026, 10:00 AM");
    expect(text).toContain("Return: December 04, 2026, 10:00 AM");
    expect(text).toContain("Duration: 3 days");
    expect(text).toContain("With Driver - Within Pangasinan");
    expect(text).toContain("Outside Pangasinan");
    expect(text).toContain("Vehicle rental (3 days × ₱2,500): ₱7,500");
    expect(text).toContain("Driver service (3 days × ₱1,500): ₱4,500");
    expect(text).toContain("Distance fee (3 days × ₱500): ₱1,500");
    expect(text).toContain("Insurance: ₱500");
    expect(text).toContain("Total: ₱14,000");
    expect(text).toContain("Delivery to: Lucap Wharf, Alaminos <City>");
    for (const item of importantInformation) expect(text).toContain(item);
    for (const phone of contactSettings.phones) expect(text).toContain(phone);
    expect(text).toContain(contactSettings.email);
    expect(text).toContain(contactSettings.address);
  });

  it("escapes what the customer typed in the HTML version", () => {
    expect(mail.html).toContain("Maria &lt;b&gt;Santos&lt;/b&gt;");
    expect(mail.html).not.toContain("<b>Santos</b>");
    expect(mail.html).toContain("Lucap Wharf, Alaminos &lt;City&gt;");
    expect(mail.html).toContain("₱14,000");
  });

  it("works from a booking view without a customer object, and leaves out a driver line without driver", () => {
    const view = bookingConfirmationMail({
      car: input.car,
      booking: {
        ...input.booking,
        driverService: "none",
        driverFee: "0.00",
        distanceService: "none",
        distanceFee: "0.00",
        pickupTime: "09:00:00",
        totalDays: 1,
        customerName: "Juan dela Cruz",
        customerEmail: "juan@example.com",
      },
      publicUrl: "https://alaminoscarrental.ph",
    });
    expect(view.to).toBe("juan@example.com");
    expect(view.text).toContain("Dear Juan dela Cruz,");
    expect(view.text).toContain("Pickup time: 9:00 AM");
    expect(view.text).toContain("Duration: 1 day");
    expect(view.text).not.toContain("Driver service (");
    expect(view.text).toContain("Distance fee: ₱0");
    expect(view.text).toContain("Website: https://alaminoscarrental.ph");
  });
});

describe("the mail's price lines (release-2 §E1)", () => {
  it("lists the day lines and the discount the booking was stored with", () => {
    const { text, html } = bookingConfirmationMail({
      ...input,
      booking: {
        ...input.booking,
        pickupDate: "2027-03-17",
        returnDate: "2027-03-24",
        totalDays: 7,
        subtotal: "17100.00",
        priceLines: [
          { days: 5, rate: "2500.00", periodName: null, amount: "12500.00" },
          { days: 2, rate: "3250.00", periodName: "Holy Week", amount: "6500.00" },
        ],
        discount: { minDays: 7, percentOff: 10, label: "Weekly discount", amount: "1900.00" },
      },
    });
    expect(text).toContain("Vehicle rental (5 days × ₱2,500): ₱12,500");
    expect(text).toContain("Vehicle rental (2 days × ₱3,250 (Holy Week)): ₱6,500");
    expect(text).toContain("Weekly discount: −₱1,900");
    expect(html).toContain("2 days × ₱3,250 (Holy Week)");
  });
});

describe("notices to the business", () => {
  it("tells the business about a booking", () => {
    const mail = bookingNoticeMail(input, "owner@example.com");
    expect(mail.to).toBe("owner@example.com");
    expect(mail.kind).toBe("booking-notice");
    expect(mail.subject).toContain("Toyota Fortuner");
    expect(mail.text).toContain("+63 917 555 0101");
    expect(mail.text).toContain("Total: ₱14,000");
  });

  it("forwards a contact message", () => {
    const mail = contactNoticeMail(
      {
        firstName: "Ana",
        lastName: "Reyes",
        email: "ana@example.com",
        phone: null,
        subject: "VIP Booking",
        message: "Do you have <vans>?",
      },
      "owner@example.com",
    );
    expect(mail.to).toBe("owner@example.com");
    expect(mail.subject).toBe("Contact form: VIP Booking - Ana Reyes");
    expect(mail.text).toContain("Phone: Not given");
    expect(mail.text).toContain("Do you have <vans>?");
    expect(mail.html).toContain("Do you have &lt;vans&gt;?");
  });

  it("says a contact message without a subject has none, as the admin's Messages do", () => {
    const mail = contactNoticeMail(
      {
        firstName: "Ana",
        lastName: "Reyes",
        email: "ana@example.com",
        phone: null,
        subject: null,
        message: "Hi",
      },
      "owner@example.com",
    );
    expect(mail.subject).toBe("Contact form: Ana Reyes");
    expect(mail.text).toContain("Subject: No subject");
    expect(mail.text).not.toContain("General Inquiry");
  });
});

describe("pickupTimeLabel", () => {
  it("reads slot labels and SQL times, defaulting to 9:00 AM", () => {
    expect(pickupTimeLabel("2:00 PM")).toBe("2:00 PM");
    expect(pickupTimeLabel("14:00:00")).toBe("2:00 PM");
    expect(pickupTimeLabel("12:00")).toBe("12:00 PM");
    expect(pickupTimeLabel(null)).toBe("9:00 AM");
    expect(pickupTimeLabel("")).toBe("9:00 AM");
  });
});

describe("bookingExpiredMail", () => {
  it("tells the customer the pending booking expired after the hold and the dates are free again", () => {
    const mail = bookingExpiredMail(input, 24);
    expect(mail.to).toBe("maria.santos@example.com");
    expect(mail.kind).toBe("booking-expired");
    expect(mail.bookingId).toBe(input.booking.id);
    expect(mail.subject).toContain("Booking Expired 3F2A6C1E-8B7D-4E3F-9A1B-0C2D3E4F5A6B");
    expect(mail.text).toContain("was not confirmed within 24 hours, so it has expired");
    expect(mail.text).toContain("Pickup: December 01, 2026, 10:00 AM");
    expect(mail.html).toContain("Maria &lt;b&gt;Santos&lt;/b&gt;");
  });
});

describe("the security deposit in the booking mails (release-2 §E2)", () => {
  it("shows the booking's deposit in a section of its own, after the services, with the total unchanged", () => {
    const mail = bookingConfirmationMail({ ...input, booking: { ...input.booking, deposit: "3000.00" } });
    expect(mail.text).toContain(
      "SECURITY DEPOSIT\n  Security deposit: ₱3,000. Paid at pickup, refunded when the car is returned; not part of the total.",
    );
    expect(mail.text).toContain("Total: ₱14,000");
    expect(mail.text.indexOf("SECURITY DEPOSIT")).toBeLessThan(mail.text.indexOf("PRICING SUMMARY"));
    expect(mail.html).toContain("Security deposit</h2>");
    expect(mail.html).toContain("₱3,000. Paid at pickup");
  });

  it("says nothing of a deposit for a booking made without one", () => {
    for (const deposit of ["0.00", undefined]) {
      const mail = bookingConfirmationMail({ ...input, booking: { ...input.booking, deposit } });
      expect(mail.text).not.toContain("deposit");
      expect(mail.html).not.toContain("Security deposit");
    }
  });
});
