import { liveQuery } from "dexie";
import { startTransition, useEffect, useMemo, useState } from "react";

/**
 * dexie-react-hooks' `useLiveQuery` (same arguments, same answers: undefined
 * until the first result, the last result while new dependencies are read,
 * an error thrown to the nearest error boundary), except that each new result
 * renders as a transition. Outside a transition React renders an update in
 * one uninterrupted task: a fleet of 20+ cards arriving from IndexedDB kept a
 * phone's main thread busy for a long task, on the very pages whose first
 * load has to stay responsive. A transition renders in slices that yield to
 * the browser, and gives way to typing and taps.
 */
export function useLiveQuery<T>(querier: () => Promise<T> | T, deps: readonly unknown[]): T | undefined {
  const [state, setState] = useState<LiveQueryState<T>>({ result: undefined, failed: false });
  // The querier changes with the dependencies only (as with dexie-react-hooks).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const observable = useMemo(() => liveQuery(querier), deps);
  useEffect(() => {
    const subscription = observable.subscribe({
      next: (result) =>
        startTransition(() =>
          setState((last) => (!last.failed && last.result === result ? last : { result, failed: false })),
        ),
      error: (error: unknown) =>
        startTransition(() =>
          setState((last) => (last.failed && last.error === error ? last : { ...last, failed: true, error })),
        ),
    });
    return () => subscription.unsubscribe();
  }, [observable]);
  if (state.failed) throw state.error;
  return state.result;
}

type LiveQueryState<T> = { result: T | undefined; failed: boolean; error?: unknown };
