import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useManilaHour } from "./use-manila-hour";

describe("useManilaHour", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reads Manila's date and hour from the injected clock", () => {
    const clock = () => new Date("2026-11-21T08:30:00Z");
    const { result } = renderHook(() => useManilaHour(clock));
    expect(result.current).toEqual({ date: "2026-11-21", hour: 16 });
  });

  it("renders again when Manila's hour changes, and across midnight", () => {
    let instant = new Date("2026-11-21T08:59:30Z").getTime(); // 4:59:30 PM in Manila
    const clock = () => new Date(instant);
    const { result } = renderHook(() => useManilaHour(clock));
    expect(result.current).toEqual({ date: "2026-11-21", hour: 16 });

    act(() => {
      instant += 30_000;
      vi.advanceTimersByTime(30_000);
    });
    expect(result.current).toEqual({ date: "2026-11-21", hour: 17 });

    act(() => {
      instant += 7 * 3_600_000;
      vi.advanceTimersByTime(7 * 3_600_000);
    });
    expect(result.current).toEqual({ date: "2026-11-22", hour: 0 });
  });

  it("keeps the same object within an hour", () => {
    let instant = new Date("2026-11-21T01:00:00Z").getTime();
    const clock = () => new Date(instant);
    const { result } = renderHook(() => useManilaHour(clock));
    const first = result.current;
    act(() => {
      instant += 1_000;
      vi.advanceTimersByTime(1_000);
    });
    expect(result.current).toBe(first);
  });
});
