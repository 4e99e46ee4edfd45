import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { useSubmitOnce } from "./use-submit-once";

function Form({ save }: { save: () => Promise<void> }) {
  const { onSubmit, submitting } = useSubmitOnce(save);
  return (
    <form onSubmit={onSubmit} aria-label="form">
      <button type="submit">{submitting ? "Saving" : "Save"}</button>
    </form>
  );
}

describe("useSubmitOnce", () => {
  it("ignores the taps that land while a submit is being saved, then takes the next one", async () => {
    const finishes: (() => void)[] = [];
    let saves = 0;
    const save = () =>
      new Promise<void>((resolve) => {
        saves += 1;
        finishes.push(resolve);
      });
    render(<Form save={save} />);
    const form = screen.getByRole("form", { name: "form" });
    // Two taps in the same moment, before React renders the first one's state.
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    fireEvent.submit(form);
    expect(saves).toBe(1);
    expect(screen.getByRole("button").textContent).toBe("Saving");

    await act(async () => finishes[0]?.());
    expect(screen.getByRole("button").textContent).toBe("Save");
    fireEvent.submit(form);
    expect(saves).toBe(2);
    await act(async () => finishes[1]?.());
  });

  it("takes the next tap after a submit that failed", async () => {
    let saves = 0;
    const save = async () => {
      saves += 1;
      throw new Error("not stored");
    };
    render(<Form save={() => save().catch(() => undefined)} />);
    const form = screen.getByRole("form", { name: "form" });
    await act(async () => fireEvent.submit(form));
    await act(async () => fireEvent.submit(form));
    expect(saves).toBe(2);
  });
});
