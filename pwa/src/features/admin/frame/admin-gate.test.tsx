import "fake-indexeddb/auto";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { adminAccess } from "@car-rental/shared/messages";
import { ADMIN_FLAG_KEY } from "./admin-flag";
import { AdminGate, ENTER_LABEL, PASSWORD_LABEL } from "./admin-gate";
import { SIGN_IN_NO_ANSWER, SIGN_IN_OFFLINE } from "./use-admin-session";

vi.mock("../../../data/sync-engine", () => ({ resumeAfterSignIn: vi.fn(() => Promise.resolve()) }));

function renderGate() {
  render(
    <MantineProvider>
      <Notifications />
      <AdminGate sessionExpired={false} />
    </MantineProvider>,
  );
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("AdminGate", () => {
  it("enables the enter button only when a password is typed", async () => {
    renderGate();
    const password = screen.getByLabelText(PASSWORD_LABEL);
    expect(password.getAttribute("type")).toBe("password");
    const enter = screen.getByRole("button", { name: ENTER_LABEL });
    expect(enter.hasAttribute("disabled")).toBe(true);
    await userEvent.type(password, "x");
    expect(enter.hasAttribute("disabled")).toBe(false);
    await userEvent.clear(password);
    expect(enter.hasAttribute("disabled")).toBe(true);
  });

  it("shows the inline message and 'Access Denied' for a wrong password", async () => {
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        answer(401, { error: { code: "INVALID_PASSWORD", message: adminAccess.incorrectPassword } }),
      ),
    );
    vi.stubGlobal("fetch", fetchMock);
    renderGate();
    await userEvent.type(screen.getByLabelText(PASSWORD_LABEL), "wrong");
    await userEvent.click(screen.getByRole("button", { name: ENTER_LABEL }));
    expect(await screen.findByText(adminAccess.denied.title)).toBeTruthy();
    expect(screen.getByText(adminAccess.incorrectPassword)).toBeTruthy();
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith("/api/admin/session", expect.objectContaining({ method: "POST" }));
  });

  it("shows the server's message when sign-in is rate-limited", async () => {
    const message = "Too many attempts. Please wait a moment and try again.";
    vi.stubGlobal("fetch", () =>
      Promise.resolve(answer(429, { error: { code: "TOO_MANY_REQUESTS", message } })),
    );
    renderGate();
    await userEvent.type(screen.getByLabelText(PASSWORD_LABEL), "again");
    await userEvent.click(screen.getByRole("button", { name: ENTER_LABEL }));
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
  });

  it("sets the flag and says 'Access Granted' for the right password", async () => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(answer(200, { authenticated: true, expiresAt: "2026-12-01T00:00:00.000Z" })),
    );
    renderGate();
    await userEvent.type(screen.getByLabelText(PASSWORD_LABEL), "right");
    await userEvent.click(screen.getByRole("button", { name: ENTER_LABEL }));
    expect(await screen.findByText(adminAccess.granted.title)).toBeTruthy();
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBe("true");
  });

  it("says the answer may have been lost when sign-in gets no answer while online", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    renderGate();
    await userEvent.type(screen.getByLabelText(PASSWORD_LABEL), "right");
    await userEvent.click(screen.getByRole("button", { name: ENTER_LABEL }));
    expect(await screen.findByText("No Answer")).toBeTruthy();
    expect(screen.getByText(SIGN_IN_NO_ANSWER)).toBeTruthy();
    expect(screen.queryByText(SIGN_IN_OFFLINE)).toBeNull();
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBeNull();
  });

  it("says there is no connection when sign-in fails offline", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const onLine = vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(false);
    try {
      renderGate();
      await userEvent.type(screen.getByLabelText(PASSWORD_LABEL), "right");
      await userEvent.click(screen.getByRole("button", { name: ENTER_LABEL }));
      expect(await screen.findByText("No Connection")).toBeTruthy();
      expect(screen.getByText(SIGN_IN_OFFLINE)).toBeTruthy();
    } finally {
      onLine.mockRestore();
    }
  });
});
