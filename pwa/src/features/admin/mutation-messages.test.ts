import { describe, expect, it } from "vitest";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { mutationMessages } from "./mutation-messages";

const id = "00000000-0000-4000-8000-000000000001";

describe("mutationMessages", () => {
  it.each([
    ["cars", "POST", "/api/admin/cars", adminSuccess.addCar, adminFailures.addCar],
    ["cars", "PUT", `/api/admin/cars/${id}`, adminSuccess.updateCar, adminFailures.updateCar],
    ["cars", "DELETE", `/api/admin/cars/${id}`, adminSuccess.deleteCar, adminFailures.deleteCar],
    ["customers", "POST", "/api/admin/customers", adminSuccess.addCustomer, adminFailures.addCustomer],
    [
      "customers",
      "PUT",
      `/api/admin/customers/${id}`,
      adminSuccess.updateCustomer,
      adminFailures.updateCustomer,
    ],
    [
      "bookings",
      "PATCH",
      `/api/admin/bookings/${id}/status`,
      adminSuccess.updateBookingStatus,
      adminFailures.updateBookingStatus,
    ],
    [
      "payments",
      "PATCH",
      `/api/admin/bookings/${id}/payment`,
      adminSuccess.updatePayment,
      adminFailures.updatePayment,
    ],
    ["blockedNames", "POST", "/api/admin/blocked-names", adminSuccess.blockName, adminFailures.blockName],
    [
      "blockedNames",
      "DELETE",
      `/api/admin/blocked-names/${id}`,
      adminSuccess.unblockName,
      adminFailures.unblockName,
    ],
  ] as const)("%s %s gives the spec's toasts", (entity, method, path, success, failure) => {
    expect(mutationMessages({ entity, method, path })).toEqual({ success, failure });
  });

  it("has no toast for contact messages, and only a failure text for a first booking", () => {
    expect(mutationMessages({ entity: "contact", method: "POST", path: "/api/contact" })).toBeNull();
    expect(mutationMessages({ entity: "bookings", method: "POST", path: "/api/admin/bookings" })).toEqual({
      success: null,
      failure: adminFailures.addCustomer,
    });
  });
});
