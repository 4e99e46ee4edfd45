/**
 * A one-bit hint, kept in localStorage, that the outbox holds changes. It lets
 * the first view of a visitor's page skip loading IndexedDB (Dexie) and the
 * sync engine when there is nothing to send; the engine keeps it up to date.
 */
const KEY = "outbox:has-entries";
const EVENT = "outbox-hint-change";

export function outboxMayHaveEntries(): boolean {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return false;
  }
}

export function setOutboxHint(hasEntries: boolean): void {
  try {
    if (hasEntries === outboxMayHaveEntries()) return;
    if (hasEntries) localStorage.setItem(KEY, "1");
    else localStorage.removeItem(KEY);
    window.dispatchEvent(new Event(EVENT));
  } catch {
    // Storage unavailable (private mode): the engine simply starts every time.
  }
}

/** For useSyncExternalStore: changes in this tab and in others. */
export function subscribeOutboxHint(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener(EVENT, listener);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener("storage", onStorage);
  };
}
