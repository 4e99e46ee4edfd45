import { startTransition, useCallback, useEffect, useState } from "react";

/** If no frame comes (a page in the background is not painted), the next step starts anyway. */
const FRAME_WAIT_LIMIT_MS = 100;

/**
 * Calls `callback` in a task of its own once the browser has painted (or after
 * FRAME_WAIT_LIMIT_MS without a frame). Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer = 0;
  const cancel = () => {
    window.cancelAnimationFrame(frame);
    window.clearTimeout(timer);
    window.clearTimeout(fallback);
  };
  const run = () => {
    cancel();
    callback();
  };
  const frame = window.requestAnimationFrame(() => {
    window.clearTimeout(fallback);
    timer = window.setTimeout(run, 0);
  });
  const fallback = window.setTimeout(run, FRAME_WAIT_LIMIT_MS);
  return cancel;
}

/**
 * How many of `total` items (or stages) to render in full: `first` at once,
 * then `step` more after each paint, up to `total`. Mounting or laying out a
 * long list or a large form in one go is one long task; in steps, each commit
 * and each layout is short and the page keeps answering input. The count never
 * goes down, so a list that shrinks and grows again (a filter) shows in full at
 * once. `finish` renders everything at the next commit.
 */
export function useStepwiseCount(total: number, step = 1, first = step): [count: number, finish: () => void] {
  const [count, setCount] = useState(first);
  useEffect(() => {
    if (count >= total) return;
    return afterNextPaint(() => startTransition(() => setCount((shown) => shown + step)));
  }, [count, total, step]);
  const finish = useCallback(() => setCount(Number.POSITIVE_INFINITY), []);
  return [Math.min(count, total), finish];
}
