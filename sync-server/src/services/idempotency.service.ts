import { preparedRaw } from "@car-rental/db/prepared";
import { createHash } from "node:crypto";
import type { Knex } from "knex";

/**
 * Keys are kept at least this long; a replay within it never applies twice.
 * 90 days: longer than a tablet may stay offline (its outbox sends nothing
 * older than 60 days), so a late replay still finds its key (release-2 A5).
 */
export const IDEMPOTENCY_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

/**
 * Who used a key first: `admin` (a request with a valid admin session) or
 * `public:<client address>`. Only the same owner may replay it; keys stored
 * before owners were recorded have none (null) and replay as before.
 */
export type KeyOwner = "admin" | `public:${string}`;

export type StoredResponse = { status: number; body: unknown };
export type KeyState =
  | { kind: "new" }
  | { kind: "replay"; response: StoredResponse; owner: string | null }
  | { kind: "mismatch" }
  | { kind: "in-progress" };

/** A stable hash of what a request asks for: method, path and canonical JSON body. */
export function requestHash(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n${canonicalJson(body)}`)
    .digest("hex");
}

function canonicalJson(value: unknown): string {
  if (value === undefined) return "";
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

/**
 * Claims a key inside the request's transaction. The transaction-scoped
 * advisory lock makes a concurrent repeat see "in-progress" at once instead of
 * waiting; the key row is written in the same transaction as the change, so a
 * crash before commit leaves neither, and a replay then runs afresh.
 */
export async function claimKey(
  trx: Knex.Transaction,
  key: string,
  method: string,
  path: string,
  hash: string,
  owner: KeyOwner,
): Promise<KeyState> {
  // One round trip for the usual case: the lock, then the new key's row (only once the lock is held).
  const claim = await preparedRaw<{ locked: boolean; claimed: boolean }>(
    trx,
    `with lock as (select pg_try_advisory_xact_lock(hashtextextended(?, 7)) as locked),
     claimed as (
       insert into idempotency_keys (key, method, path, request_hash, owner)
       select ?, ?, ?, ?, ? from lock where locked
       on conflict (key) do nothing
       returning key
     )
     select locked, exists (select 1 from claimed) as claimed from lock`,
    [`idempotency:${key}`, key, method, path, hash, owner],
  );
  const { locked = false, claimed = false } = claim.rows[0] ?? {};
  if (!locked) return { kind: "in-progress" };
  if (claimed) return { kind: "new" };
  // The key exists: read it (a statement of its own, so it sees what committed before the lock was ours).
  const existing = await trx("idempotency_keys")
    .where({ key })
    .first<
      | { request_hash: string; status: number | null; response_body: unknown; owner: string | null }
      | undefined
    >();
  if (existing) {
    if (existing.request_hash !== hash) return { kind: "mismatch" };
    if (existing.status === null) return { kind: "in-progress" };
    return {
      kind: "replay",
      response: { status: existing.status, body: existing.response_body },
      owner: existing.owner,
    };
  }
  // Deleted in between (the retention clean-up): nothing to replay, and the key is free again.
  await trx("idempotency_keys").insert({ key, method, path, request_hash: hash, owner });
  return { kind: "new" };
}

/**
 * Stores the answer of a key (in the request's transaction, or alone for a refusal after rollback).
 * `beforeCommit`: the transaction's COMMIT (or its savepoint's RELEASE) is its next statement, so on
 * the embedded database the two may go to its thread together (preparedRaw's `withNext`).
 */
export async function storeResponse(
  db: Knex,
  key: string,
  method: string,
  path: string,
  hash: string,
  response: StoredResponse,
  now: Date,
  owner: KeyOwner,
  { beforeCommit = false }: { beforeCommit?: boolean } = {},
): Promise<void> {
  await preparedRaw(
    db,
    `insert into idempotency_keys (key, method, path, owner, request_hash, status, response_body, completed_at)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (key) do update
       set status = excluded.status, response_body = excluded.response_body, completed_at = excluded.completed_at`,
    [key, method, path, owner, hash, response.status, JSON.stringify(response.body ?? null), now],
    { withNext: beforeCommit },
  );
}

export async function pruneIdempotencyKeys(knex: Knex, now: Date): Promise<void> {
  await knex("idempotency_keys")
    .where("created_at", "<", new Date(now.getTime() - IDEMPOTENCY_RETENTION_MS))
    .delete();
}
