import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyRetrying, loadRetrying } from "./lazy-retrying";

function setOnline(online: boolean) {
  vi.spyOn(navigator, "onLine", "get").mockReturnValue(online);
  if (online) window.dispatchEvent(new Event("online"));
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe("loadRetrying", () => {
  it("offline, waits for the connection and then loads, however long that takes", async () => {
    setOnline(false);
    let attempts = 0;
    const load = () => {
      attempts += 1;
      return navigator.onLine ? Promise.resolve("loaded") : Promise.reject(new TypeError("Failed to fetch"));
    };
    const result = loadRetrying(load);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(attempts).toBe(1);
    setOnline(true);
    await expect(result).resolves.toBe("loaded");
    expect(attempts).toBe(2);
  });

  it("online, gives up after five attempts and passes the error on", async () => {
    vi.useFakeTimers();
    setOnline(true);
    const load = vi.fn(() => Promise.reject(new Error("gone after a deploy")));
    const result = loadRetrying(load);
    const settled = expect(result).rejects.toThrow("gone after a deploy");
    await vi.runAllTimersAsync();
    await settled;
    expect(load).toHaveBeenCalledTimes(5);
  });
});

describe("lazyRetrying", () => {
  it("keeps the fallback while offline and renders the component once back online", async () => {
    setOnline(false);
    const Piece = lazyRetrying(() =>
      navigator.onLine
        ? Promise.resolve({ default: () => <p>loaded piece</p> })
        : Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    );
    render(
      <Suspense fallback={<p>waiting</p>}>
        <Piece />
      </Suspense>,
    );
    expect(screen.getByText("waiting")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(screen.getByText("waiting")).toBeTruthy();
    setOnline(true);
    expect(await screen.findByText("loaded piece")).toBeTruthy();
  });
});
