import { describe, expect, expectTypeOf, it } from "vitest";
import { buildPath, routes, type PathParams, type RouteRequestBody, type RouteResponse } from "./api";
import type { Car } from "./schemas/car";

describe("routes", () => {
  it("has one entry per method and path", () => {
    const keys = Object.values(routes).map((route) => `${route.method} ${route.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it("covers every call of spec §7 and decisions.md", () => {
    const keys = new Set(Object.values(routes).map((route) => `${route.method} ${route.path}`));
    for (const call of [
      "GET /api/cars",
      "GET /api/cars/:id/booked-dates",
      "GET /api/blocked-names/check",
      "POST /api/objects/upload",
      "POST /api/bookings",
      "PUT /api/bookings/:id/documents",
      "POST /api/contact",
      "POST /api/admin/session",
      "GET /api/admin/session",
      "DELETE /api/admin/session",
      "GET /api/admin/customers",
      "GET /api/admin/bookings",
      "GET /api/admin/blocked-names",
      "GET /api/admin/cars",
      "POST /api/admin/cars",
      "PUT /api/admin/cars/:id",
      "DELETE /api/admin/cars/:id",
      "POST /api/admin/customers",
      "PUT /api/admin/customers/:id",
      "DELETE /api/admin/customers/:id",
      "POST /api/admin/bookings",
      "PATCH /api/admin/bookings/:id/status",
      "PATCH /api/admin/bookings/:id/payment",
      "POST /api/admin/blocked-names",
      "DELETE /api/admin/blocked-names/:id",
      "GET /api/admin/sync",
      "GET /api/health",
    ]) {
      expect(keys.has(call), call).toBe(true);
    }
  });

  it("guards every /api/admin route except the session calls", () => {
    for (const route of Object.values(routes)) {
      const isAdminPath = route.path.startsWith("/api/admin/") && route.path !== "/api/admin/session";
      expect(route.auth === "admin", route.path).toBe(isAdminPath);
    }
  });

  it("types requests and answers from the schemas", () => {
    expectTypeOf<RouteResponse<"listCars">>().toEqualTypeOf<Car[]>();
    expectTypeOf<RouteRequestBody<"listCars">>().toEqualTypeOf<undefined>();
    expectTypeOf<RouteRequestBody<"addPayment">>().toHaveProperty("amount");
    expectTypeOf<PathParams<"/api/admin/bookings/:id/status">>().toEqualTypeOf<{ id: string }>();
  });
});

describe("buildPath", () => {
  it("fills and encodes parameters", () => {
    expect(buildPath(routes.carBookedDates.path, { id: "abc" })).toBe("/api/cars/abc/booked-dates");
    expect(buildPath(routes.updateCar.path, { id: "a/b c" })).toBe("/api/admin/cars/a%2Fb%20c");
    expect(buildPath(routes.listCars.path, {})).toBe("/api/cars");
  });

  it("appends the defined query entries", () => {
    expect(buildPath(routes.checkBlockedName.path, {}, { name: "Juan Dela Cruz" })).toBe(
      "/api/blocked-names/check?name=Juan+Dela+Cruz",
    );
    expect(buildPath(routes.adminSync.path, {}, { since: undefined })).toBe("/api/admin/sync");
  });

  it("refuses a missing parameter", () => {
    expect(() => buildPath(routes.deleteCar.path, { id: "" })).toThrow(/Missing path parameter/);
  });
});
