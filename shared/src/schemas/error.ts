/**
 * The error body every non-OK answer carries: `{error: {code, message, details?}}`,
 * with `code` and `message` repeated at the top level (and, for the 409s
 * PRICE_CHANGED and DATES_UNAVAILABLE, the detail keys `quote` / `ranges`),
 * so a client that reads either shape finds them.
 */
import * as z from "zod";
import { errorMessages, type ErrorCode } from "../messages";
import { bookedRangeSchema, priceSummarySchema } from "./booking";

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorMessages, value);
}

/**
 * Codes are kept as plain strings so a client built before a new code still
 * parses the body. Not strict: the top-level copies (and any key added later)
 * are optional, `error` is what clients read.
 */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
  code: z.string().optional(),
  message: z.string().optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

/** `details` of a VALIDATION_FAILED answer: one entry per field problem. */
export const validationDetailsSchema = z.object({
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
});
export type ValidationDetails = z.infer<typeof validationDetailsSchema>;

/** `details` of a 409 PRICE_CHANGED answer: the fresh quote to show. */
export const priceChangedDetailsSchema = z.object({ quote: priceSummarySchema });
export type PriceChangedDetails = z.infer<typeof priceChangedDetailsSchema>;

/** `details` of a 409 DATES_UNAVAILABLE answer: the ranges in the way. */
export const datesUnavailableDetailsSchema = z.object({ ranges: z.array(bookedRangeSchema) });
export type DatesUnavailableDetails = z.infer<typeof datesUnavailableDetailsSchema>;

/** Codes whose detail keys are also lifted to the top level of the body. */
const LIFTED_DETAIL_CODES: ReadonlySet<ErrorCode> = new Set(["PRICE_CHANGED", "DATES_UNAVAILABLE"]);
const RESERVED_KEYS = new Set(["error", "code", "message", "details"]);

/** The keys of `details` to repeat at the top level (never ones that would shadow the body's own). */
function liftedDetails(code: ErrorCode, details: unknown): Record<string, unknown> {
  if (!LIFTED_DETAIL_CODES.has(code) || typeof details !== "object" || details === null) return {};
  if (Array.isArray(details)) return {};
  return Object.fromEntries(Object.entries(details).filter(([key]) => !RESERVED_KEYS.has(key)));
}

/**
 * Builds an error body with the code's default message unless another is
 * given: `{error: {code, message, details?}, code, message}`, plus the detail
 * keys of a PRICE_CHANGED or DATES_UNAVAILABLE answer (`quote`, `ranges`).
 */
export function errorBody(
  code: ErrorCode,
  message: string = errorMessages[code],
  details?: unknown,
): ErrorBody & Record<string, unknown> {
  return {
    error: { code, message, ...(details === undefined ? {} : { details }) },
    code,
    message,
    ...liftedDetails(code, details),
  };
}
