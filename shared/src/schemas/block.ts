/**
 * Blocked periods (release 2 §C1): whole days a car is out of service. The
 * car is busy from 00:00 on `startDate` to 24:00 on `endDate`, Manila time.
 */
import * as z from "zod";
import { requiredDateSchema } from "../dates";
import {
  clientIdShape,
  idSchema,
  optionalText,
  recordMetaShape,
  textLimits,
  timestampSchema,
} from "./common";

export const blockSchema = z.object({
  id: idSchema,
  carId: idSchema,
  startDate: z.string(),
  endDate: z.string(),
  reason: z.string().nullable(),
  createdAt: timestampSchema,
  ...recordMetaShape,
});
export type Block = z.infer<typeof blockSchema>;

export const blockMessages = {
  startDateRequired: "Start date is required",
  endDateRequired: "End date is required",
  endBeforeStart: "The end date cannot be before the start date.",
} as const;

/** Body of `POST /api/admin/cars/:id/blocks`, with the id the browser chose, optionally. */
export const blockInputSchema = z
  .object({
    startDate: requiredDateSchema(blockMessages.startDateRequired),
    endDate: requiredDateSchema(blockMessages.endDateRequired),
    reason: optionalText(textLimits.note),
    ...clientIdShape,
  })
  .refine((block) => block.endDate >= block.startDate, {
    path: ["endDate"],
    error: blockMessages.endBeforeStart,
  });
export type BlockInput = z.infer<typeof blockInputSchema>;
export type BlockInputBody = z.input<typeof blockInputSchema>;
