/**
 * Rates → Length discounts → Save (release 2 §E1): `PUT
 * /api/admin/length-discounts` with the whole list. The list is one record of
 * the mirror, so the optimistic list and the server's answer are the same row.
 */
import { routes } from "@car-rental/shared/api";
import { adminFailures, adminSuccess } from "@car-rental/shared/messages";
import type { LengthDiscount } from "@car-rental/shared/rates";
import {
  LENGTH_DISCOUNTS_RECORD_ID,
  lengthDiscountListSchema,
  lengthDiscountsBodySchema,
} from "@car-rental/shared/schemas/rates";
import { defineMutation, nowIso, storesRow } from "../mutation";

/** The list by length, as the server answers it. */
export function byLength(discounts: readonly LengthDiscount[]): LengthDiscount[] {
  return [...discounts].sort((a, b) => a.minDays - b.minDays);
}

export const saveLengthDiscounts = defineMutation({
  name: "saveLengthDiscounts",
  route: routes.updateLengthDiscounts,
  input: lengthDiscountsBodySchema,
  entity: "lengthDiscounts",
  rows: () => ({ entityId: LENGTH_DISCOUNTS_RECORD_ID }),
  label: (_db, args) => {
    const list = byLength(args.lengthDiscounts);
    return list.length === 0
      ? "Save length discounts: none"
      : `Save length discounts: ${list.map((d) => `${d.minDays} days −${d.percentOff} %`).join(", ")}`;
  },
  apply: async (db, args) => {
    const current = await db.lengthDiscounts.get(LENGTH_DISCOUNTS_RECORD_ID);
    await db.lengthDiscounts.put({
      id: LENGTH_DISCOUNTS_RECORD_ID,
      lengthDiscounts: byLength(args.lengthDiscounts),
      version: current?.version ?? 0,
      updatedAt: nowIso(),
      deletedAt: null,
      _pending: true,
    });
  },
  answer: storesRow((db) => db.lengthDiscounts, lengthDiscountListSchema),
  messages: { success: adminSuccess.saveLengthDiscounts, failure: adminFailures.saveLengthDiscounts },
});
