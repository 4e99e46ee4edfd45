/** The counts the indicator needs (a structural subset of the outbox counts). */
export type SyncCounts = { total: number; failed: number; needsAuth: number };

/** What the indicator says, for its text and its accessible name. */
export function syncStatusText(online: boolean, counts: SyncCounts): { badge: string | null; label: string } {
  const waiting = counts.total;
  const badge = waiting > 0 ? `${waiting} waiting` : null;
  const connection = online ? "Online" : "Offline";
  if (waiting === 0) return { badge, label: `${connection}, all changes saved` };
  const changes = `${waiting} ${waiting === 1 ? "change" : "changes"} waiting to sync`;
  const problems =
    counts.failed > 0 ? `, ${counts.failed} not accepted` : counts.needsAuth > 0 ? ", sign-in needed" : "";
  return { badge, label: `${connection}, ${changes}${problems}` };
}
