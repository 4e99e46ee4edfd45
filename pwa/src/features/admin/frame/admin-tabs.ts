import {
  IconBan,
  IconCalendarEvent,
  IconCar,
  IconLayoutDashboard,
  IconMail,
  IconPercentage,
  IconSettings,
  IconTimeline,
  IconUsers,
} from "@tabler/icons-react";

/**
 * The dashboard's screens, in tab order. Each is the route `/admin/<value>`
 * (pwa/src/routes/admin/), so the address says which tab is open: the back
 * button, a deep link and a reload land on it. A new screen adds its route
 * file and one entry here.
 */
export const ADMIN_TABS = [
  { value: "overview", label: "Overview", icon: IconLayoutDashboard },
  { value: "fleet", label: "Fleet Management", icon: IconCar },
  { value: "bookings", label: "Bookings", icon: IconCalendarEvent },
  { value: "timeline", label: "Timeline", icon: IconTimeline },
  { value: "customers", label: "Customers", icon: IconUsers },
  { value: "blocklist", label: "Blocked Names", icon: IconBan },
  { value: "settings", label: "Settings", icon: IconSettings },
  // Release 2 §E1: seasonal rates, after the tabs release 1 and 2 had.
  { value: "rates", label: "Rates", icon: IconPercentage },
  // Release 2 §D4: where a contact message's notification lands.
  { value: "messages", label: "Messages", icon: IconMail },
] as const;

export type AdminTab = (typeof ADMIN_TABS)[number]["value"];

/** The tab an admin address belongs to (`/admin/bookings/<id>` → bookings), or null (`/admin`). */
export function tabOfPath(pathname: string): AdminTab | null {
  const segment = pathname.split("/")[2]?.toLowerCase() ?? "";
  return ADMIN_TABS.find((tab) => tab.value === segment)?.value ?? null;
}
