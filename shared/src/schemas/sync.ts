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
import { adminCarSchema } from "./car";
import { bookingViewSchema } from "./booking";
import { blockedNameSchema } from "./blocked-name";
import { idSchema, textLimits } from "./common";
import { customerRecordSchema } from "./customer";
import { paymentSchema } from "./payment";

export const SYNC_ENTITIES = ["cars", "customers", "bookings", "payments", "blockedNames"] as const;
export type SyncEntity = (typeof SYNC_ENTITIES)[number];

export const syncQuerySchema = z.object({
  since: z.string().min(1).max(textLimits.token).optional(),
});
export type SyncQuery = z.infer<typeof syncQuerySchema>;

export const tombstoneSchema = z.object({ entity: z.enum(SYNC_ENTITIES), id: idSchema });
export type Tombstone = z.infer<typeof tombstoneSchema>;

export const syncResponseSchema = z.object({
  /** Opaque to the client; send it back as `since`. */
  cursor: z.string().min(1),
  reset: z.boolean().default(false),
  cars: z.array(adminCarSchema),
  bookings: z.array(bookingViewSchema),
  customers: z.array(customerRecordSchema),
  blockedNames: z.array(blockedNameSchema),
  payments: z.array(paymentSchema),
  deleted: z.array(tombstoneSchema),
});
export type SyncResponse = z.infer<typeof syncResponseSchema>;

// The booked ranges are read by the calendar, not synced; re-exported because
// the brief lists them with the sync payloads.
export { bookedRangeSchema } from "./booking";
