/**
 * The admin mirror's delta sync (`GET /api/admin/sync?since=<cursor>`).
 *
 * Deletions travel only as tombstones: the row lists carry live rows (deletedAt
 * null), and a row deleted since the cursor is listed in `deleted` instead.
 * When `reset` is true (no cursor, or one too old to answer as a delta) the
 * lists are complete and the client replaces its mirror with them.
 * Apply in order: upsert the lists, then remove the tombstones, then store
 * `cursor` for the next call.
 *
 * Paged first sync (issue #23): a client that sends `paged=1` gets a reset
 * in pages instead of one answer. Each page has `page` set: its lists hold
 * the rows of the key ranges `page.ranges` names (rows of a range the page
 * does not list are gone from the server), and `page.next` is the token of
 * the next page (`?page=<token>`), null on the last one. Every page carries
 * the same `cursor`, to be stored only after the last page; the delta from
 * it then brings whatever changed while the pages were read.
 */
import * as z from "zod";
import { mirrorTables, SYNC_ENTITIES, type MirrorTables, type SyncEntity } from "../mirror";
import { idSchema, textLimits } from "./common";

export { SYNC_ENTITIES, type SyncEntity } from "../mirror";

/** Rows a page of the paged first sync holds by default, and at most. */
export const SYNC_PAGE_ROWS = { default: 2000, max: 5000 } as const;

export const syncQuerySchema = z.object({
  since: z.string().min(1).max(textLimits.token).optional(),
  /** "1": answer a reset in pages (the first page; `since` may still give a delta). */
  paged: z.literal("1").optional(),
  /** The `page.next` token of the page before: the next page of a paged reset. */
  page: z.string().min(1).max(textLimits.token).optional(),
  /** Rows per page (default SYNC_PAGE_ROWS.default). */
  limit: z.coerce.number().int().min(1).max(SYNC_PAGE_ROWS.max).optional(),
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

export const tombstoneSchema = z.object({ entity: z.enum(SYNC_ENTITIES), id: idSchema });
export type Tombstone = z.infer<typeof tombstoneSchema>;

/** The id of a row of a synced table (a UUID, or a single-record table's fixed id). */
const rowIdSchema = z.string().min(1).max(64);

/**
 * The ids of one table a page covers: above `after` (from the first id when
 * null) up to and including `through` (to the last id when null), in the
 * order of the ids' text (lower-case UUIDs sort the same in PostgreSQL and
 * in the browser).
 */
export const syncPageRangeSchema = z.object({
  entity: z.enum(SYNC_ENTITIES),
  after: rowIdSchema.nullable(),
  through: rowIdSchema.nullable(),
});
export type SyncPageRange = z.infer<typeof syncPageRangeSchema>;

export const syncPageSchema = z.object({
  ranges: z.array(syncPageRangeSchema),
  /** The token of the next page; null on the last page. */
  next: z.string().min(1).nullable(),
});
export type SyncPage = z.infer<typeof syncPageSchema>;

/** One list per synced table (`mirror.ts`), of its rows. */
type MirrorLists = { [E in SyncEntity]: z.ZodArray<MirrorTables[E]["schema"]> };

function mirrorLists(): MirrorLists {
  const lists = Object.fromEntries(
    SYNC_ENTITIES.map((entity) => [entity, z.array(mirrorTables[entity].schema)]),
  );
  // Object.fromEntries forgets which key holds which list; the map above pairs each entity with its own schema.
  return lists as MirrorLists;
}

export const syncResponseSchema = z.object({
  /** Opaque to the client; send it back as `since`. */
  cursor: z.string().min(1),
  reset: z.boolean().default(false),
  ...mirrorLists(),
  deleted: z.array(tombstoneSchema),
  /** Set on each page of a paged reset (absent on deltas and on a reset in one answer). */
  page: syncPageSchema.optional(),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

// The booked ranges are read by the calendar, not synced; re-exported because
// the brief lists them with the sync payloads.
export { bookedRangeSchema } from "./booking";
