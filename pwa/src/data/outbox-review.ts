/**
 * The admin's actions on outbox entries from the review list (split out of
 * the outbox engine, issue #19): send again, edit, discard, and resume the
 * entries paused for sign-in. Each changes the stored entries only; the
 * engine's public methods of the same names call these and then start a
 * drain (and, after a discard, refresh the admin mirror).
 *
 * No DOM or React imports: the service worker runs this too.
 */
import { readAdminSyncState } from "./admin-sync";
import type { CarRentalDb, OutboxEntry, StoredOutboxEntry } from "./db";
import { mayHaveReachedServer, newId, outboxRowKeys } from "./outbox";
import { withEditedFields } from "./mutations/changed-fields";
import { editableKeys, type MutationArgs } from "./mutations/mutation";
import { mutationNamed } from "./mutations/registry";

/**
 * Puts an entry back in line to go now. A refused entry gets a new
 * Idempotency-Key: the server stored its refusal under the old one (and
 * applied nothing), so the old key would only replay that refusal. One moved
 * to the review list for its age after tries without an answer keeps its key:
 * the server may have applied it, and keeps keys longer (90 days) than the
 * outbox keeps entries (60), so sending it again replays instead of applying twice.
 */
export async function retryEntry(db: CarRentalDb, now: () => number, id: string): Promise<void> {
  // Every table: a change's own step (`forgetUploads`) may touch the files it names.
  await db.transaction("rw", db.tables, async () => {
    const entry = await db.outbox.get(id);
    if (!entry || entry.state === "sending") return;
    const reset = {
      state: "pending" as const,
      nextAttemptAt: 0,
      claimedAt: null,
      lastError: null,
      lastStatus: null,
    };
    if (entry.state === "failed" && mayHaveReachedServer(entry)) {
      // The same request again (same key); its age counts from now, so it is not moved back at once.
      await db.outbox.update(id, { ...reset, failStreak: 0, createdAt: new Date(now()).toISOString() });
    } else if (entry.state === "failed") {
      // A new request (new key), asked for by the admin now: its age counts from now (§A5). What it
      // uploaded before goes up again (the server may have deleted an upload nothing attached).
      await mutationNamed(entry.mutation)?.forgetUploads?.(db, entry.args);
      await db.outbox.delete(id);
      await db.outbox.add({
        ...entry,
        ...reset,
        id: newId(),
        attempts: 0,
        failStreak: 0,
        createdAt: new Date(now()).toISOString(),
      });
    } else {
      await db.outbox.update(id, { ...reset, failStreak: 0 });
    }
  });
}

/**
 * Replaces the editable arguments of a waiting or refused entry (same
 * place in line, a new Idempotency-Key since the request changes). The
 * mutation's `revise` brings the optimistic rows in step, in the same
 * transaction, and gives the entry's new label. Resolves with the stored
 * entry, or null when there is no entry `id`.
 *
 * §A5: an entry that may already have reached the server (on its way, or
 * sent without an answer) is not edited in place: it still goes with its
 * own key (back in line when it waited in review for its age), and the edit
 * becomes a new entry at the end of the line.
 */
export function editEntry(
  db: CarRentalDb,
  now: () => number,
  id: string,
  changes: MutationArgs,
): Promise<OutboxEntry | null> {
  return db.transaction("rw", db.tables, async () => {
    const entry = await db.outbox.get(id);
    if (!entry) return null;
    const mutation = mutationNamed(entry.mutation);
    // The record's identity never changes: only the editable arguments are taken.
    const editable = new Set(mutation ? editableKeys(mutation, entry.args) : []);
    // An edit that sends only its changed fields sends those edited here too (changed-fields.ts).
    const args = withEditedFields(entry.args, {
      ...entry.args,
      ...Object.fromEntries(Object.entries(changes).filter(([key]) => editable.has(key))),
    });
    const label = mutation?.revise ? await mutation.revise(db, entry, args) : undefined;
    const fresh = {
      id: newId(),
      // A new request decided now: its age (§A5) counts from now.
      createdAt: new Date(now()).toISOString(),
      args,
      label: label ?? entry.label,
      attempts: 0,
      failStreak: 0,
      nextAttemptAt: 0,
      claimedAt: null,
      lastError: null,
      lastStatus: null,
    };
    if (mayHaveReachedServer(entry)) {
      if (entry.state === "failed") {
        // Moved to review for its age after tries without an answer: it goes again first, under its
        // own key (the server replays it if it had it), so it can never come after its edit.
        await db.outbox.update(id, {
          state: "pending",
          createdAt: new Date(now()).toISOString(),
          nextAttemptAt: 0,
          claimedAt: null,
          lastError: null,
          failStreak: 0,
        });
      }
      const last = await db.outbox.orderBy("seq").last();
      // A creation that may have happened already: the edited one is a record of its own.
      const record = mutation?.creates && typeof args.id === "string" ? newId() : null;
      const entityId = record ?? entry.entityId;
      const added: StoredOutboxEntry = {
        ...entry,
        ...fresh,
        ...(record ? { args: { ...args, id: record } } : {}),
        entityId,
        rowKeys: outboxRowKeys({ entity: entry.entity, entityId, related: entry.related }),
        seq: (last?.seq ?? 0) + 1,
        state: entry.state === "needs_auth" ? "needs_auth" : "pending",
      };
      await db.outbox.add(added);
      return added;
    }
    const next: StoredOutboxEntry = {
      ...entry,
      ...fresh,
      state: entry.state === "needs_auth" ? "needs_auth" : "pending",
    };
    await db.outbox.delete(id);
    await db.outbox.add(next);
    return next;
  });
}

/**
 * Drops an entry (not one on its way); resolves with the dropped entry, or
 * null. For an admin entry the sync cursor is forgotten, so the next sync of
 * the admin mirror is a full one and brings the server's rows back.
 */
export function discardEntry(db: CarRentalDb, id: string): Promise<OutboxEntry | null> {
  return db.transaction("rw", [db.outbox, db.syncState], async () => {
    const found = await db.outbox.get(id);
    if (!found || found.state === "sending") return null;
    await db.outbox.delete(id);
    if (found.entity !== "contact") {
      // Forget the cursor: the next sync is a full one, and brings the server's rows back. A paged
      // reset under way starts over too: its earlier pages kept the row as the discarded change left it.
      const state = await readAdminSyncState(db);
      await db.syncState.put({ ...state, cursor: null, page: null });
    }
    return found;
  });
}

/** Removes rows that exist only because of a discarded change (creations with a temporary id). */
export async function revertOptimisticRows(db: CarRentalDb, entry: OutboxEntry): Promise<void> {
  // Only creations made rows of their own; changed rows come back from the server on the full sync.
  if (entry.entity === "contact" || !mutationNamed(entry.mutation)?.creates) return;
  const table = db.mirrorTable(entry.entity);
  await db.transaction("rw", db.tables, async () => {
    const stillReferenced = (await db.outbox.toArray()).some((other) => other.entityId === entry.entityId);
    const row = await table.get(entry.entityId);
    if (row?._pending && !stillReferenced) await table.delete(entry.entityId);
  });
}

/** After the admin signed in again: the paused entries are back in line, and the admin sync state is ok. */
export async function resumeEntriesAfterSignIn(db: CarRentalDb): Promise<void> {
  await db.transaction("rw", [db.outbox, db.syncState], async () => {
    await db.outbox
      .where("state")
      .equals("needs_auth")
      .modify({ state: "pending", nextAttemptAt: 0, claimedAt: null });
    const state = await readAdminSyncState(db);
    await db.syncState.put({ ...state, auth: "ok" });
  });
}
