import { act, render, screen, waitFor } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it } from "vitest";
import { afterNextPaint, useStepwiseCount } from "./use-stepwise-count";

function Counter({ total, seen }: { total: number; seen: number[] }) {
  const [count, finish] = useStepwiseCount(total, 4, 2);
  useEffect(() => {
    seen.push(count);
  }, [count, seen]);
  return (
    <>
      <p data-testid="count">{count}</p>
      <button onClick={finish}>finish</button>
    </>
  );
}

describe("useStepwiseCount", () => {
  it("shows the first items at once, then a step more after each paint, up to the total", async () => {
    const seen: number[] = [];
    render(<Counter total={11} seen={seen} />);
    expect(screen.getByTestId("count").textContent).toBe("2");
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("11"));
    // The effect recording a count runs after its commit, a moment later on a busy machine.
    await waitFor(() => expect(seen.at(-1)).toBe(11));
    // Steps of 4 from 2, capped at the total. A slow machine may commit two steps in one render
    // (React batches the updates of timers that fire together), so some may go unseen, but never
    // all of them: at least one step shows between the first items and the total.
    const steps = [2, 6, 10, 11];
    expect(seen[0]).toBe(2);
    expect(seen.at(-1)).toBe(11);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen.every((count, i) => steps.includes(count) && (i === 0 || count > (seen[i - 1] ?? 0)))).toBe(
      true,
    );
  });

  it("never goes below the total it reached when the total shrinks and grows back", async () => {
    const seen: number[] = [];
    const { rerender } = render(<Counter total={6} seen={seen} />);
    await waitFor(() => expect(screen.getByTestId("count").textContent).toBe("6"));
    rerender(<Counter total={1} seen={seen} />);
    expect(screen.getByTestId("count").textContent).toBe("1");
    rerender(<Counter total={6} seen={seen} />);
    expect(screen.getByTestId("count").textContent).toBe("6");
  });

  it("shows everything at once when finished early", async () => {
    const seen: number[] = [];
    render(<Counter total={40} seen={seen} />);
    act(() => screen.getByRole("button", { name: "finish" }).click());
    expect(screen.getByTestId("count").textContent).toBe("40");
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(seen).toEqual([2, 40]);
  });
});

describe("afterNextPaint", () => {
  it("runs the callback once, in a later task, and not at all once cancelled", async () => {
    const calls: string[] = [];
    afterNextPaint(() => calls.push("kept"));
    const cancel = afterNextPaint(() => calls.push("cancelled"));
    cancel();
    expect(calls).toEqual([]);
    await waitFor(() => expect(calls).toEqual(["kept"]));
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(calls).toEqual(["kept"]);
  });
});
