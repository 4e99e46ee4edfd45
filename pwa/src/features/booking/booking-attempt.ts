/**
 * The Idempotency-Key of a booking request, kept until the booking is made.
 * When the answer to `POST /api/bookings` is lost (the connection dropped
 * after the server booked), pressing Book Now again sends the same request
 * with the same key, and the server answers with the booking it already made
 * instead of booking twice or refusing the customer's own dates. A changed
 * request (other dates, another car) is a new booking with a new key. Kept in
 * localStorage, so a reload after the lost answer still finds the booking.
 */
const STORAGE_KEY = "car-rental:booking-attempt";

type Attempt = { request: string; key: string };

function readAttempt(): Attempt | null {
  try {
    const stored = localStorage.getItem(STORAGE_KEY);
    if (!stored) return null;
    const parsed = JSON.parse(stored) as Partial<Attempt>;
    return typeof parsed.request === "string" && typeof parsed.key === "string"
      ? { request: parsed.request, key: parsed.key }
      : null;
  } catch {
    return null;
  }
}

/**
 * Whether a booking request was sent and got no answer (kept across a reload):
 * the server may have made the booking, so the form says to press Book Now again.
 */
export function hasUnansweredBookingAttempt(): boolean {
  return readAttempt() !== null;
}

/**
 * Whether `request` is the one sent last without an answer. Its dates may now
 * look taken on this device (by that very booking): the server, which answers
 * the same key with the booking it made, decides, not the local calendar.
 */
export function isUnansweredBookingAttempt(request: unknown): boolean {
  return readAttempt()?.request === JSON.stringify(request);
}

/** The key for this request: the one of the last attempt if it was the same request, else a new one. */
export function bookingAttemptKey(request: unknown): string {
  const serialised = JSON.stringify(request);
  const last = readAttempt();
  if (last?.request === serialised) return last.key;
  const key = crypto.randomUUID();
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ request: serialised, key }));
  } catch {
    // Private mode without storage: the key still covers retries until the page is closed.
  }
  return key;
}

/** The server answered (the booking is made, or refused): the next request is a new one. */
export function forgetBookingAttempt(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
