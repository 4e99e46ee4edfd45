import "fake-indexeddb/auto";
import { MantineProvider } from "@mantine/core";
import { Notifications } from "@mantine/notifications";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CHANGE_SIGNED_OUT, CHANGE_UNKNOWN, WRONG_CURRENT_PASSWORD } from "./change-password";
import { ChangePasswordForm, PASSWORD_LABELS, passwordMessages } from "./change-password-form";

const STRONG = "a-long-new-passphrase";

function renderForm() {
  render(
    <MantineProvider>
      <Notifications />
      <ChangePasswordForm />
    </MantineProvider>,
  );
  return {
    current: screen.getByLabelText(PASSWORD_LABELS.current),
    next: screen.getByLabelText(PASSWORD_LABELS.next),
    confirm: screen.getByLabelText(PASSWORD_LABELS.confirm),
    submit: screen.getByRole("button", { name: PASSWORD_LABELS.submit }),
  };
}

function answer(status: number, body?: unknown) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

async function fill(fields: ReturnType<typeof renderForm>, current: string, next: string, confirm: string) {
  await userEvent.type(fields.current, current);
  await userEvent.type(fields.next, next);
  await userEvent.type(fields.confirm, confirm);
}

function setOnline(online: boolean) {
  vi.spyOn(window.navigator, "onLine", "get").mockReturnValue(online);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("ChangePasswordForm", () => {
  it("refuses a new password under 12 characters and sends nothing", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer(204)));
    vi.stubGlobal("fetch", fetchMock);
    const fields = renderForm();
    await fill(fields, "the-old-one", "short-pw", "short-pw");
    await userEvent.click(fields.submit);
    expect(await screen.findByText(passwordMessages.tooShort)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("refuses two new passwords that differ and sends nothing", async () => {
    const fetchMock = vi.fn(() => Promise.resolve(answer(204)));
    vi.stubGlobal("fetch", fetchMock);
    const fields = renderForm();
    await fill(fields, "the-old-one", STRONG, `${STRONG}x`);
    await userEvent.click(fields.submit);
    expect(await screen.findByText(passwordMessages.mismatch)).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("sends PUT /api/admin/password, then says 'Password changed' and clears the form", async () => {
    const fetchMock = vi.fn((_url: string, _init: RequestInit) => Promise.resolve(answer(204)));
    vi.stubGlobal("fetch", fetchMock);
    const fields = renderForm();
    await fill(fields, "the-old-one", STRONG, STRONG);
    await userEvent.click(fields.submit);
    expect(await screen.findByText(passwordMessages.changed)).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/admin/password");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(String(init?.body))).toEqual({ currentPassword: "the-old-one", newPassword: STRONG });
    await waitFor(() => {
      for (const input of [fields.current, fields.next, fields.confirm]) {
        expect((input as HTMLInputElement).value).toBe("");
      }
    });
  });

  it("shows 'Current password is incorrect.' under the current password on a 401", async () => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(answer(401, { error: { code: "INVALID_PASSWORD", message: "Incorrect password." } })),
    );
    const fields = renderForm();
    await fill(fields, "not-the-one", STRONG, STRONG);
    await userEvent.click(fields.submit);
    expect(await screen.findByText(WRONG_CURRENT_PASSWORD)).toBeTruthy();
    expect(fields.current.getAttribute("aria-invalid")).toBe("true");
    // Nothing was changed, so the fields keep what was typed.
    expect((fields.next as HTMLInputElement).value).toBe(STRONG);
  });

  it("shows the server's message under the new password on 422 PASSWORD_TOO_WEAK", async () => {
    const message = "This password is too common. Choose another one.";
    vi.stubGlobal("fetch", () =>
      Promise.resolve(answer(422, { error: { code: "PASSWORD_TOO_WEAK", message } })),
    );
    const fields = renderForm();
    await fill(fields, "the-old-one", "password1234", "password1234");
    await userEvent.click(fields.submit);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(fields.next.getAttribute("aria-invalid")).toBe("true");
  });

  it("is disabled offline, and says why", () => {
    setOnline(false);
    const fields = renderForm();
    expect(fields.submit.hasAttribute("disabled")).toBe(true);
    expect(screen.getByText(passwordMessages.needsConnection)).toBeTruthy();
  });

  it("says the session ended, not that the password is wrong, on a 401 that is not INVALID_PASSWORD", async () => {
    vi.stubGlobal("fetch", () =>
      Promise.resolve(
        answer(401, { error: { code: "UNAUTHORIZED", message: "Please sign in to continue." } }),
      ),
    );
    const fields = renderForm();
    await fill(fields, "the-right-one", STRONG, STRONG);
    await userEvent.click(fields.submit);
    expect(await screen.findByText(CHANGE_SIGNED_OUT)).toBeTruthy();
    expect(screen.queryByText(WRONG_CURRENT_PASSWORD)).toBeNull();
  });

  it("says the password may have been changed when the answer is lost", async () => {
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("Failed to fetch")));
    const fields = renderForm();
    await fill(fields, "the-right-one", STRONG, STRONG);
    await userEvent.click(fields.submit);
    expect(await screen.findByText(CHANGE_UNKNOWN)).toBeTruthy();
  });
});
