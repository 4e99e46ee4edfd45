import { MantineProvider } from "@mantine/core";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Car } from "@car-rental/shared/schemas/car";
import { carPictureUrl } from "./car-picture";
import { categoryBadge } from "./category-badge";
import { FleetCard } from "./fleet-card";

const car: Car = {
  id: "7f1c2a52-3f4e-4d2b-9a4c-0e6f5b1d2c3a",
  name: "Honda City 1.5 V",
  category: "Compact Sedan",
  dailyRate: "2500.00",
  deposit: "3000.00",
  seats: 5,
  transmission: "Automatic",
  fuel: "Gas",
  image: "honda-city.svg",
  description: null,
  mileage: null,
  year: 2024,
  plateNumber: "NBC 1234",
  available: true,
};

function renderCard(props: Partial<Car> = {}, onSelect = vi.fn()) {
  render(
    <MantineProvider>
      <FleetCard car={{ ...car, ...props }} onSelect={onSelect} />
    </MantineProvider>,
  );
  return onSelect;
}

describe("categoryBadge", () => {
  it("maps the known categories and gives 'Available' to any other", () => {
    expect(categoryBadge("Premium SUV")).toBe("Popular");
    expect(categoryBadge("Adventure SUV")).toBe("Available");
    expect(categoryBadge("Compact Sedan")).toBe("Economy");
    expect(categoryBadge("Van")).toBe("Available");
    expect(categoryBadge("toString")).toBe("Available");
  });
});

describe("carPictureUrl", () => {
  it("serves bundled pictures under /cars/, object paths as they are, else the default", () => {
    // A drawing is shown from its WebP rendering (vite-plugins/car-pictures.ts); other bundled files as they are.
    expect(carPictureUrl("toyota-fortuner.svg")).toBe("/cars/toyota-fortuner.webp");
    expect(carPictureUrl("my-car.png")).toBe("/cars/my-car.png");
    expect(carPictureUrl("/objects/car-images/abc")).toBe("/objects/car-images/abc");
    expect(carPictureUrl("")).toBe("/cars/default-car.webp");
    expect(carPictureUrl("../secret")).toBe("/cars/default-car.webp");
  });
});

describe("FleetCard", () => {
  it("shows the car's security deposit apart from its daily rate (release-2 §E2), none when 0", () => {
    renderCard({ deposit: "4500.50" });
    expect(screen.getByTestId("car-deposit").textContent).toBe("Deposit ₱4,500.50, refundable");
    expect(screen.getByText("₱2,500/day")).toBeTruthy();
  });

  it("shows no deposit line for a car without one", () => {
    renderCard({ deposit: "0.00" });
    expect(screen.queryByTestId("car-deposit")).toBeNull();
  });

  it("shows an available car with its badge, details and an enabled 'Select This Car'", () => {
    const onSelect = renderCard();
    expect(screen.getByRole("heading", { name: "Honda City 1.5 V" })).toBeTruthy();
    expect(screen.getByText("Compact Sedan")).toBeTruthy();
    expect(screen.getByText("Economy")).toBeTruthy();
    expect(screen.getByText("₱2,500/day")).toBeTruthy();
    expect(screen.getByText("5 seats")).toBeTruthy();
    expect(screen.getByText("Automatic")).toBeTruthy();
    expect(screen.getByText("Gas")).toBeTruthy();
    expect(screen.queryByText("Currently Booked")).toBeNull();

    const image = screen.getByRole("img", { name: "Honda City 1.5 V, Compact Sedan" });
    expect(image.getAttribute("src")).toBe("/cars/honda-city.webp");
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(image.getAttribute("width")).toBe("400");
    expect(image.getAttribute("height")).toBe("240");

    const button = screen.getByRole("button", { name: "Select This Car" });
    expect(button).toHaveProperty("disabled", false);
    fireEvent.click(button);
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: car.id }));
  });

  it.each([
    ["Premium SUV", "Popular"],
    ["Adventure SUV", "Available"],
    ["Van", "Available"],
  ])("gives a %s the badge %s", (category, badge) => {
    renderCard({ category });
    expect(screen.getByText(badge)).toBeTruthy();
  });

  it("shows an unavailable car greyed, 'Currently Booked' and not selectable", () => {
    const onSelect = renderCard({ available: false, category: "Premium SUV", dailyRate: "12500.5" });
    expect(screen.getByText("Unavailable")).toBeTruthy();
    expect(screen.queryByText("Popular")).toBeNull();
    expect(screen.getByText("Currently Booked")).toBeTruthy();
    expect(screen.getByText("₱12,500.50/day")).toBeTruthy();
    expect(screen.getByRole("article").getAttribute("data-available")).toBe("false");
    const button = screen.getByRole("button", { name: "Currently Unavailable" });
    expect(button).toHaveProperty("disabled", true);
    fireEvent.click(button);
    expect(onSelect).not.toHaveBeenCalled();
    expect(screen.queryByRole("button", { name: "Select This Car" })).toBeNull();
  });
});
