/**
 * The "authenticated" flag of spec §4 "Admin session", kept in local storage
 * so the dashboard shows at once from the cached data on the next visit
 * (also offline). It is only a hint for the UI: the server's HttpOnly
 * session cookie is the authority (decisions.md), checked when online.
 */
import { useSyncExternalStore } from "react";

export const ADMIN_FLAG_KEY = "adminAuthenticated";

const listeners = new Set<() => void>();

export function readAdminFlag(): boolean {
  try {
    return window.localStorage.getItem(ADMIN_FLAG_KEY) === "true";
  } catch {
    // Storage blocked (private mode, sandboxed frame): no hint, the gate shows.
    return false;
  }
}

export function writeAdminFlag(authenticated: boolean): void {
  try {
    if (authenticated) window.localStorage.setItem(ADMIN_FLAG_KEY, "true");
    else window.localStorage.removeItem(ADMIN_FLAG_KEY);
  } catch {
    // Not persisted; this page still follows the new value.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab signed in or out.
  const onStorage = (event: StorageEvent) => {
    if (event.key === ADMIN_FLAG_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The flag, re-rendering when this or another tab changes it. */
export function useAdminFlag(): boolean {
  return useSyncExternalStore(subscribe, readAdminFlag, () => false);
}
