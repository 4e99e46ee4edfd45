/**
 * Which of the spec's toasts (§8 "Admin mutations") belongs to an outbox
 * entry. Derived from the entry itself (entity, method, path), not from
 * memory, so a change queued offline and delivered after a reload, or by
 * another tab, is still announced with the right words.
 */
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import type { OutboxEntity } from "../../data/db";

export type MutationMessages = {
  /** Null when the spec has no success toast for it. */
  success: string | null;
  failure: string;
};

export type MutationRef = { entity: OutboxEntity; method: string; path: string };

/** The success and failure texts of an admin change, or null for other entries (contact messages). */
export function mutationMessages(entry: MutationRef): MutationMessages | null {
  switch (entry.entity) {
    case "cars":
      if (entry.method === "POST") return { success: adminSuccess.addCar, failure: adminFailures.addCar };
      if (entry.method === "DELETE")
        return { success: adminSuccess.deleteCar, failure: adminFailures.deleteCar };
      return { success: adminSuccess.updateCar, failure: adminFailures.updateCar };
    case "customers":
      if (entry.method === "POST")
        return { success: adminSuccess.addCustomer, failure: adminFailures.addCustomer };
      if (entry.method === "DELETE") return null;
      return { success: adminSuccess.updateCustomer, failure: adminFailures.updateCustomer };
    case "bookings":
      // The first booking of a new customer has no toast of its own in the spec
      // (the customer's toast covers it); its refusal still shows the server's message.
      if (entry.method === "POST") return { success: null, failure: adminFailures.addCustomer };
      if (entry.path.endsWith("/payment")) {
        return { success: adminSuccess.updatePayment, failure: adminFailures.updatePayment };
      }
      return { success: adminSuccess.updateBookingStatus, failure: adminFailures.updateBookingStatus };
    case "payments":
      return { success: adminSuccess.updatePayment, failure: adminFailures.updatePayment };
    case "blockedNames":
      if (entry.method === "DELETE")
        return { success: adminSuccess.unblockName, failure: adminFailures.unblockName };
      return { success: adminSuccess.blockName, failure: adminFailures.blockName };
    case "contact":
      return null;
  }
}
