/**
 * Who may read or change a booking without an admin session: the holder of a
 * booking token. The confirmation's token is the booking's own
 * (`bookings.booking_token_hash`); each lookup on My booking hands out one
 * more (`booking_tokens`). A token lasts until BOOKING_TOKEN_DAYS_AFTER_RETURN
 * days after the return date (Manila calendar), or until the booking is cancelled.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Knex } from "knex";
import { BOOKING_TOKEN_DAYS_AFTER_RETURN } from "@car-rental/shared/constants";
import { addDays } from "@car-rental/shared/dates";
import { myBookingPath } from "@car-rental/shared/schemas/my-booking";

/** Lookup tokens kept per booking: a new lookup past this drops the oldest. */
const TOKENS_PER_BOOKING = 10;

export const tokenHash = (token: string): string => createHash("sha256").update(token).digest("hex");

export const newBookingToken = (): string => randomBytes(32).toString("base64url");

/** Whether `token` is a token of booking `bookingId` (its own or one a lookup handed out). */
export async function tokenMatches(db: Knex, bookingId: string, token: string): Promise<boolean> {
  const hash = tokenHash(token);
  const own = await db("bookings").select("id").where({ id: bookingId, booking_token_hash: hash }).first();
  if (own) return true;
  const issued = await db("booking_tokens")
    .select("token_hash")
    .where({ booking_id: bookingId, token_hash: hash })
    .first();
  return issued !== undefined;
}

/** Whether Manila day `today` is within a token's lifetime: BOOKING_TOKEN_DAYS_AFTER_RETURN days after the return date. */
export const withinTokenLifetime = (returnDate: string, today: string): boolean =>
  today <= addDays(returnDate, BOOKING_TOKEN_DAYS_AFTER_RETURN);

/** Whether a token of `booking` still works on Manila day `today` (release-2 A3): within its lifetime, and never once the booking is cancelled. */
export const tokenStillValid = (booking: { status: string; return_date: string }, today: string): boolean =>
  booking.status !== "cancelled" && withinTokenLifetime(booking.return_date, today);

/** Hands out a new token for the booking (a successful lookup), keeping the newest few. */
export async function issueBookingToken(db: Knex, bookingId: string, now: Date): Promise<string> {
  const token = newBookingToken();
  await db("booking_tokens").insert({ token_hash: tokenHash(token), booking_id: bookingId, created_at: now });
  const keep = db("booking_tokens")
    .select("token_hash")
    .where({ booking_id: bookingId })
    .orderBy("created_at", "desc")
    .orderBy("token_hash")
    .limit(TOKENS_PER_BOOKING);
  await db("booking_tokens").where({ booking_id: bookingId }).whereNotIn("token_hash", keep).delete();
  return token;
}

/** The confirmation e-mail's link to My booking: absolute when the site's address is configured. */
export function myBookingLink(publicUrl: string | undefined, reference: string, token: string): string {
  const path = myBookingPath(reference, token);
  return publicUrl ? new URL(path, publicUrl).toString() : path;
}
