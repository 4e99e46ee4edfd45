import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminSuccess } from "@car-rental/shared/messages";
import { closeOutboxEvents, emitOutboxEvent, type OutboxEvent } from "../../../data/outbox-events";
import { showAdminError, showSuccess } from "../../../lib/toast";
import { useOutboxToasts } from "./use-outbox-toasts";

vi.mock("../../../lib/toast", () => ({ showSuccess: vi.fn(), showAdminError: vi.fn(), showToast: vi.fn() }));

function statusEvent(n: number, type: OutboxEvent["type"] = "delivered"): OutboxEvent {
  return {
    type,
    entryId: `entry-${n}`,
    entity: "bookings",
    entityId: "booking-1",
    mutation: "updateBookingStatus",
    label: `Status change ${n}`,
    ...(type === "failed" ? { error: "Booking not found" } : {}),
  };
}

afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
  closeOutboxEvents();
});

describe("useOutboxToasts", () => {
  it("shows one toast for a burst of deliveries: the first at once, then the newest", () => {
    vi.useFakeTimers();
    const { unmount } = renderHook(() => useOutboxToasts());
    for (let n = 0; n < 50; n++) emitOutboxEvent(statusEvent(n));
    expect(showSuccess).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(300);
    expect(showSuccess).toHaveBeenCalledTimes(2);
    expect(showSuccess).toHaveBeenLastCalledWith(adminSuccess.updateBookingStatus);
    unmount();
  });

  it("keeps a refusal of the burst on screen rather than a later success", () => {
    vi.useFakeTimers();
    const { unmount } = renderHook(() => useOutboxToasts());
    emitOutboxEvent(statusEvent(1));
    emitOutboxEvent(statusEvent(2, "failed"));
    emitOutboxEvent(statusEvent(3));
    vi.advanceTimersByTime(300);
    expect(showSuccess).toHaveBeenCalledTimes(1);
    expect(showAdminError).toHaveBeenCalledWith("Booking not found");
    unmount();
  });
});
