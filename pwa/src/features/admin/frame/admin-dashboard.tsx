import { Button, Group, Stack, Tabs, Text } from "@mantine/core";
import { useAppBadge } from "./use-app-badge";
import { IconLogout } from "@tabler/icons-react";
import { Outlet, useRouter, useRouterState } from "@tanstack/react-router";
import { useEffect, useMemo, useState } from "react";
import { syncAdmin } from "../../../data/admin-sync";
import { useOutbox } from "../../../data/use-outbox";
import { ADMIN_TABS, tabOfPath } from "./admin-tabs";
import { ConfirmDialog } from "./confirm-dialog";
import classes from "./admin.module.css";
import { AdminSyncArea } from "./admin-sync-area";
import { signOut } from "./use-admin-session";

/** How often an open admin screen pulls the changes made elsewhere. */
const ADMIN_SYNC_INTERVAL_MS = 30_000;

/** Pulls the server's changes now, every half minute while on screen, and whenever the connection comes back. */
function useAdminSync(): void {
  useEffect(() => {
    const pull = () => {
      if (!navigator.onLine || document.visibilityState !== "visible") return;
      syncAdmin().catch((error: unknown) => console.warn("Admin sync failed", error));
    };
    pull();
    // What others changed meanwhile (a customer's booking or cancellation, another device): a delta
    // every half minute while the screen is on, and at once when the tablet wakes or reconnects.
    const timer = window.setInterval(pull, ADMIN_SYNC_INTERVAL_MS);
    window.addEventListener("online", pull);
    document.addEventListener("visibilitychange", pull);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("online", pull);
      document.removeEventListener("visibilitychange", pull);
    };
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

/**
 * The dashboard (spec §2): the tabs, the sync status, and logout. The open
 * tab is the address (`/admin/<tab>`): picking a tab navigates, and the
 * screen is the matched child route, shown in the tab's panel.
 */
export function AdminDashboard() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const router = useRouter();
  const tab = tabOfPath(pathname);
  useAdminSync();
  useAppBadge();

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
          // A tab's own list (e.g. back from a booking's page to Bookings) is a navigation too.
          if (picked && `/admin/${picked}` !== pathname) void router.navigate({ to: `/admin/${picked}` });
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
        {tab ? (
          <Tabs.Panel value={tab} pt="md">
            <Outlet />
          </Tabs.Panel>
        ) : (
          // `/admin` itself: its route sends the admin on to the Overview.
          <Outlet />
        )}
      </Tabs>
    </Stack>
  );
}
