import { describe, expect, it } from "vitest";
import { bookingPath, customerPath, itemIdOf, messagePath } from "./admin-paths";
import { ADMIN_TABS, tabOfPath } from "./admin-tabs";

describe("the admin's addresses", () => {
  it("keeps the tabs' labels, in order, with Rates (release-2 §E1) and Messages (§D4) after the existing ones", () => {
    expect(ADMIN_TABS.map((tab) => tab.label)).toEqual([
      "Overview",
      "Fleet Management",
      "Bookings",
      "Timeline",
      "Customers",
      "Blocked Names",
      "Settings",
      "Rates",
      "Messages",
    ]);
  });

  it("finds the tab of a screen or of an item page, and none for /admin itself", () => {
    expect(tabOfPath("/admin/overview")).toBe("overview");
    expect(tabOfPath("/admin/blocklist")).toBe("blocklist");
    expect(tabOfPath("/admin/bookings/0b9c6e0a")).toBe("bookings");
    expect(tabOfPath("/admin/Customers/")).toBe("customers");
    expect(tabOfPath("/admin/messages/0b9c6e0a")).toBe("messages");
    expect(tabOfPath("/admin")).toBeNull();
    expect(tabOfPath("/admin/")).toBeNull();
    expect(tabOfPath("/admin/nothing")).toBeNull();
  });

  it("builds an item page's address and reads its id back", () => {
    const id = "0b9c6e0a-1d2f-4c3b-9a8e-7f6d5c4b3a21";
    expect(bookingPath(id)).toBe(`/admin/bookings/${id}`);
    expect(itemIdOf(bookingPath(id))).toBe(id);
    expect(itemIdOf(customerPath("a b/c"))).toBe("a b/c");
    expect(itemIdOf(messagePath(id))).toBe(id);
    expect(itemIdOf("/admin/bookings/%E0%A4%A")).toBe("%E0%A4%A");
    expect(itemIdOf("/admin/bookings")).toBe("");
  });
});
