/**
 * Seasonal rates and length discounts (release-2 §E1): the owner's rate
 * periods and length discounts, read by the public `GET /api/rates` and by
 * the booking's pricing (the same `quoteWithRates` of `shared/` the booking
 * page uses), written by the admin.
 */
import type { Knex } from "knex";
import type { LengthDiscount, Rates } from "@car-rental/shared/rates";
import {
  LENGTH_DISCOUNTS_RECORD_ID,
  type LengthDiscountList,
  type LengthDiscountsInput,
  type RatePeriodInput,
  type RatePeriodRecord,
  type RatesResponse,
} from "@car-rental/shared/schemas/rates";
import { NotFound } from "../../errors";
import { replayedCreate, rethrowIdClash } from "../client-id";

export const RATE_PERIOD_NOT_FOUND = "Rate period not found";

/** A row of the `rate_periods` table. */
export type RatePeriodRow = {
  id: string;
  name: string;
  /** 'YYYY-MM-DD' (dates are read as text on both engines). */
  start_date: string;
  end_date: string;
  percent: number;
  deleted_at: Date | null;
  created_at: Date;
  updated_at: Date;
  /** int8: a string on both engines. */
  version: string | number;
};

const RATE_PERIOD_COLUMNS = [
  "id",
  "name",
  "start_date",
  "end_date",
  "percent",
  "deleted_at",
  "created_at",
  "updated_at",
  "version",
] as const;

export function ratePeriodsTable(db: Knex): Knex.QueryBuilder<RatePeriodRow, RatePeriodRow[]> {
  return db<RatePeriodRow>("rate_periods").select(...RATE_PERIOD_COLUMNS);
}

export function toRatePeriod(row: RatePeriodRow): RatePeriodRecord {
  return {
    id: row.id,
    name: row.name,
    startDate: row.start_date,
    endDate: row.end_date,
    percent: row.percent,
    createdAt: row.created_at.toISOString(),
    version: Number(row.version),
    updatedAt: row.updated_at.toISOString(),
    deletedAt: row.deleted_at ? row.deleted_at.toISOString() : null,
  };
}

async function lengthDiscounts(db: Knex): Promise<LengthDiscount[]> {
  const rows: { min_days: number; percent_off: number }[] = await db("length_discounts")
    .select("min_days", "percent_off")
    .orderBy("min_days");
  return rows.map((row) => ({ minDays: row.min_days, percentOff: row.percent_off }));
}

/** `GET /api/rates`: the live periods (by start date) and the length discounts (by length). */
export async function listRates(db: Knex): Promise<RatesResponse> {
  const periods = await ratePeriodsTable(db).whereNull("deleted_at").orderBy(["start_date", "id"]);
  return {
    periods: periods.map((row) => ({
      id: row.id,
      name: row.name,
      startDate: row.start_date,
      endDate: row.end_date,
      percent: row.percent,
    })),
    lengthDiscounts: await lengthDiscounts(db),
  };
}

/**
 * The rates a rental from `pickupDate` to `returnDate` is priced with: the
 * live periods that touch it (in the order `GET /api/rates` lists them, which
 * the form prices with: of two equal adjustments on one day, the first names
 * the line) and every length discount. One statement: a booking runs it in its
 * transaction.
 */
export async function ratesFor(db: Knex, pickupDate: string, returnDate: string): Promise<Rates> {
  const result = await db.raw<{ rows: RatesRow[] }>(
    `select ${RATES_FOR_SQL}`,
    ratesForBindings(pickupDate, returnDate),
  );
  return toRates(result.rows[0]);
}

/**
 * ratesFor's two columns, `periods` and `length_discounts` (JSON), for a
 * statement that reads more; bind `ratesForBindings(pickup, return)`, read
 * with `toRates`.
 */
export const RATES_FOR_SQL = `
  coalesce((select json_agg(json_build_object('name', name, 'startDate', start_date, 'endDate', end_date,
                                              'percent', percent) order by start_date, id)
            from rate_periods
            where deleted_at is null and start_date < ?::date and end_date >= ?::date), '[]') as periods,
  coalesce((select json_agg(json_build_object('minDays', min_days, 'percentOff', percent_off)
                            order by min_days)
            from length_discounts), '[]') as length_discounts`;

export const ratesForBindings = (pickupDate: string, returnDate: string): string[] => [
  returnDate,
  pickupDate,
];

type RatesRow = { periods: Rates["periods"]; length_discounts: Rates["lengthDiscounts"] };

