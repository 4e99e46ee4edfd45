import { describe, expect, it } from "vitest";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import { needsSessionFor, requestOf } from "./mutation";
import { allMutations, mutationNamed } from "./registry";

const id = "00000000-0000-4000-8000-000000000001";
const other = "00000000-0000-4000-8000-000000000002";

describe("the mutation registry", () => {
  it("finds every mutation module by its name, once", () => {
    const names = allMutations().map((mutation) => mutation.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names.sort()).toEqual(
      [
        "addCustomerBooking",
        "addPayment",
        "blockName",
        "checkInBooking",
        "checkOutBooking",
        "createAdminBooking",
        "createBlock",
        "createCar",
        "createCustomer",
        "createRatePeriod",
        "deleteCar",
        "deleteRatePeriod",
        "removeBlock",
        "saveLengthDiscounts",
        "sendContactMessage",
        "unblockName",
        "updateBookingStatus",
        "updateCar",
        "updateCustomer",
        "updateRatePeriod",
      ].sort(),
    );
    expect(mutationNamed("noSuchChange")).toBeUndefined();
  });

  it.each([
    ["createCar", adminSuccess.addCar, adminFailures.addCar],
    ["updateCar", adminSuccess.updateCar, adminFailures.updateCar],
    ["deleteCar", adminSuccess.deleteCar, adminFailures.deleteCar],
    ["createCustomer", adminSuccess.addCustomer, adminFailures.addCustomer],
    ["addCustomerBooking", adminSuccess.addBooking, adminFailures.addBooking],
    ["updateCustomer", adminSuccess.updateCustomer, adminFailures.updateCustomer],
    ["updateBookingStatus", adminSuccess.updateBookingStatus, adminFailures.updateBookingStatus],
    ["addPayment", adminSuccess.updatePayment, adminFailures.updatePayment],
    ["blockName", adminSuccess.blockName, adminFailures.blockName],
    ["unblockName", adminSuccess.unblockName, adminFailures.unblockName],
    ["createBlock", adminSuccess.blockDates, adminFailures.blockDates],
    ["removeBlock", adminSuccess.removeBlock, adminFailures.removeBlock],
    ["checkOutBooking", adminSuccess.checkOut, adminFailures.checkOut],
    ["checkInBooking", adminSuccess.checkIn, adminFailures.checkIn],
    ["createRatePeriod", adminSuccess.addRatePeriod, adminFailures.addRatePeriod],
    ["updateRatePeriod", adminSuccess.updateRatePeriod, adminFailures.updateRatePeriod],
    ["deleteRatePeriod", adminSuccess.deleteRatePeriod, adminFailures.deleteRatePeriod],
    ["saveLengthDiscounts", adminSuccess.saveLengthDiscounts, adminFailures.saveLengthDiscounts],
  ] as const)("%s gives the spec's toasts", (name, success, failure) => {
    expect(mutationNamed(name)?.messages).toEqual({ success, failure });
  });

  it("has no toast for contact messages, and only a failure text for a first booking", () => {
    expect(mutationNamed("sendContactMessage")?.messages).toBeNull();
    expect(mutationNamed("createAdminBooking")?.messages).toEqual({
      success: null,
      failure: adminFailures.addCustomer,
    });
  });

  it("builds each request from the route table: path parameters from the arguments, the rest as body", () => {
    const request = (name: string, args: Record<string, unknown>) => {
      const mutation = mutationNamed(name);
      if (!mutation) throw new Error(name);
      return { method: mutation.route.method, ...requestOf(mutation, args) };
    };
    expect(request("updateBookingStatus", { id, status: "confirmed" })).toEqual({
      method: "PATCH",
      path: `/api/admin/bookings/${id}/status`,
      body: { status: "confirmed" },
    });
    expect(request("addPayment", { bookingId: id, id: other, amount: "500.00" })).toEqual({
      method: "PATCH",
      path: `/api/admin/bookings/${id}/payment`,
      body: { id: other, amount: "500.00" },
    });
    expect(
      request("createBlock", { carId: id, id: other, startDate: "2026-12-01", endDate: "2026-12-02" }),
    ).toEqual({
      method: "POST",
      path: `/api/admin/cars/${id}/blocks`,
      body: { id: other, startDate: "2026-12-01", endDate: "2026-12-02" },
    });
    expect(request("removeBlock", { id })).toEqual({ method: "DELETE", path: `/api/admin/blocks/${id}` });
    const period = { name: "Holy Week", startDate: "2027-03-21", endDate: "2027-03-28", percent: 30 };
    expect(request("createRatePeriod", { id, ...period })).toEqual({
      method: "POST",
      path: "/api/admin/rate-periods",
      body: { id, ...period },
    });
    expect(request("updateRatePeriod", { id, ...period })).toEqual({
      method: "PUT",
      path: `/api/admin/rate-periods/${id}`,
      body: period,
    });
    expect(request("deleteRatePeriod", { id })).toEqual({
      method: "DELETE",
      path: `/api/admin/rate-periods/${id}`,
    });
    const lengthDiscounts = [{ minDays: 7, percentOff: 10 }];
    expect(request("saveLengthDiscounts", { lengthDiscounts })).toEqual({
      method: "PUT",
      path: "/api/admin/length-discounts",
      body: { lengthDiscounts },
    });
    expect(request("deleteCar", { id })).toEqual({ method: "DELETE", path: `/api/admin/cars/${id}` });
    expect(request("createCar", { id, name: "Vios" })).toEqual({
      method: "POST",
      path: "/api/admin/cars",
      body: { id, name: "Vios" },
    });
    expect(request("createAdminBooking", { id, customerId: other, carName: "Vios" })).toEqual({
      method: "POST",
      path: "/api/admin/bookings",
      body: { id, carName: "Vios" },
    });
    expect(request("addCustomerBooking", { id, customerId: other, carName: "Vios" })).toEqual({
      method: "POST",
      path: "/api/admin/bookings",
      body: { id, customerId: other, carName: "Vios" },
    });
  });

  it("needs the admin session for every change but the contact message", () => {
    for (const mutation of allMutations()) {
      expect(needsSessionFor(mutation), mutation.name).toBe(mutation.name !== "sendContactMessage");
    }
  });
});
