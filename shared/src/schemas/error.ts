/** The error body every non-OK answer carries: `{error: {code, message, details?}}`. */
import * as z from "zod";
import { errorMessages, type ErrorCode } from "../messages";
import { bookedRangeSchema, priceSummarySchema } from "./booking";

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorMessages, value);
}

/** Codes are kept as plain strings so a client built before a new code still parses the body. */
export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    details: z.unknown().optional(),
  }),
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

/** Builds an error body with the code's default message unless another is given. */
export function errorBody(code: ErrorCode, message?: string, details?: unknown): ErrorBody {
  return {
    error: { code, message: message ?? errorMessages[code], ...(details === undefined ? {} : { details }) },
  };
}
