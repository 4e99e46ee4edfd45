import { useDebouncedValue } from "@mantine/hooks";
import { useCallback, useEffect, useState } from "react";
import { nameKey } from "@car-rental/shared/name-key";
import { shouldCheckBlockedName } from "@car-rental/shared/schemas/blocked-name-check";
import { api } from "../../data/api-client";

/** Waits this long after the last keystroke before asking the server. */
export const BLOCKED_NAME_DEBOUNCE_MS = 400;

export type BlockedNameState = {
  /** The typed name is on the blocklist. */
  isBlocked: boolean;
  /** Marks a name blocked without asking (the server refused a booking for it). */
  markBlocked: (name: string) => void;
};

/**
 * Whether the typed full name is blocked (spec §4, §5): asked of
 * `GET /api/blocked-names/check` once the trimmed name is longer than 2
 * characters, ~400 ms after typing stops. Offline the answer is unknown and
 * the form stays usable; the server checks again when the booking is sent.
 */
export function useBlockedName(fullName: string): BlockedNameState {
  const [debounced] = useDebouncedValue(fullName.trim(), BLOCKED_NAME_DEBOUNCE_MS);
  const [blockedKey, setBlockedKey] = useState<string | null>(null);
  const [checkedKey, setCheckedKey] = useState<string | null>(null);

  useEffect(() => {
    if (!shouldCheckBlockedName(debounced)) return;
    const controller = new AbortController();
    api
      .call("checkBlockedName", { query: { name: debounced }, signal: controller.signal })
      .then((answer) => {
        setCheckedKey(nameKey(debounced));
        setBlockedKey(answer.isBlocked ? nameKey(debounced) : null);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn("Could not check the name", error);
      });
    return () => controller.abort();
  }, [debounced]);

  const markBlocked = useCallback((name: string) => {
    setCheckedKey(nameKey(name));
    setBlockedKey(nameKey(name));
  }, []);

  const typedKey = nameKey(fullName);
  // The last answer holds until the next one arrives for an edited name, so
  // the warning does not flicker while typing; a short name is never checked.
  const isBlocked =
    shouldCheckBlockedName(fullName) &&
    blockedKey !== null &&
    (blockedKey === typedKey || checkedKey !== typedKey);
  return { isBlocked, markBlocked };
}
