/**
 * The admin car form (spec §5 "Car form"): name, category, daily rate and
 * seats required; seats 5, Automatic and Gas by default; the year defaults to
 * this year. Values are what the inputs hold; the output is the car body.
 */
import * as z from "zod";
import { FUELS, KNOWN_CATEGORIES, rentalTerms, TRANSMISSIONS } from "@car-rental/shared/constants";
import { validationMessages } from "@car-rental/shared/messages";
import type { CarInputBody } from "@car-rental/shared/schemas/car";
import { MAX_CAR_YEAR, MAX_SEATS, MIN_CAR_YEAR } from "@car-rental/shared/schemas/car";
import { textLimits } from "@car-rental/shared/schemas/common";
import { moneySchema, positiveMoneySchema } from "@car-rental/shared/money";
import type { LocalAdminCar } from "../../../data/db";
import { parsePaymentAmount } from "../frame/payment-rules";

/** The category suggestions: the spec's known ones and common Philippine rental types; any text is allowed. */
export const CATEGORY_SUGGESTIONS = [...KNOWN_CATEGORIES, "MPV", "Van", "Pickup"];

function wholeNumber(min: number, max: number, required: boolean) {
  return z.union([z.number(), z.string()]).transform((value, ctx): number | undefined => {
    const text = typeof value === "number" ? String(value) : value.trim();
    if (text === "") {
      if (required) ctx.addIssue({ code: "custom", message: validationMessages.required });
      return undefined;
    }
    const number = Number(text);
    if (!Number.isInteger(number) || number < min || number > max) {
      ctx.addIssue({ code: "custom", message: validationMessages.invalidInput });
      return z.NEVER;
    }
    return number;
  });
}

const requiredField = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: validationMessages.required })
    .max(max, { error: validationMessages.tooLong });
const optionalField = (max: number) => z.string().trim().max(max, { error: validationMessages.tooLong });

export const carFormSchema = z.object({
  name: requiredField(textLimits.name),
  category: requiredField(textLimits.short),
  dailyRate: z
    .string()
    .trim()
    .min(1, { error: validationMessages.required })
    .transform((value, ctx) => {
      // '₱2,500' reads as 2500.00; the shared schema then says what is wrong, if anything.
      const result = positiveMoneySchema.safeParse(parsePaymentAmount(value) ?? value);
      if (result.success) return result.data;
      ctx.addIssue({
        code: "custom",
        message: result.error.issues[0]?.message ?? validationMessages.invalidInput,
      });
      return z.NEVER;
    }),
  /** Release-2 §E2: the security deposit, 0 or more; blank means the default ₱3,000. */
  deposit: z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return rentalTerms.defaultDeposit;
      const result = moneySchema.safeParse(parsePaymentAmount(value) ?? value);
      if (result.success) return result.data;
      ctx.addIssue({
        code: "custom",
        message: result.error.issues[0]?.message ?? validationMessages.invalidInput,
      });
      return z.NEVER;
    }),
  seats: wholeNumber(1, MAX_SEATS, true),
  transmission: z.enum(TRANSMISSIONS),
  fuel: z.enum(FUELS),
  description: optionalField(textLimits.description),
  mileage: optionalField(textLimits.short),
  year: wholeNumber(MIN_CAR_YEAR, MAX_CAR_YEAR, false),
  plateNumber: optionalField(textLimits.short),
  available: z.boolean(),
});

export type CarFormInput = z.input<typeof carFormSchema>;
export type CarFormOutput = z.output<typeof carFormSchema>;

export function emptyCarForm(currentYear: number): CarFormInput {
  return {
    name: "",
    category: "",
    dailyRate: "",
    deposit: rentalTerms.defaultDeposit,
    seats: 5,
    transmission: "Automatic",
    fuel: "Gas",
    description: "",
    mileage: "",
    year: currentYear,
    plateNumber: "",
    available: true,
  };
}

export function carFormOf(car: LocalAdminCar): CarFormInput {
  return {
    name: car.name,
    category: car.category,
    dailyRate: car.dailyRate,
    deposit: car.deposit ?? rentalTerms.defaultDeposit,
    seats: car.seats,
    transmission: car.transmission,
    fuel: car.fuel,
    description: car.description ?? "",
    mileage: car.mileage ?? "",
    year: car.year,
    plateNumber: car.plateNumber ?? "",
    available: car.available,
  };
}

/** The POST/PUT body; blank optional texts go as null. */
export function carBodyOf(values: CarFormOutput, image: string | null): CarInputBody {
  return {
    name: values.name,
    category: values.category,
    dailyRate: values.dailyRate,
    deposit: values.deposit,
    seats: values.seats ?? 5,
    transmission: values.transmission,
    fuel: values.fuel,
    ...(image ? { image } : {}),
    description: values.description || null,
    mileage: values.mileage || null,
    ...(values.year === undefined ? {} : { year: values.year }),
    plateNumber: values.plateNumber || null,
    available: values.available,
  };
}
