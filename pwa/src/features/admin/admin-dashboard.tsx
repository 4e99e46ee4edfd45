import { Button, Group, Stack, Tabs, Text } from "@mantine/core";
import {
  IconBan,
  IconCalendarEvent,
  IconCar,
  IconLayoutDashboard,
  IconLogout,
  IconUsers,
} from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { syncAdmin } from "../../data/admin-sync";
import { useOutbox } from "../../data/use-outbox";
import { BlockedNamesTab } from "./blocked-names-tab";
import { BookingsTab } from "./bookings-tab";
import { ConfirmDialog } from "./confirm-dialog";
import { CustomersTab } from "./customers-tab";
import { FleetTab } from "./fleet-tab";
import classes from "./admin.module.css";
import { OverviewTab } from "./overview-tab";
import { AdminSyncArea } from "./admin-sync-area";
import { signOut } from "./use-admin-session";

export const ADMIN_TABS = [
  { value: "overview", label: "Overview", icon: IconLayoutDashboard },
  { value: "fleet", label: "Fleet Management", icon: IconCar },
  { value: "bookings", label: "Bookings", icon: IconCalendarEvent },
  { value: "customers", label: "Customers", icon: IconUsers },
  { value: "blocked", label: "Blocked Names", icon: IconBan },
] as const;
type TabValue = (typeof ADMIN_TABS)[number]["value"];

const TAB_KEY = "adminTab";

function readTab(): TabValue {
  try {
    const saved = window.sessionStorage.getItem(TAB_KEY);
    return ADMIN_TABS.find((tab) => tab.value === saved)?.value ?? "overview";
  } catch {
    return "overview";
  }
}

function saveTab(tab: TabValue): void {
  try {
    window.sessionStorage.setItem(TAB_KEY, tab);
  } catch {
    // The tab is remembered for this page only.
  }
}

/** Pulls the server's changes now and whenever the connection comes back. */
function useAdminSync(): void {
  useEffect(() => {
    const pull = () => {
      if (!navigator.onLine) return;
      syncAdmin().catch((error: unknown) => console.warn("Admin sync failed", error));
    };
    pull();
    window.addEventListener("online", pull);
    return () => window.removeEventListener("online", pull);
  }, []);
}

/**
 * Logout, with a warning when changes have not reached the server yet. Its
 * own component: the outbox count changes with every delivery, and only
 * this button needs it (not the whole dashboard).
 */
function LogoutButton() {
  const [confirmingLogout, setConfirmingLogout] = useState(false);
  // Only the admin's changes: a visitor's queued contact message stays and is sent after the logout.
  const entries = useOutbox();
  const unsent = useMemo(() => entries.filter((entry) => entry.entity !== "contact").length, [entries]);

  const logout = () => {
    if (unsent > 0) setConfirmingLogout(true);
    else void signOut();
  };

  return (
    <>
      <Button
        variant="default"
        size="md"
        mih={44}
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={logout}
      >
        Logout
      </Button>
      <ConfirmDialog
        opened={confirmingLogout}
        title="Log out with unsent changes?"
        confirmLabel="Log Out Anyway"
        onCancel={() => setConfirmingLogout(false)}
        onConfirm={() => {
          setConfirmingLogout(false);
          void signOut();
        }}
      >
        <Text>
          {unsent} {unsent === 1 ? "change has" : "changes have"} not reached the server yet. Logging out
          deletes {unsent === 1 ? "it" : "them"} from this device.
        </Text>
      </ConfirmDialog>
    </>
  );
}

/** The dashboard (spec §2): five tabs, the sync status, and logout. */
export function AdminDashboard() {
  const [tab, setTab] = useState<TabValue>(readTab);
  useAdminSync();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        <AdminSyncArea />
        <LogoutButton />
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => {
          const picked = ADMIN_TABS.find((candidate) => candidate.value === value)?.value;
          if (picked) {
            setTab(picked);
            saveTab(picked);
          }
        }}
        keepMounted={false}
        variant="outline"
      >
        <Tabs.List className={classes.tabsList}>
          {ADMIN_TABS.map(({ value, label, icon: Icon }) => (
            <Tabs.Tab
              key={value}
              value={value}
              className={classes.tab}
              leftSection={<Icon size={18} aria-hidden />}
            >
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="overview" pt="md">
          <OverviewTab />
        </Tabs.Panel>
        <Tabs.Panel value="fleet" pt="md">
          <FleetTab />
        </Tabs.Panel>
        <Tabs.Panel value="bookings" pt="md">
          <BookingsTab />
        </Tabs.Panel>
        <Tabs.Panel value="customers" pt="md">
          <CustomersTab />
        </Tabs.Panel>
        <Tabs.Panel value="blocked" pt="md">
          <BlockedNamesTab />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
