/**
 * A dialog that the phone's (or tablet's) Back closes, as people expect of a
 * screen that covers the page: while it is open the page has one more history
 * entry at the same address (its state marks the dialog), so Back takes that
 * entry away and closes the dialog, instead of leaving the page and what was
 * typed into the dialog.
 *
 * A dialog closed otherwise (saved, cancelled) takes its entry away with a
 * `back()`, which the browser does a moment later. A dialog opened meanwhile
 * waits for it; a route change made in the same moment would be undone by it
 * (none is: a dialog's screen closes it and stays).
 */
import { useRouter, type RouterHistory } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";

declare module "@tanstack/react-router" {
  interface HistoryState {
    /** Marks the entry of a dialog open over this page that Back closes (use-back-to-close.ts). */
    backCloses?: string;
  }
}

let leaving: Promise<void> = Promise.resolve();

function leaveEntry(history: RouterHistory): void {
  leaving = new Promise<void>((resolve) => {
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    // Only the step back itself ends the wait (a push made meanwhile does not).
    const unsubscribe = history.subscribe(({ action }) => {
      if (action.type === "BACK" || action.type === "GO") done();
    });
    // A browser that never reports the step back must not keep the next dialog from its entry.
    const timer = setTimeout(done, 1000);
    history.back();
  });
}

/**
 * While `open`, Back calls `onClose`. Answers the dialog's own close (its
 * close button, Escape, Cancel): it goes back over the entry, which then calls
 * `onClose`. A dialog closed by its parent (`open` false) takes its entry away.
 */
export function useBackToClose(open: boolean, onClose: () => void): () => void {
  // Outside a router (a component rendered on its own, as in its tests) there is no history: a plain close.
  const router = useRouter({ warn: false }) as ReturnType<typeof useRouter> | null;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  // The token of this opening's entry (each opening its own, so an entry left
  // marked by a reload never stands in for it), or null once it is gone.
  const entry = useRef<string | null>(null);
  // Set while the browser steps back over the entry (a second tap does not step twice).
  const stepping = useRef(false);

  useEffect(() => {
    if (!open || !router) return undefined;
    const history: RouterHistory = router.history;
    const token = `${Date.now()}-${Math.random()}`;
    entry.current = token;
    stepping.current = false;
    // The entry's place in the history once pushed: the dialog closes when the
    // page goes back before it (not for an entry a dialog opened over this one
    // adds, nor for an address replaced while it is open).
    let index: number | null = null;
    const unsubscribe = history.subscribe(({ location }) => {
      if (entry.current !== token) return;
      if (location.state.backCloses === token) index = location.state.__TSR_index;
      else if (index !== null && location.state.__TSR_index < index) {
        entry.current = null;
        onCloseRef.current();
      }
    });
    void leaving.then(() => {
      if (entry.current !== token) return;
      void router.navigate({
        to: ".",
        search: true,
        hash: true,
        state: (previous) => ({ ...previous, backCloses: token }),
        // The page under the dialog stays where it was scrolled to.
        resetScroll: false,
        hashScrollIntoView: false,
      });
    });
    return () => {
      unsubscribe();
      if (entry.current !== token) return;
      entry.current = null;
      if (history.location.state.backCloses === token) leaveEntry(history);
    };
  }, [open, router]);

  return useCallback(() => {
    const token = entry.current;
    if (router && token !== null && router.history.location.state.backCloses === token) {
      // The subscription above closes the dialog when the browser has stepped back.
      if (!stepping.current) router.history.back();
      stepping.current = true;
      return;
    }
    entry.current = null;
    onCloseRef.current();
  }, [router]);
}
