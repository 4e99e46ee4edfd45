/**
 * A dialog that the phone's (or tablet's) Back closes, as people expect of a
 * screen that covers the page: while it is open the page has one more history
 * entry at the same address (its state marks the dialog), so Back takes that
 * entry away and closes the dialog, instead of leaving the page and what was
 * typed into the dialog.
 */
import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";

declare module "@tanstack/react-router" {
  interface HistoryState {
    /** Marks the entry of a dialog open over this page that Back closes (use-back-to-close.ts). */
    backCloses?: string;
  }
}

type AppHistory = ReturnType<typeof useRouter>["history"];

/**
 * The entry of a dialog closed otherwise than by Back (saved, cancelled) is
 * taken away with a `back()`, which the browser does a moment later: a dialog
 * opened meanwhile adds its entry after that, not on top of the one going.
 */
let leaving: Promise<void> = Promise.resolve();

function leaveEntry(history: AppHistory): void {
  leaving = new Promise<void>((resolve) => {
    const done = () => {
      unsubscribe();
      clearTimeout(timer);
      resolve();
    };
    const unsubscribe = history.subscribe(done);
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
  const router = useRouter();
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
    if (!open) return undefined;
    const history = router.history;
    const token = `${Date.now()}-${Math.random()}`;
    entry.current = token;
    stepping.current = false;
    let pushed = false;
    const unsubscribe = history.subscribe(({ location }) => {
      if (!pushed || entry.current !== token || location.state.backCloses === token) return;
      entry.current = null;
      onCloseRef.current();
    });
    void leaving.then(() => {
      if (entry.current !== token) return;
      pushed = true;
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
      if (pushed && history.location.state.backCloses === token) leaveEntry(history);
    };
  }, [open, router]);

  return useCallback(() => {
    const token = entry.current;
    if (token !== null && router.history.location.state.backCloses === token) {
      // The subscription above closes the dialog when the browser has stepped back.
      if (!stepping.current) router.history.back();
      stepping.current = true;
      return;
    }
    entry.current = null;
    onCloseRef.current();
  }, [router]);
}
