/**
 * A logout the server has not heard of yet. Logging out offline clears the
 * device at once, but the session cookie stays valid on the server until
 * `DELETE /api/admin/session` reaches it: on a shared tablet, anyone could
 * still open the admin calls in that browser. The flag (in localStorage, so a
 * reload or a closed tab keeps it) makes the next page that is online end the
 * session. Plain fetch, no client library: it runs on every page's first view.
 */
const KEY = "admin:logout-pending";
const SESSION_PATH = "/api/admin/session";

function pending(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function markLogoutPending(): void {
  try {
    localStorage.setItem(KEY, "1");
  } catch {
    // Storage unavailable: the session ends when its cookie expires.
  }
}

/** Signing in again replaces the cookie: the old logout must not end the new session. */
export function clearLogoutPending(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}

/** Ends the session on the server if a logout is waiting; offline, the flag stays for the next try. */
async function finishPendingLogout(): Promise<void> {
  if (!pending()) return;
  try {
    const response = await fetch(SESSION_PATH, {
      method: "DELETE",
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    // 401: the session had already ended (expired, or ended elsewhere).
    if (response.ok || response.status === 401) clearLogoutPending();
  } catch {
    // Still offline: the next "online" tries again.
  }
}

/** Tries now and whenever the connection returns, until the server has ended the session. */
export function watchPendingLogout(): void {
  void finishPendingLogout();
  window.addEventListener("online", () => void finishPendingLogout());
}
