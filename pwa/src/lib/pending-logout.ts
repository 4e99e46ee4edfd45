/**
 * A logout the server has not heard of yet. Logging out offline clears the
 * device at once, but the session cookie stays valid on the server until
 * `DELETE /api/admin/session` reaches it: on a shared tablet, anyone could
 * still open the admin calls in that browser. The flag (in localStorage, so a
 * reload or a closed tab keeps it) makes the next page that is online end the
 * session. Plain fetch, no client library: it runs on every page's first view.
 */
import { retryWithBackoff, type Retry } from "./retry-with-backoff";

const KEY = "admin:logout-pending";
const SESSION_PATH = "/api/admin/session";

function pending(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

/** How long one try may wait for the server's answer. */
const TRY_TIMEOUT_MS = 10_000;
/** Tried again after 2 s, doubling up to a minute, and whenever the connection returns. */
let retry: Retry | undefined;
const logoutRetry = () => (retry ??= retryWithBackoff(endSession, { firstMs: 2_000, maxMs: 60_000 }));

/** The logout's request got no answer: the session is ended on the next try (see watchPendingLogout). */
export function markLogoutPending(): void {
  try {
    localStorage.setItem(KEY, "1");
  } catch {
    // Storage unavailable: the session ends when its cookie expires.
    return;
  }
  logoutRetry().later();
}

/** Signing in again replaces the cookie: the old logout must not end the new session. */
export function clearLogoutPending(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/** Ends the session on the server if a logout is waiting: false while it is still waiting (no answer). */
async function endSession(): Promise<boolean> {
  if (!pending()) return true;
  try {
    const response = await fetch(SESSION_PATH, {
      method: "DELETE",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
      // A stalled try must end, or the next one would never come.
      signal: AbortSignal.timeout(TRY_TIMEOUT_MS),
    });
    // 401: the session had already ended (expired, or ended elsewhere).
    if (response.ok || response.status === 401) clearLogoutPending();
  } catch {
    // No answer: tried again.
  }
  return !pending();
}

/** Tries now, again on a timer while it fails, and whenever the connection returns, until the server has ended the session. */
export function watchPendingLogout(): void {
  logoutRetry().now();
}
