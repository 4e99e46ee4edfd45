/**
 * Outbox entries stored before named mutations (issue #19) held the raw
 * request (`{method, path, body}`). The database upgrade to version 3 turns
 * each into the mutation it was made by, with its arguments, so entries
 * queued by the earlier app in a real browser still drain after the update.
 * The only place that reads a URL of an outbox entry, once, at the upgrade.
 *
 * No DOM or React imports (the service worker opens the database too).
 */
import type { Routes } from "@car-rental/shared/api";

/** An entry as version 2 stored it (the fields this upgrade reads). */
export type LegacyOutboxEntry = {
  method?: string;
  path?: string;
  body?: unknown;
  related?: { entity: string; id: string }[];
};

/** The message of an old entry no mutation of this version can send. */
export const UNKNOWN_CHANGE_MESSAGE =
  "Not sent: this change was made by an older version of the app and cannot be sent. Discard it and make it again.";

/** The calls the earlier app queued; each mutation bears its route's name. */
type QueuedRoute =
  | "createCar"
  | "updateCar"
  | "deleteCar"
  | "createCustomer"
  | "updateCustomer"
  | "createAdminBooking"
  | "updateBookingStatus"
  | "addPayment"
  | "blockName"
  | "unblockName"
  | "sendContactMessage";

/**
 * Their method and path, as in the route table (checked by the types: a route
 * that changes breaks the build). Written out rather than read from the
 * table, so opening the database does not load every route's schemas.
 */
const queuedRoutes: { [N in QueuedRoute]: Pick<Routes[N], "method" | "path"> } = {
  createCar: { method: "POST", path: "/api/admin/cars" },
  updateCar: { method: "PUT", path: "/api/admin/cars/:id" },
  deleteCar: { method: "DELETE", path: "/api/admin/cars/:id" },
  createCustomer: { method: "POST", path: "/api/admin/customers" },
  updateCustomer: { method: "PUT", path: "/api/admin/customers/:id" },
  createAdminBooking: { method: "POST", path: "/api/admin/bookings" },
  updateBookingStatus: { method: "PATCH", path: "/api/admin/bookings/:id/status" },
  addPayment: { method: "PATCH", path: "/api/admin/bookings/:id/payment" },
  blockName: { method: "POST", path: "/api/admin/blocked-names" },
  unblockName: { method: "DELETE", path: "/api/admin/blocked-names/:id" },
  sendContactMessage: { method: "POST", path: "/api/contact" },
};

/** The `:param`s of `pattern` read from `path`, or null when it does not match. */
function matchPath(pattern: string, path: string): Record<string, string> | null {
  const names: string[] = [];
  const source = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, "\\$&")
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => {
      names.push(name);
      return "([^/]+)";
    });
  const match = new RegExp(`^${source}$`).exec(path.split("?")[0] ?? "");
  if (!match) return null;
  return Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1] ?? "")]));
}

function bodyObject(body: unknown): Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body) ? { ...body } : {};
}

/** The mutation name and arguments of an old entry, or null when no queued call matches it. */
export function mutationOfLegacyEntry(
  entry: LegacyOutboxEntry,
): { mutation: string; args: Record<string, unknown> } | null {
  for (const [name, route] of Object.entries(queuedRoutes)) {
    if (route.method !== entry.method || entry.path === undefined) continue;
    const params = matchPath(route.path, entry.path);
    if (!params) continue;
    const body = bodyObject(entry.body);
    if (name === "addPayment") return { mutation: name, args: { ...body, bookingId: params.id } };
    if (name === "createAdminBooking") {
      const customer = entry.related?.find((link) => link.entity === "customers");
      return { mutation: name, args: { ...body, ...(customer ? { customerId: customer.id } : {}) } };
    }
    return { mutation: name, args: { ...body, ...params } };
  }
  return null;
}
