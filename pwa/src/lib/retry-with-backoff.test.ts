import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { retryWithBackoff, type Retry } from "./retry-with-backoff";

/** An attempt whose answers the test gives one by one, recording when each try started. */
function scriptedAttempt(answers: (boolean | "reject")[]) {
  const startedAt: number[] = [];
  const attempt = vi.fn(async () => {
    startedAt.push(Date.now());
    const answer = answers.shift() ?? true;
    if (answer === "reject") throw new Error("no answer");
    return answer;
  });
  return { attempt, startedAt };
}

describe("retryWithBackoff", () => {
  let retry: Retry | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    retry?.stop();
    vi.useRealTimers();
  });

  it("tries again after waits that double up to the cap, until a try is done", async () => {
    const { attempt, startedAt } = scriptedAttempt([false, "reject", false, false, false, true]);
    retry = retryWithBackoff(attempt, { firstMs: 1_000, maxMs: 5_000 });
    retry.now();
    await vi.advanceTimersByTimeAsync(60_000);
    // 1 s, 2 s, 4 s, then the 5 s cap; a rejection counts as a failed try.
    expect(startedAt).toEqual([0, 1_000, 3_000, 7_000, 12_000, 17_000]);
    expect(attempt).toHaveBeenCalledTimes(6);
  });

  it("tries at once when the browser comes back online, the wait starting over", async () => {
    const { attempt, startedAt } = scriptedAttempt([false, false, false, false, true]);
    retry = retryWithBackoff(attempt, { firstMs: 1_000, maxMs: 60_000 });
    retry.now();
    await vi.advanceTimersByTimeAsync(3_500); // tries at 0, 1 s, 3 s; the next is due at 7 s
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(0);
    expect(startedAt).toEqual([0, 1_000, 3_000, 3_500]);
    await vi.advanceTimersByTimeAsync(1_000);
    // The wait after the 'online' try is the first one again, not 8 s; that try is done.
    expect(startedAt).toEqual([0, 1_000, 3_000, 3_500, 4_500]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(5);
  });

  it("starts no second try while one is under way", async () => {
    let finish: (done: boolean) => void = () => undefined;
    const attempt = vi.fn(() => new Promise<boolean>((resolve) => (finish = resolve)));
    retry = retryWithBackoff(attempt, { firstMs: 1_000, maxMs: 60_000 });
    retry.now();
    retry.now();
    window.dispatchEvent(new Event("online"));
    expect(attempt).toHaveBeenCalledTimes(1);
    finish(true);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it("later() waits before its try, and stop() ends the timer and the 'online' listener", async () => {
    const { attempt, startedAt } = scriptedAttempt([false, false]);
    retry = retryWithBackoff(attempt, { firstMs: 2_000, maxMs: 60_000 });
    retry.later();
    await vi.advanceTimersByTimeAsync(2_000);
    expect(startedAt).toEqual([2_000]);
    retry.stop();
    window.dispatchEvent(new Event("online"));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(attempt).toHaveBeenCalledTimes(1);
  });
});
