import { useCallback, useEffect, useRef, useState } from "react";
import { useOnline } from "../../lib/use-online";
import type { BookingLookupBody, MyBooking } from "@car-rental/shared/schemas/my-booking";
import { loadDataLibraries } from "../../lib/data-libraries";
import { loadRetrying } from "../../lib/load-retrying";
import type * as Lookup from "./my-booking-lookup";
import type { ShownBooking } from "./my-booking-lookup";
import type * as View from "./my-booking-view";

/** What the page loads once it is used: the lookup, the form's schema, the booking's details. */
export type MyBookingCode = typeof Lookup & typeof View;

let loading: Promise<MyBookingCode> | undefined;

/**
 * Loads My booking's code beyond its first view: its libraries first, one per
 * task (lib/data-libraries.ts), then the lookup and the views. Started when
 * the form is first used, or by the e-mail's link.
 */
export function loadMyBookingCode(): Promise<MyBookingCode> {
  loading ??= loadRetrying(async () => {
    await loadDataLibraries();
    const [lookup, view] = await Promise.all([import("./my-booking-lookup"), import("./my-booking-view")]);
    return { ...lookup, ...view };
  }).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

export type MyBookingState = {
  shown: ShownBooking | null;
  /** Why the last lookup found nothing (the server's words), or null. */
  problem: string | null;
  busy: boolean;
  /** The page's code beyond its first view, once a lookup has loaded it. */
  code: MyBookingCode | null;
  /** Looks the booking up; offline, shows the copy kept from an earlier visit. */
  find: (body: BookingLookupBody) => Promise<void>;
  /** Shows a newer answer (after a cancellation or an upload) and keeps it. */
  replace: (answer: MyBooking) => Promise<void>;
  close: () => void;
  /**
   * The page's code could not be loaded (online, after several attempts): the
   * page fails as a lazy component's would, with the router's error page.
   */
  unavailable: (error: unknown) => void;
};

/** My booking's state: the booking on screen, and its lookup online or from the kept copy. */
export function useMyBooking(): MyBookingState {
  const [shown, setShown] = useState<ShownBooking | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [code, setCode] = useState<MyBookingCode | null>(null);

  const [failure, setFailure] = useState<{ error: unknown } | null>(null);
  const unavailable = useCallback((error: unknown) => setFailure({ error }), []);

  /** The last lookup asked for: shown from the kept copy offline, it is asked again once online. */
  const lastBody = useRef<BookingLookupBody | null>(null);
  /** Counts the lookups and closes: an answer that arrives after a newer one, or after a close, is dropped. */
  const turn = useRef(0);
  const find = useCallback(
    async (body: BookingLookupBody) => {
      lastBody.current = body;
      const mine = ++turn.current;
      setBusy(true);
      setProblem(null);
      try {
        const loaded = await loadMyBookingCode();
        setCode(loaded);
        const outcome = await loaded.lookUpBooking(body);
        if (mine !== turn.current) return;
        if ("shown" in outcome) {
          setShown(outcome.shown);
        } else {
          if (!outcome.keepShown) setShown(null);
          setProblem(outcome.problem);
        }
      } catch (error) {
        unavailable(error);
      } finally {
        setBusy(false);
      }
    },
    [unavailable],
  );

  // Back online with the kept copy on screen: the server's answer replaces it (and the actions return).
  const online = useOnline();
  const showingKeptCopy = shown?.offline === true;
  useEffect(() => {
    if (online && showingKeptCopy && lastBody.current) void find(lastBody.current);
  }, [online, showingKeptCopy, find]);

  const replace = useCallback(async (answer: MyBooking) => {
    setShown({ answer, offline: false });
    const loaded = await loadMyBookingCode();
    await loaded.keepBooking(answer);
  }, []);

  const close = useCallback(() => {
    turn.current += 1;
    lastBody.current = null;
    setShown(null);
    setProblem(null);
  }, []);

  if (failure) throw failure.error;
  return { shown, problem, busy, code, find, replace, close, unavailable };
}
