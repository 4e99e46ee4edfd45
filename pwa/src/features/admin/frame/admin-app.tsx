import "./admin-styles";
import { useEffect } from "react";
import { startSyncEngine } from "../../../data/sync-engine";
import { AdminDashboard } from "./admin-dashboard";
import { AdminGate } from "./admin-gate";
import { SyncMarksProvider } from "./sync-marks";
import { useAdminSession } from "./use-admin-session";
import { useOutboxToasts } from "./use-outbox-toasts";

/**
 * The admin area (spec §2 "/admin"): the password gate, then the dashboard.
 * With the local flag set, the dashboard shows at once from the cached data
 * (also offline); a 401 brings the gate back with every queued change kept.
 */
export function AdminApp() {
  const session = useAdminSession();
  useOutboxToasts();
  useEffect(() => {
    // Idempotent: the page's engine may already run (main.tsx); the admin area needs it.
    startSyncEngine();
  }, []);

  if (!session.showDashboard) return <AdminGate sessionExpired={session.sessionExpired} />;
  return (
    <SyncMarksProvider>
      <AdminDashboard />
    </SyncMarksProvider>
  );
}
