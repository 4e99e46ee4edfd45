import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BookingView } from "@car-rental/shared/schemas/booking";
import type { Car } from "@car-rental/shared/schemas/car";
import { IMPORTANT_INFORMATION, Receipt, receiptPriceLines } from "./receipt";

const car: Car = {
  id: "11111111-1111-4111-8111-111111111111",
  name: "Toyota Fortuner 2.8 Q",
  category: "Premium SUV",
  dailyRate: "4500.00",
  deposit: "3000.00",
  seats: 7,
  transmission: "Automatic",
  fuel: "Diesel",
  image: "toyota-fortuner.svg",
  description: null,
  mileage: null,
  year: 2024,
  plateNumber: null,
  available: true,
};

const booking: BookingView = {
  id: "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
  reference: "ACR-7K3Q9P",
  createdAt: "2026-11-21T07:05:00.000Z",
  customerId: "22222222-2222-4222-8222-222222222222",
  customerName: "Maria Santos",
  customerEmail: "maria@example.com",
  carId: car.id,
  carName: car.name,
  carCategory: car.category,
  pickupDate: "2026-12-01",
  returnDate: "2026-12-04",
  pickupTime: "10:00 AM",
  totalDays: 3,
  dailyRate: "4500.00",
  subtotal: "13500.00",
  withDriver: true,
  driverFee: "4500.00",
  driverService: "within_pangasinan",
  distanceService: "outside_pangasinan_500",
  distanceFee: "1500.00",
  insurance: "500.00",
  total: "20000.00",
  deposit: "5000.00",
  amountPaid: "0.00",
  status: "pending",
  wantsDelivery: false,
  deliveryAddress: null,
  version: 1,
  updatedAt: "2026-11-21T07:05:00.000Z",
};

