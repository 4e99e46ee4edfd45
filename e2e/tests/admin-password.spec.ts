import { expect, test, type Browser, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_PORT } from "../src/env";
import { startOwnServer, type OwnServer } from "../src/own-server";

/**
 * Admin → Settings → Change password (release-2 §A2): the owner changes the
 * password on one device, and every other device is signed out at once; the
 * new password signs in, the old one no longer does.
 */

const NEW_PASSWORD = "Hundred-Islands-Ferry-2027";
// Its own server: the password it changes is the one every other spec signs in with.
const PORT = E2E_PORT + 2;

let server: OwnServer | undefined;

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  server = await startOwnServer("password", PORT);
});

test.afterAll(async () => {
  await server?.stop();
});

async function signedInDevice(browser: Browser, password: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/admin");
  await page.getByLabel("Admin Password").fill(password);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByRole("tab", { name: "Overview" })).toBeVisible();
  return page;
}

async function changePassword(page: Page, current: string, next: string): Promise<void> {
  await page.getByRole("tab", { name: "Settings" }).click();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  // Mantine's password field with its style sheet: the box is the field's, the input inside has no border.
  for (const label of ["Current password", "New password", "Confirm new password"]) {
    const input = page.getByLabel(label, { exact: true });
    expect(await input.evaluate((element) => getComputedStyle(element).borderTopWidth), label).toBe("0px");
  }
  await page.getByLabel("Current password", { exact: true }).fill(current);
  await page.getByLabel("New password", { exact: true }).fill(next);
  await page.getByLabel("Confirm new password", { exact: true }).fill(next);
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Password changed")).toBeVisible();
}

test("changing the password signs every other device out; only the new password signs in", async ({
  browser,
}) => {
  const tablet = await signedInDevice(browser, E2E_ADMIN_PASSWORD);
  const phone = await signedInDevice(browser, E2E_ADMIN_PASSWORD);

  await changePassword(tablet, E2E_ADMIN_PASSWORD, NEW_PASSWORD);
  // The same screen offers this device the owner's notifications (release-2 D4).
  await expect(tablet.getByRole("heading", { name: "Notifications" })).toBeVisible();
  await expect(tablet.getByRole("button", { name: "Turn on notifications" })).toBeVisible();

  // The phone's session ended on the server: its next visit meets the password gate.
  await phone.reload();
  await expect(phone.getByLabel("Admin Password")).toBeVisible();
  const phoneSession: unknown = await (await phone.request.get("/api/admin/session")).json();
  expect(phoneSession).toEqual({ authenticated: false });

  // The device that changed it stays signed in.
  await tablet.getByRole("tab", { name: "Bookings" }).click();
  await expect(tablet).toHaveURL(/\/admin\/bookings$/);
  expect(await (await tablet.request.get("/api/admin/session")).json()).toMatchObject({
    authenticated: true,
  });

  // The old password is refused, the new one signs in.
  await phone.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
  await phone.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(phone.getByText("Incorrect password. Please try again.")).toBeVisible();
  await phone.getByLabel("Admin Password").fill(NEW_PASSWORD);
  await phone.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(phone.getByRole("tab", { name: "Overview" })).toBeVisible();
});
