/**
 * The admin mirror's delta sync (`GET /api/admin/sync?since=<cursor>`).
 *
 * Deletions travel only as tombstones: the row lists carry live rows (deletedAt
 * null), and a row deleted since the cursor is listed in `deleted` instead.
 * When `reset` is true (no cursor, or one too old to answer as a delta) the
 * lists are complete and the client replaces its mirror with them.
 * Apply in order: upsert the lists, then remove the tombstones, then store
 * `cursor` for the next call.
 */
import * as z from "zod";
import { mirrorTables, SYNC_ENTITIES, type MirrorTables, type SyncEntity } from "../mirror";
import { idSchema, textLimits } from "./common";

export { SYNC_ENTITIES, type SyncEntity } from "../mirror";

export const syncQuerySchema = z.object({
  since: z.string().min(1).max(textLimits.token).optional(),
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

export const tombstoneSchema = z.object({ entity: z.enum(SYNC_ENTITIES), id: idSchema });
export type Tombstone = z.infer<typeof tombstoneSchema>;

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
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

// The booked ranges are read by the calendar, not synced; re-exported because
// the brief lists them with the sync payloads.
export { bookedRangeSchema } from "./booking";
