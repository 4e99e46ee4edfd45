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

/** The booking is made (or refused for good): the next request is a new one. */
export function forgetBookingAttempt(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}
