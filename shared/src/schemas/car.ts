/** Cars: the public fleet card, the admin's record, and the admin car form. */
import * as z from "zod";
import { FUELS, rentalTerms, TRANSMISSIONS } from "../constants";
import { moneySchema, positiveMoneySchema } from "../money";
import {
  carImageSchema,
  clientIdShape,
  idSchema,
  optionalText,
  recordMetaShape,
  requiredText,
  textLimits,
  timestampSchema,
} from "./common";

export const transmissionSchema = z.enum(TRANSMISSIONS);
export const fuelSchema = z.enum(FUELS);

export const MIN_CAR_YEAR = 1950;
export const MAX_CAR_YEAR = 2100;
export const MAX_SEATS = 60;

/** A car as `GET /api/cars` answers it. `image` is a bundled file name or '/objects/car-images/…'. */
export const carSchema = z.object({
  id: idSchema,
  name: z.string(),
  category: z.string(),
  dailyRate: moneySchema,
  /**
   * Release-2 §E2: the security deposit, apart from the rental total (₱3,000
   * unless the owner sets another). An answer cached before deposits reads as ₱3,000.
   */
  deposit: moneySchema.default(rentalTerms.defaultDeposit),
  seats: z.number().int(),
  transmission: transmissionSchema,
  fuel: fuelSchema,
  image: z.string(),
  description: z.string().nullable(),
  mileage: z.string().nullable(),
  year: z.number().int(),
  plateNumber: z.string().nullable(),
  available: z.boolean(),
});
export type Car = z.infer<typeof carSchema>;

/** A car with its sync bookkeeping, as the admin area mirrors it. */
/** The admin's record of a car: with `createdAt`, so the admin lists keep the fleet's order (oldest first, as `GET /api/cars`). */
export const adminCarSchema = carSchema.extend({ createdAt: timestampSchema, ...recordMetaShape });
export type AdminCar = z.infer<typeof adminCarSchema>;

/**
 * Body of `POST /api/admin/cars` and `PUT /api/admin/cars/:id` (a PUT replaces
 * every field). `year` defaults to the current year, which the server fills
 * from its clock when absent. `image` may be absent only when editing: the
 * server refuses a new car without one ('Please upload a car image').
 */
export const carInputSchema = z.object({
  name: requiredText(textLimits.name),
  category: requiredText(textLimits.short),
  dailyRate: positiveMoneySchema,
  /** The security deposit (release-2 §E2): 0 or more, ₱3,000 when absent. */
  deposit: moneySchema.default(rentalTerms.defaultDeposit),
  seats: z.number().int().min(1).max(MAX_SEATS).default(5),
  transmission: transmissionSchema.default("Automatic"),
  fuel: fuelSchema.default("Gas"),
  image: carImageSchema.optional(),
  description: optionalText(textLimits.description),
  mileage: optionalText(textLimits.short),
  year: z.number().int().min(MIN_CAR_YEAR).max(MAX_CAR_YEAR).optional(),
  plateNumber: optionalText(textLimits.short),
  available: z.boolean().default(true),
});
export type CarInput = z.infer<typeof carInputSchema>;
/** What a form or the outbox sends (defaults not yet applied, amounts may be numbers). */
export type CarInputBody = z.input<typeof carInputSchema>;

/** Body of `POST /api/admin/cars`: the car's fields and, optionally, the id the browser chose for it. */
export const carCreateSchema = carInputSchema.extend(clientIdShape);
export type CarCreate = z.infer<typeof carCreateSchema>;
export type CarCreateBody = z.input<typeof carCreateSchema>;