export const toRates = (row: RatesRow | undefined): Rates => ({
  periods: row?.periods ?? [],
  lengthDiscounts: row?.length_discounts ?? [],
});

function periodColumns(input: RatePeriodInput) {
  return {
    name: input.name,
    start_date: input.startDate,
    end_date: input.endDate,
    percent: input.percent,
  };
}

/**
 * Adds a rate period. A create naming an id already stored is answered that
 * period when the content is the same (a replay).
 * @throws IdTaken when the id belongs to another period.
 */
export async function createRatePeriod(db: Knex, input: RatePeriodInput): Promise<RatePeriodRecord> {
  const columns = periodColumns(input);
  if (input.id !== undefined) {
    const stored = replayedCreate(await ratePeriodsTable(db).where({ id: input.id }).first(), columns);
    if (stored) return toRatePeriod(stored);
  }
  try {
    const row = await db.transaction(async (trx) => {
      const [inserted] = await trx<RatePeriodRow>("rate_periods")
        .insert({ ...(input.id === undefined ? {} : { id: input.id }), ...columns })
        .returning(RATE_PERIOD_COLUMNS);
      return inserted;
    });
    if (!row) throw new Error("insert returned no rate period");
    return toRatePeriod(row);
  } catch (error) {
    return rethrowIdClash(error, "rate_periods");
  }
}

/**
 * Changes a live rate period. Bookings already made keep their prices.
 * @throws NotFound when there is no such live period.
 */
export async function updateRatePeriod(
  db: Knex,
  id: string,
  input: RatePeriodInput,
): Promise<RatePeriodRecord> {
  const [row] = await db<RatePeriodRow>("rate_periods")
    .where({ id })
    .whereNull("deleted_at")
    .update(periodColumns(input))
    .returning(RATE_PERIOD_COLUMNS);
  if (!row) throw new NotFound(RATE_PERIOD_NOT_FOUND);
  return toRatePeriod(row);
}

/**
 * Removes a rate period (a tombstone, so the admin mirrors learn of it).
 * Removing one already removed changes nothing (a replayed delete succeeds).
 * @throws NotFound when there never was such a period.
 */
export async function deleteRatePeriod(db: Knex, id: string, now: Date): Promise<void> {
  const updated = await db("rate_periods").where({ id }).whereNull("deleted_at").update({ deleted_at: now });
  if (updated > 0) return;
  const existing: { id: string } | undefined = await db("rate_periods").select("id").where({ id }).first();
  if (!existing) throw new NotFound(RATE_PERIOD_NOT_FOUND);
}

/** The one row of `length_discount_list`: when the list last changed. */
export type LengthDiscountListRow = {
  updated_at: Date;
  /** int8: a string on both engines. */
  version: string | number;
};

/** The query of the list's one row (its `sync_xid` says which sync window the list last changed in). */
export function lengthDiscountListTable(
  db: Knex,
): Knex.QueryBuilder<LengthDiscountListRow, LengthDiscountListRow[]> {
  return db<LengthDiscountListRow>("length_discount_list").select("updated_at", "version");
}

/**
 * The length discounts as one record (the admin mirror's and the PUT's
 * answer). A database emptied by a test has no list row: version 0.
 */
export async function toLengthDiscountList(
  db: Knex,
  row: LengthDiscountListRow | undefined,
): Promise<LengthDiscountList> {
  return {
    id: LENGTH_DISCOUNTS_RECORD_ID,
    lengthDiscounts: await lengthDiscounts(db),
    version: row ? Number(row.version) : 0,
    updatedAt: (row?.updated_at ?? new Date(0)).toISOString(),
    deletedAt: null,
  };
}

/**
 * Replaces the length discounts with `input`'s list (an empty list: no
 * discount) and answers the new list as one record. Replacements wait for
 * each other (the list's row is locked first), so two at once never clash
 * on a length.
 */
export async function replaceLengthDiscounts(
  db: Knex,
  input: LengthDiscountsInput,
): Promise<LengthDiscountList> {
  return db.transaction(async (trx) => {
    await trx("length_discount_list").forUpdate().select("singleton");
    await trx("length_discounts").delete();
    if (input.lengthDiscounts.length > 0) {
      await trx("length_discounts").insert(
        input.lengthDiscounts.map((d) => ({ min_days: d.minDays, percent_off: d.percentOff })),
      );
    }
    return toLengthDiscountList(trx, await lengthDiscountListTable(trx).first());
  });
}
