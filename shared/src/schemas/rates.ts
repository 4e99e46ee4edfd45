/**
 * Seasonal rates and length discounts as the API carries them (release-2
 * §E1): the public `GET /api/rates`, the admin's rate periods and length
 * discounts, and the price lines a booking stores. The pricing rules
 * themselves are in `../rates.ts`.
 */
import * as z from "zod";
import { requiredDateSchema } from "../dates";
import { moneySchema } from "../money";
import { RATE_PERCENT_LIMITS, lengthDiscountSchema } from "../rates";
import { clientIdShape, idSchema, recordMetaShape, timestampSchema } from "./common";

export const rateMessages = {
  nameRequired: "Name is required",
  startDateRequired: "Start date is required",
  endDateRequired: "End date is required",
  endBeforeStart: "The end date cannot be before the start date.",
  percentWhole: "Use a whole number of percent",
  percentMin: `At least ${RATE_PERCENT_LIMITS.min} %`,
  percentMax: `At most ${RATE_PERCENT_LIMITS.max} %`,
  duplicateMinDays: "Each discount needs its own number of days",
  minDaysWhole: "Use a whole number of days",
} as const;

/** A stored rate period, as the admin sync and `GET /api/rates` answer it. */
export const ratePeriodRecordSchema = z.object({
  id: idSchema,
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  percent: z.number().int(),
  createdAt: timestampSchema,
  ...recordMetaShape,
});
export type RatePeriodRecord = z.infer<typeof ratePeriodRecordSchema>;

/** A period as `GET /api/rates` answers it. */
export const publicRatePeriodSchema = z.object({
  id: idSchema,
  name: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  percent: z.number().int(),
});

/** Answer of `GET /api/rates`. */
export const ratesResponseSchema = z.object({
  periods: z.array(publicRatePeriodSchema),
  lengthDiscounts: z.array(lengthDiscountSchema),
});
export type RatesResponse = z.infer<typeof ratesResponseSchema>;

const ratePeriodFields = {
  name: z.string({ error: rateMessages.nameRequired }).trim().min(1, rateMessages.nameRequired).max(80),
  startDate: requiredDateSchema(rateMessages.startDateRequired),
  endDate: requiredDateSchema(rateMessages.endDateRequired),
  percent: z
    .number({ error: rateMessages.percentWhole })
    .int(rateMessages.percentWhole)
    .min(RATE_PERCENT_LIMITS.min, rateMessages.percentMin)
    .max(RATE_PERCENT_LIMITS.max, rateMessages.percentMax),
};

/** Body of `POST /api/admin/rate-periods` (with the id the browser chose, optionally) and `PUT …/{id}`. */
export const ratePeriodInputSchema = z
  .object({ ...ratePeriodFields, ...clientIdShape })
  .refine((period) => period.endDate >= period.startDate, {
    path: ["endDate"],
    error: rateMessages.endBeforeStart,
  });
export type RatePeriodInput = z.infer<typeof ratePeriodInputSchema>;
export type RatePeriodInputBody = z.input<typeof ratePeriodInputSchema>;

/** The most length discounts the owner may set. */
export const LENGTH_DISCOUNTS_MAX = 20;

/** `{lengthDiscounts: [...]}`: what the admin app sends and the answer names the list. */
export const lengthDiscountsBodySchema = z.object({
  lengthDiscounts: z
    .array(lengthDiscountSchema)
    .max(LENGTH_DISCOUNTS_MAX)
    .refine((list) => new Set(list.map((d) => d.minDays)).size === list.length, {
      error: rateMessages.duplicateMinDays,
    }),
});
type LengthDiscountsBody = z.input<typeof lengthDiscountsBodySchema>;

/**
 * Body of `PUT /api/admin/length-discounts`: the whole list, each `minDays`
 * once, as `{lengthDiscounts: [...]}` (the shape `GET /api/rates` names it)
 * or as the bare list, which release 2 leaves open.
 */
export const lengthDiscountsInputSchema = z.preprocess<
  unknown,
  typeof lengthDiscountsBodySchema,
  LengthDiscountsBody | LengthDiscountsBody["lengthDiscounts"]
>((body) => (Array.isArray(body) ? { lengthDiscounts: body } : body), lengthDiscountsBodySchema);
export type LengthDiscountsInput = z.infer<typeof lengthDiscountsInputSchema>;

/** The id of the one record of the `lengthDiscounts` mirror table: the list is synced as a whole. */
export const LENGTH_DISCOUNTS_RECORD_ID = "length-discounts";

/**
 * The length discounts as the admin sync carries them (release-2 §E1), and the
 * answer of `PUT /api/admin/length-discounts`: the whole list, by length, as
 * one record, so a change offline replaces exactly what the server's answer
 * replaces. `version` counts the changes of the list.
 */
export const lengthDiscountListSchema = z.object({
  id: z.literal(LENGTH_DISCOUNTS_RECORD_ID),
  lengthDiscounts: z.array(lengthDiscountSchema),
  ...recordMetaShape,
});
export type LengthDiscountList = z.infer<typeof lengthDiscountListSchema>;

/** One stored price line of a booking: `3 days × ₱2,500`, `2 days × ₱3,250 (Holy Week)`. */
export const rentalLineSchema = z.object({
  days: z.number().int().nonnegative(),
  rate: moneySchema,
  periodName: z.string().nullable(),
  amount: moneySchema,
});

/** The stored length discount of a booking: `Weekly discount −₱…`. */
export const discountLineSchema = z.object({
  minDays: z.number().int(),
  percentOff: z.number().int(),
  label: z.string(),
  amount: moneySchema,
});
