/**
 * Blocked periods (release-2 §C1): whole days a car is out of service, kept
 * apart from bookings and from each other by the database's one no-overlap
 * rule (`car_occupancy_no_overlap`, see the blocks migration), not by a read
 * beforehand.
 */
import type { Knex } from "knex";
import { SQLSTATE, sqlState } from "@car-rental/db";
import { conflictingRanges, type BookedRange } from "@car-rental/shared/availability";
import type { Block, BlockInput } from "@car-rental/shared/schemas/block";
import { DatesUnavailable, NotFound } from "../../errors";
import { activeRanges } from "../cars/cars.service";
import { replayedCreate, rethrowIdClash } from "../client-id";

export const BLOCK_NOT_FOUND = "Block not found";
export const CAR_NOT_FOUND = "Car not found";

/** A row of the `blocks` table. */
export type BlockRow = {
  id: string;
  car_id: string;
  /** 'YYYY-MM-DD' (dates are read as text on both engines). */
  start_date: string;
  end_date: string;
  reason: string | null;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** int8: a string on both engines. */
  version: string | number;
};

const BLOCK_COLUMNS = [
  "id",
  "car_id",
  "start_date",
  "end_date",
  "reason",
  "deleted_at",
  "created_at",
  "updated_at",
  "version",
] as const;

export function blocksTable(db: Knex): Knex.QueryBuilder<BlockRow, BlockRow[]> {
  return db<BlockRow>("blocks").select(...BLOCK_COLUMNS);
}

export function toBlock(row: BlockRow): Block {
  return {
    id: row.id,
    carId: row.car_id,
    startDate: row.start_date,
    endDate: row.end_date,
    reason: row.reason,
    createdAt: row.created_at.toISOString(),
    version: Number(row.version),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}

/** A block as the booked dates and the conflict answers show it. */
export function blockRange(startDate: string, endDate: string): BookedRange {
  return { start: startDate, end: endDate, kind: "block" };
}

/**
 * Blocks `input`'s days of car `carId`. A create naming an id already stored
 * is answered that block when the content is the same (a replay).
 * @throws NotFound for an unknown or archived car.
 * @throws DatesUnavailable (409) when the days overlap an occupying booking or another block.
 * @throws IdTaken when the id belongs to another block.
 */
export async function createBlock(db: Knex, carId: string, input: BlockInput): Promise<Block> {
  const car: { id: string } | undefined = await db("cars")
    .select("id")
    .where({ id: carId })
    .whereNull("deleted_at")
    .first();
  if (!car) throw new NotFound(CAR_NOT_FOUND);
  const columns = {
    car_id: carId,
    start_date: input.startDate,
    end_date: input.endDate,
    reason: input.reason,
  };
  if (input.id !== undefined) {
    const stored = replayedCreate(await blocksTable(db).where({ id: input.id }).first(), columns);
    if (stored) return toBlock(stored);
  }
  try {
    // A savepoint: inside a request's transaction the refused insert must not abort it.
    const row = await db.transaction(async (trx) => {
      const [inserted] = await trx<BlockRow>("blocks")
        .insert({ ...(input.id === undefined ? {} : { id: input.id }), ...columns })
        .returning(BLOCK_COLUMNS);
      return inserted;
    });
    if (!row) throw new Error("insert returned no block");
    return toBlock(row);
  } catch (error) {
    if (sqlState(error) === SQLSTATE.exclusionViolation) {
      const candidate = blockRange(input.startDate, input.endDate);
      const conflicts = conflictingRanges(candidate, await activeRanges(db, carId, input.startDate));
      throw new DatesUnavailable({ ranges: conflicts, conflicts });
    }
    return rethrowIdClash(error, "blocks");
  }
}

/**
 * Removes a block (a tombstone, so the admin mirrors learn of it); its days
 * are free again at once. Removing a block already removed changes nothing (a
 * replayed delete succeeds).
 * @throws NotFound when there never was such a block.
 */
export async function deleteBlock(db: Knex, id: string, now: Date): Promise<void> {
  const updated = await db("blocks").where({ id }).whereNull("deleted_at").update({ deleted_at: now });
  if (updated > 0) return;
  const existing: { id: string } | undefined = await db("blocks").select("id").where({ id }).first();
  if (!existing) throw new NotFound(BLOCK_NOT_FOUND);
}
