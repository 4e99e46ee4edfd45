import { MantineProvider } from "@mantine/core";
import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { quote, quoteWithRates } from "@car-rental/shared/pricing";
import { PricingSummary, pricingLines } from "./pricing-summary";

function renderSummary(input: Parameters<typeof quote>[0]) {
  render(
    <MantineProvider>
      <PricingSummary quote={quote(input)} />
    </MantineProvider>,
  );
  return screen.getByTestId("pricing-summary");
}

function line(summary: HTMLElement, key: string): HTMLElement | null {
  return summary.querySelector(`[data-line="${key}"]`);
}

describe("PricingSummary", () => {
  it("self drive: rental, distance, insurance and total; no driver line", () => {
    const summary = renderSummary({
      dailyRate: "2500.00",
      pickupDate: "2026-12-01",
      returnDate: "2026-12-04",
      driverService: "none",
      distanceService: "none",
    });
    expect(line(summary, "rental")?.textContent).toContain("3 days × ₱2,500");
    expect(line(summary, "rental")?.textContent).toContain("₱7,500");
    expect(line(summary, "driver")).toBeNull();
    expect(line(summary, "distance")?.textContent).toContain("Within Pangasinan");
    expect(line(summary, "distance")?.textContent).toContain("₱0");
    expect(line(summary, "insurance")?.textContent).toContain("₱500");
    expect(within(summary).getByTestId("pricing-total").textContent).toBe("₱8,000");
  });

  it("with a driver and a distance service: each on its own line, all in the total", () => {
    const summary = renderSummary({
      dailyRate: "3000.00",
      pickupDate: "2026-12-01",
      returnDate: "2026-12-03",
      driverService: "outside_pangasinan",
      distanceService: "over_250km_800",
    });
    expect(line(summary, "rental")?.textContent).toContain("₱6,000");
    expect(line(summary, "driver")?.textContent).toContain(
      "With Driver - Outside Pangasinan, 2 days × ₱2,000",
    );
    expect(line(summary, "driver")?.textContent).toContain("₱4,000");
    expect(line(summary, "distance")?.textContent).toContain("Over 250 km, 2 days × ₱800");
    expect(line(summary, "distance")?.textContent).toContain("₱1,600");
    // 6,000 + 4,000 + 1,600 + 500
    expect(within(summary).getByTestId("pricing-total").textContent).toBe("₱12,100");
  });

  it("a single day reads '1 day'; without dates it asks for them", () => {
    const lines = pricingLines(
      quote({
        dailyRate: "1800",
        pickupDate: "2026-12-01",
        returnDate: "2026-12-02",
        driverService: "within_pangasinan",
        distanceService: "none",
      }),
    );
    expect(lines.map((entry) => entry.key)).toEqual(["rental", "driver", "distance", "insurance"]);
    expect(lines[0]?.detail).toBe("1 day × ₱1,800");

    renderSummary({
      dailyRate: "1800",
      pickupDate: "",
      returnDate: "",
      driverService: "none",
      distanceService: "none",
    });
    expect(screen.getByText("Choose your pickup and return dates to see the full price.")).toBeTruthy();
  });

  it("under seasonal rates: one Vehicle Rental line per day price and the length discount (release-2 §E1)", () => {
    render(
      <MantineProvider>
        <PricingSummary
          quote={quoteWithRates({
            dailyRate: "2500",
            pickupDate: "2027-03-17",
            returnDate: "2027-03-24",
            driverService: "none",
            distanceService: "none",
            rates: {
              periods: [{ name: "Holy Week", startDate: "2027-03-22", endDate: "2027-03-28", percent: 30 }],
              lengthDiscounts: [{ minDays: 7, percentOff: 10 }],
            },
          })}
        />
      </MantineProvider>,
    );
    const summary = screen.getByTestId("pricing-summary");
    // 17..21 at ₱2,500 (5 days = 12,500), 22..23 at ₱3,250 (2 days = 6,500); 10 % of 19,000 = 1,900.
    expect(line(summary, "rental")?.textContent).toContain("5 days × ₱2,500");
    expect(line(summary, "rental")?.textContent).toContain("₱12,500");
    expect(line(summary, "rental-2")?.textContent).toContain("2 days × ₱3,250 (Holy Week)");
    expect(line(summary, "rental-2")?.textContent).toContain("₱6,500");
    expect(line(summary, "discount")?.textContent).toContain("Weekly discount");
    expect(line(summary, "discount")?.textContent).toContain("−₱1,900");
    // 19,000 − 1,900 + 500 insurance
    expect(within(summary).getByTestId("pricing-total").textContent).toBe("₱17,600");
  });
});
