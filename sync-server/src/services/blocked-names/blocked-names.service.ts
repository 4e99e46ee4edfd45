import type { Knex } from "knex";
import { SQLSTATE, constraintName, sqlState } from "@car-rental/db";
import { blockKey, type BlockKind } from "@car-rental/shared/blocklist-keys";
import type { BlockedName, BlockedNameInput } from "@car-rental/shared/schemas/blocked-name";
import { NotFound } from "../../errors";
import { replayedCreate } from "../client-id";

export const BLOCKED_NAME_NOT_FOUND = "Blocked name not found";

/** A row of the `blocked_names` table. */
export type BlockedNameRow = {
  id: string;
  full_name: string;
  /** Release 1's name key: set for names only. */
  name_key: string | null;
  kind: BlockKind;
  /** What the admin typed; normalised unless a name (storedBlockValue), since release 2's first entries. */
  value: string;
  /** The value normalised (`blockKey`): what a booking is compared with. */
  match_key: string;
  reason: string | null;
  blocked_by: string;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** int8: a string on both engines. */
  version: string | number;
};

export function blockedNamesTable(db: Knex): Knex.QueryBuilder<BlockedNameRow, BlockedNameRow[]> {
  return db<BlockedNameRow>("blocked_names");
}

export function toBlockedName(row: BlockedNameRow): BlockedName {
  // Entries stored before values were normalised kept what was typed: their key is the normalised value.
  const value = row.kind === "name" ? row.value : row.match_key;
  return {
    id: row.id,
    kind: row.kind,
    value,
    fullName: value,
    reason: row.reason,
    blockedBy: row.blocked_by,
    createdAt: row.created_at.toISOString(),
    version: Number(row.version),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}

/** The blocklist (not unblocked), newest first. */
export async function listBlockedNames(db: Knex): Promise<BlockedName[]> {
  const rows = await blockedNamesTable(db)
    .whereNull("deleted_at")
    .orderBy([
      { column: "created_at", order: "desc" },
      { column: "id", order: "desc" },
    ]);
  return rows.map(toBlockedName);
}

function findBlocked(db: Knex, kind: BlockKind, key: string): Promise<BlockedNameRow | undefined> {
  return blockedNamesTable(db).where({ kind, match_key: key }).whereNull("deleted_at").first();
}

/**
 * Blocks a name, e-mail, phone or licence number (release-2 §E3). Idempotent
 * by kind and normalised value (`blockKey`): blocking what is already blocked
 * changes nothing and answers the existing entry with `created: false`.
 */
export async function blockName(
  db: Knex,
  input: BlockedNameInput,
): Promise<{ blockedName: BlockedName; created: boolean }> {
  const key = blockKey(input.kind, input.value);
  // The input schema refuses a value without a key: this is a programming error.
  if (key === null) throw new Error(`no ${input.kind} key for the blocked value`);
  const columns = {
    kind: input.kind,
    match_key: key,
    name_key: input.kind === "name" ? key : null,
    reason: input.reason,
    blocked_by: input.blockedBy,
  };
  if (input.id !== undefined) {
    const stored = replayedCreate(await blockedNamesTable(db).where({ id: input.id }).first(), columns);
    if (stored) return { blockedName: toBlockedName(stored), created: false };
  }
  const existing = await findBlocked(db, input.kind, key);
  if (existing) return { blockedName: toBlockedName(existing), created: false };
  try {
    // A savepoint: inside a request's transaction a refused insert must not abort it.
    const row = await db.transaction(async (trx) => {
      const [inserted] = await blockedNamesTable(trx)
        .insert({
          ...(input.id === undefined ? {} : { id: input.id }),
          value: input.value,
          full_name: input.value,
          ...columns,
        })
        .returning("*");
      return inserted;
    });
    if (!row) throw new Error("insert returned no blocked name");
    return { blockedName: toBlockedName(row), created: true };
  } catch (error) {
    if (sqlState(error) !== SQLSTATE.uniqueViolation) throw error;
    // A concurrent create took the id: the same content is answered the stored entry.
    if (input.id !== undefined && constraintName(error) === "blocked_names_pkey") {
      const stored = replayedCreate(await blockedNamesTable(db).where({ id: input.id }).first(), columns);
      if (stored) return { blockedName: toBlockedName(stored), created: false };
    }
    // Another request blocked the same name a moment ago.
    const winner = await findBlocked(db, input.kind, key);
    if (!winner) throw error;
    return { blockedName: toBlockedName(winner), created: false };
  }
}

/**
 * Unblocks a name (a tombstone, so the admin mirrors learn of it). Unblocking
 * an entry that is already unblocked is a no-op (a replayed delete succeeds).
 * @throws NotFound when there never was such an entry.
 */
export async function unblockName(db: Knex, id: string, now: Date): Promise<void> {
  const updated = await blockedNamesTable(db)
    .where({ id })
    .whereNull("deleted_at")
    .update({ deleted_at: now });
  if (updated > 0) return;
  const existing = await blockedNamesTable(db).select("id").where({ id }).first();
  if (!existing) throw new NotFound(BLOCKED_NAME_NOT_FOUND);
}
