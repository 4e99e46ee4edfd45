/**
 * A full-screen dialog that the phone's Back closes, as people expect of a
 * screen that covers the page: while it is open the page has one more history
 * entry at the same address (its state names the dialog), so Back takes that
 * entry away and closes the dialog instead of leaving the site.
 */
import { useRouter } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";

declare module "@tanstack/react-router" {
  interface HistoryState {
    /** Marks the entry of a dialog open over this page that Back closes (use-back-to-close.ts). */
    backCloses?: string;
  }
}

/**
 * While `open`, Back calls `onClose`. Answers the dialog's own close (its
 * button, Escape): it goes back over the entry, which then calls `onClose`.
 */
export function useBackToClose(open: boolean, onClose: () => void): () => void {
  const router = useRouter();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  // The entry pushed for this opening (each opening its own, so an entry left
  // marked by a reload never stands in for it), or null.
  const entry = useRef<string | null>(null);

  useEffect(() => {
    if (!open) return undefined;
    const token = `${Date.now()}-${Math.random()}`;
    entry.current = token;
    const unsubscribe = router.history.subscribe(({ location }) => {
      if (entry.current !== token || location.state.backCloses === token) return;
      entry.current = null;
      onCloseRef.current();
    });
    void router.navigate({
      to: ".",
      search: true,
      hash: true,
      state: (previous) => ({ ...previous, backCloses: token }),
      // The page under the dialog stays where it was scrolled to.
      resetScroll: false,
    });
    return () => {
      unsubscribe();
      if (entry.current === token) entry.current = null;
    };
  }, [open, router]);

  return useCallback(() => {
    const token = entry.current;
    if (token !== null && router.history.location.state.backCloses === token) {
      router.history.back();
      return;
    }
    entry.current = null;
    onCloseRef.current();
  }, [router]);
}