describe("Receipt", () => {
  it("says a cancelled or expired booking is no longer valid for pickup, instead of 'SAVE THIS IMPORTANT'", () => {
    for (const [status, title] of [
      ["cancelled", "THIS BOOKING IS CANCELLED"],
      ["expired", "THIS BOOKING HAS EXPIRED"],
    ] as const) {
      const { unmount } = render(
        <MantineProvider>
          <Receipt booking={{ ...booking, status }} car={car} />
        </MantineProvider>,
      );
      expect(screen.getByText(title)).toBeTruthy();
      expect(screen.getByText(/no longer valid for pickup/)).toBeTruthy();
      expect(screen.queryByText("SAVE THIS IMPORTANT")).toBeNull();
      unmount();
    }
  });

  it("shows every section of the confirmation", () => {
    render(
      <MantineProvider>
        <Receipt booking={booking} car={car} />
      </MantineProvider>,
    );
    expect(screen.getByText("SAVE THIS IMPORTANT")).toBeTruthy();
    for (const title of [
      "Customer Information",
      "Vehicle Details",
      "Rental Period",
      "Pickup Time",
      "Selected Services",
      "Pricing Summary",
      "Booking Reference",
      "Important Information",
    ]) {
      expect(screen.getByRole("heading", { name: title })).toBeTruthy();
    }
    expect(screen.getByText("Maria Santos")).toBeTruthy();
    expect(screen.getByText("December 01, 2026")).toBeTruthy();
    expect(screen.getByText("December 04, 2026")).toBeTruthy();
    expect(screen.getAllByText("at 10:00 AM")).toHaveLength(2);
    expect(screen.getByText("3 days")).toBeTruthy();
    expect(screen.getByTestId("booking-reference").textContent).toBe("ACR-7K3Q9P");
    expect(screen.getByText("Booking ID A1B2C3D4-E5F6-4A7B-8C9D-0E1F2A3B4C5D")).toBeTruthy();
    // 07:05 UTC is 3:05 PM in Manila.
    expect(screen.getByText("Booked on November 21, 2026 at 3:05 PM")).toBeTruthy();
    expect(screen.getByTestId("receipt-total").textContent).toBe("₱20,000");
    for (const item of IMPORTANT_INFORMATION) expect(screen.getByText(item)).toBeTruthy();
    expect(screen.getByText(/meals and accommodation\.$/, { selector: "p" })).toBeTruthy();
  });

  it("shows the booking's own deposit apart from the total, and no deposit section without one", () => {
    const { unmount } = render(
      <MantineProvider>
        <Receipt booking={booking} car={{ ...car, deposit: "9000.00" }} />
      </MantineProvider>,
    );
    expect(screen.getByRole("heading", { name: "Security deposit" })).toBeTruthy();
    // The booking's stored deposit, not the car's current one; the total is unchanged.
    expect(screen.getByTestId("receipt-deposit").textContent).toBe("₱5,000");
    expect(screen.getByTestId("receipt-total").textContent).toBe("₱20,000");
    unmount();
    render(
      <MantineProvider>
        <Receipt booking={{ ...booking, deposit: "0.00" }} car={car} />
      </MantineProvider>,
    );
    expect(screen.queryByRole("heading", { name: "Security deposit" })).toBeNull();
    expect(screen.queryByTestId("receipt-deposit")).toBeNull();
  });

  it("lists the driver service only with a driver and a fee, at fee / days per day", () => {
    expect(receiptPriceLines(booking).map((line) => line.key)).toEqual([
      "rental",
      "driver",
      "distance",
      "insurance",
    ]);
    expect(receiptPriceLines(booking)[1]?.detail).toBe("3 days × ₱1,500");
    const selfDrive = {
      ...booking,
      withDriver: false,
      driverService: "none" as const,
      driverFee: "0.00",
      total: "15500.00",
    };
    expect(receiptPriceLines(selfDrive).map((line) => line.key)).toEqual(["rental", "distance", "insurance"]);
    expect(receiptPriceLines({ ...booking, totalDays: 1, subtotal: "4500.00" })[0]?.detail).toBe(
      "1 day × ₱4,500",
    );
    // An admin's booking: its total is the agreed price of the whole rental (spec §3).
    expect(receiptPriceLines({ ...booking, totalDays: 2, subtotal: "9500.00" })[0]?.detail).toBe(
      "2 days, agreed price",
    );
  });

  it("lists a check-in's extra charges, which its total holds (release-2 §C3), so the lines add up to it", () => {
    const checkedIn = { ...booking, status: "completed" as const, total: "20800.00" };
    const lines = receiptPriceLines(checkedIn);
    expect(lines.at(-1)).toMatchObject({ key: "charges", label: "Extra Charges", amount: "800.00" });
    const sum = lines.reduce((cents, line) => cents + Math.round(Number(line.amount) * 100), 0);
    expect(sum).toBe(2_080_000);
  });

  it("shows the day lines and the discount the booking was stored with (release-2 §E1)", () => {
    const seasonal: BookingView = {
      ...booking,
      pickupDate: "2027-03-17",
      returnDate: "2027-03-24",
      totalDays: 7,
      subtotal: "30780.00",
      priceLines: [
        { days: 5, rate: "4500.00", periodName: null, amount: "22500.00" },
        { days: 2, rate: "5850.00", periodName: "Holy Week", amount: "11700.00" },
      ],
      discount: { minDays: 7, percentOff: 10, label: "Weekly discount", amount: "3420.00" },
    };
    const lines = receiptPriceLines(seasonal);
    expect(lines.slice(0, 3).map((line) => [line.key, line.detail, line.shown ?? line.amount])).toEqual([
      ["rental", "5 days × ₱4,500", "22500.00"],
      ["rental-2", "2 days × ₱5,850 (Holy Week)", "11700.00"],
      ["discount", "10% off", "−₱3,420"],
    ]);
    render(
      <MantineProvider>
        <Receipt booking={seasonal} car={car} />
      </MantineProvider>,
    );
    expect(screen.getByText("−₱3,420")).toBeTruthy();
    // A booking stored without lines keeps its one line of stored days × rate.
    expect(receiptPriceLines(booking)[0]?.detail).toBe("3 days × ₱4,500");
  });
});
