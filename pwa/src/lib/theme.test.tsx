import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppProviders } from "./providers";
import { THEME_STORAGE_KEY, ThemeProvider, useTheme } from "./theme";

function ThemeProbe() {
  const { theme, toggleTheme, setTheme } = useTheme();
  return (
    <div>
      <p data-testid="theme">{theme}</p>
      <button onClick={toggleTheme}>toggle</button>
      <button onClick={() => setTheme("light")}>light</button>
    </div>
  );
}

function stubSystemPreference(prefersDark: boolean) {
  vi.spyOn(window, "matchMedia").mockImplementation((query: string) => {
    const list = new EventTarget();
    return Object.assign(list, {
      matches: prefersDark && query === "(prefers-color-scheme: dark)",
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: (event: Event) => EventTarget.prototype.dispatchEvent.call(list, event),
    });
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("useTheme", () => {
  it("starts from the theme saved in localStorage", () => {
    stubSystemPreference(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, "dark");
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("theme").textContent).toBe("dark");
  });

  it("prefers the saved theme over the system preference", () => {
    stubSystemPreference(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, "light");
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("theme").textContent).toBe("light");
  });

  it("falls back to the system dark-mode preference", () => {
    stubSystemPreference(true);
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("theme").textContent).toBe("dark");
  });

  it("is light when nothing is saved and the system prefers light", () => {
    stubSystemPreference(false);
    window.localStorage.setItem(THEME_STORAGE_KEY, "not-a-theme");
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    expect(screen.getByTestId("theme").textContent).toBe("light");
  });

  it("saves every change under the 'theme' key", async () => {
    stubSystemPreference(false);
    const user = userEvent.setup();
    render(
      <ThemeProvider>
        <ThemeProbe />
      </ThemeProvider>,
    );
    await user.click(screen.getByRole("button", { name: "toggle" }));
    expect(screen.getByTestId("theme").textContent).toBe("dark");
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");

    await user.click(screen.getByRole("button", { name: "light" }));
    expect(screen.getByTestId("theme").textContent).toBe("light");
    expect(window.localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");
  });

  it("throws when used outside its provider", () => {
    // React logs the thrown render error; keep the test output clean.
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(() => render(<ThemeProbe />)).toThrow("useTheme() must be used inside a <ThemeProvider>.");
  });

  it("applies the theme to Mantine's colour scheme", async () => {
    const user = userEvent.setup();
    render(
      <AppProviders initialTheme="light">
        <ThemeProbe />
      </AppProviders>,
    );
    expect(document.documentElement.getAttribute("data-mantine-color-scheme")).toBe("light");
    await user.click(screen.getByRole("button", { name: "toggle" }));
    await act(async () => undefined);
    expect(document.documentElement.getAttribute("data-mantine-color-scheme")).toBe("dark");
  });
});
