/**
 * Money as decimal strings ("2500.00"), computed through integer centavos
 * (`bigint`), so no floating-point arithmetic ever touches an amount.
 *
 * Parsing is strict: an amount with more than two decimals is rejected, not
 * rounded, because a price with a fraction of a centavo is a bug upstream and
 * rounding it silently would hide that bug (and could book at a price the
 * customer did not see).
 */
import * as z from "zod";

/** An amount as the API carries it: a decimal string, or a JSON number. */
export type MoneyInput = string | number;

/** Largest amount a `numeric(12,2)` column holds, in centavos (9999999999.99). */
export const MAX_MONEY_CENTAVOS = 999_999_999_999n;

const DECIMAL_PATTERN = /^(-?)(\d{1,15})(?:\.(\d{1,2}))?$/;

/**
 * Parses an amount into centavos, or returns `null` when it is not a plain
 * decimal with at most two decimals (no exponent, no thousands separators,
 * no NaN/Infinity). Surrounding whitespace is ignored.
 */
export function tryParseMoney(input: MoneyInput): bigint | null {
  let text: string;
  if (typeof input === "number") {
    if (!Number.isFinite(input)) return null;
    // String(n) is the shortest round-trip form, so 2500.5 stays "2500.5";
    // a float carrying noise (0.1 + 0.2) shows more than two decimals and fails.
    text = String(input);
  } else {
    text = input.trim();
  }
  const match = DECIMAL_PATTERN.exec(text);
  if (!match) return null;
  const [, sign, whole = "0", fraction = ""] = match;
  const centavos = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0"));
  return sign === "-" ? -centavos : centavos;
}

/**
 * Parses an amount into centavos.
 * @throws RangeError when the input is not a decimal with at most two decimals.
 */
export function parseMoney(input: MoneyInput): bigint {
  const centavos = tryParseMoney(input);
  if (centavos === null) throw new RangeError(`Not a money amount: ${String(input)}`);
  return centavos;
}

/** Centavos to the normalized decimal string: 250000n -> "2500.00", -5n -> "-0.05". */
export function toMoneyString(centavos: bigint): string {
  const negative = centavos < 0n;
  const abs = negative ? -centavos : centavos;
  const whole = (abs / 100n).toString();
  const fraction = (abs % 100n).toString().padStart(2, "0");
  return `${negative ? "-" : ""}${whole}.${fraction}`;
}

/**
 * An amount already in the form `toMoneyString` writes (as numeric(12,2)
 * columns come back): no sign, no leading zero, two decimals.
 */
const CANONICAL_PATTERN = /^(?:0|[1-9]\d{0,14})\.\d\d$/;

/** Normalizes any accepted amount: 2500 -> "2500.00", "7.5" -> "7.50". */
export function normalizeMoney(amount: MoneyInput): string {
  // The common case (a stored amount) as it is: a first admin sync normalizes tens of thousands.
  if (typeof amount === "string" && CANONICAL_PATTERN.test(amount)) return amount;
  return toMoneyString(parseMoney(amount));
}

export function addMoney(...amounts: MoneyInput[]): string {
  return toMoneyString(amounts.reduce<bigint>((sum, amount) => sum + parseMoney(amount), 0n));
}

/** `a - b`, which may be negative (e.g. an overpaid balance). */
export function subtractMoney(a: MoneyInput, b: MoneyInput): string {
  return toMoneyString(parseMoney(a) - parseMoney(b));
}

/**
 * Multiplies an amount by a whole number (days, quantities).
 * @throws RangeError when the factor is not a safe integer.
 */
export function multiplyMoney(amount: MoneyInput, factor: number): string {
  if (!Number.isSafeInteger(factor)) throw new RangeError(`Not an integer factor: ${factor}`);
  return toMoneyString(parseMoney(amount) * BigInt(factor));
}

/** -1, 0 or 1 as `a` is less than, equal to or greater than `b`, compared as decimals. */
export function compareMoney(a: MoneyInput, b: MoneyInput): -1 | 0 | 1 {
  const x = parseMoney(a);
  const y = parseMoney(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** True when both amounts are the same decimal ("2500" equals "2500.00" equals 2500). */
export function moneyEquals(a: MoneyInput, b: MoneyInput): boolean {
  const x = tryParseMoney(a);
  const y = tryParseMoney(b);
  return x !== null && x === y;
}

/**
 * Pesos for display: "₱2,500", "₱2,500.50", "-₱300". Centavos appear only
 * when they are not zero. Unparseable input shows as "₱0" rather than
 * breaking a page that renders stale or foreign data.
 */
export function formatPeso(amount: MoneyInput | bigint): string {
  const centavos = typeof amount === "bigint" ? amount : (tryParseMoney(amount) ?? 0n);
  const negative = centavos < 0n;
  const abs = negative ? -centavos : centavos;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  const rest = abs % 100n;
  const fraction = rest === 0n ? "" : `.${rest.toString().padStart(2, "0")}`;
  return `${negative ? "-" : ""}₱${whole}${fraction}`;
}

const MONEY_INVALID = "Enter an amount in pesos, with at most two decimals";
const MONEY_NEGATIVE = "The amount cannot be negative";
const MONEY_TOO_LARGE = "The amount is too large";

/**
 * A money schema: number or numeric string in, normalized decimal string out,
 * at most 9999999999.99 (what `numeric(12,2)` holds).
 * @param minCentavos the smallest accepted amount.
 * @param belowMinMessage the message for an amount below it.
 * @param invalidMessage the message for something that is not an amount.
 */
function moneySchemaWith(minCentavos: bigint, belowMinMessage: string, invalidMessage: string) {
  return z.union([z.string().max(32), z.number()], { error: invalidMessage }).transform((value, ctx) => {
    const centavos = tryParseMoney(value);
    if (centavos === null) {
      ctx.addIssue({ code: "custom", message: invalidMessage });
      return z.NEVER;
    }
    if (centavos < minCentavos) {
      ctx.addIssue({ code: "custom", message: belowMinMessage });
      return z.NEVER;
    }
    if (centavos > MAX_MONEY_CENTAVOS) {
      ctx.addIssue({ code: "custom", message: MONEY_TOO_LARGE });
      return z.NEVER;
    }
    return toMoneyString(centavos);
  });
}

/** A non-negative amount (number or numeric string), output as "2500.00". */
export const moneySchema = moneySchemaWith(0n, MONEY_NEGATIVE, MONEY_INVALID);

/**
 * A strictly positive amount, output as "2500.00"; `message` is reported for
 * anything that is not a positive amount (zero, negative, text).
 */
export function positiveMoneySchemaWith(message: string) {
  return moneySchemaWith(1n, message, message);
}

/** A strictly positive amount, output as "2500.00". */
export const positiveMoneySchema = positiveMoneySchemaWith("The amount must be a positive number");
