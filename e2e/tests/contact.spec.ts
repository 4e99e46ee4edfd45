import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { countMailsContaining } from "../src/mailbox";
import { waitForServiceWorkerControl } from "../src/pwa";

/**
 * The contact form (spec §2, §5, §8; decisions.md "Offline-first"; issue 4).
 * Every message goes to the business as one notice mail with its text, which
 * the server writes as one .eml file: counting the files that contain a
 * message's unique text shows how many times the server took it.
 */

/** The server's mail outbox runs every 5 s; a delivery shows up well within this. */
const MAIL_TIMEOUT_MS = 30_000;
/** Longer than the mail interval (5 s) and the client's first retries: a duplicate would show. */
const DUPLICATE_WINDOW_MS = 8_000;

type Message = { firstName: string; lastName: string; email: string; phone: string; text: string };

function uniqueMessage(): Message {
  const token = `e2e-${randomUUID()}`;
  return {
    firstName: "Maria",
    lastName: "Santos",
    email: "maria.santos@example.com",
    phone: "+63 917 555 0101",
    text: `Is a 7-seater free next weekend? Ref ${token}`,
  };
}

function contactForm(page: Page): Locator {
  return page.getByRole("form", { name: "Contact form" });
}

async function openContactForm(page: Page): Promise<Locator> {
  await page.goto("/#contact");
  const form = contactForm(page);
  await expect(form.getByRole("button", { name: "Send Message" })).toBeVisible();
  return form;
}

async function fillMessage(form: Locator, message: Message): Promise<void> {
  await form.getByLabel("First Name").fill(message.firstName);
  await form.getByLabel("Last Name").fill(message.lastName);
  await form.getByLabel("Email").fill(message.email);
  await form.getByLabel("Phone").fill(message.phone);
  await form.getByLabel("Subject").selectOption("Booking Question");
  await form.getByLabel("Message").fill(message.text);
}

async function expectFormCleared(form: Locator): Promise<void> {
  for (const field of ["First Name", "Last Name", "Email", "Phone", "Message"]) {
    await expect(form.getByLabel(field), `${field} is cleared`).toHaveValue("");
  }
  await expect(form.getByLabel("Subject")).toHaveValue("");
}

/** Waits until the server mailed the message, then long enough that a second copy would have shown. */
async function expectDeliveredExactlyOnce(text: string): Promise<void> {
  await expect
    .poll(() => countMailsContaining(text), { timeout: MAIL_TIMEOUT_MS, message: "the message was mailed" })
    .toBeGreaterThan(0);
  // Proving that no second copy arrives takes time: nothing signals a duplicate that never comes.
  await sleep(DUPLICATE_WINDOW_MS);
  expect(await countMailsContaining(text), "the message was mailed exactly once").toBe(1);
}

test("a message with required fields missing is not sent", async ({ page }) => {
  const contactRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/contact") contactRequests.push(request.method());
  });
  const form = await openContactForm(page);
  const message = uniqueMessage();
  await form.getByLabel("First Name").fill(message.firstName);
  await form.getByLabel("Message").fill(message.text);
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByText("Required Fields Missing")).toBeVisible();
  await expect(page.getByText("Please fill in all required fields.")).toBeVisible();
  // What was typed stays, and nothing went to the server.
  await expect(form.getByLabel("First Name")).toHaveValue(message.firstName);
  await expect(form.getByLabel("Message")).toHaveValue(message.text);
  expect(contactRequests).toEqual([]);
});

test("each field is found by its exact label, and the required ones say so", async ({ page }) => {
  const form = await openContactForm(page);
  for (const label of ["First Name", "Last Name", "Email", "Message"]) {
    const field = form.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute("aria-required", "true");
    await expect(field).not.toHaveAttribute("required");
  }
  for (const label of ["Phone", "Subject"]) {
    await expect(form.getByLabel(label, { exact: true })).not.toHaveAttribute("aria-required");
  }
  // The first and last names are the contact form's alone on the page.
  await expect(page.getByLabel("First Name", { exact: true })).toHaveCount(1);
  await expect(page.getByLabel("Last Name", { exact: true })).toHaveCount(1);
  await expect(form.getByText("First name, last name, email and message are required.")).toBeVisible();
});

test("a full message is sent, clears the form and reaches the shop once", async ({ page }) => {
  const form = await openContactForm(page);
  const message = uniqueMessage();
  await fillMessage(form, message);
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByText("Message Sent!")).toBeVisible();
  await expectFormCleared(form);
  await expectDeliveredExactlyOnce(message.text);
});

test("a message written offline is kept, survives the tab, and is delivered once when back online", async ({
  page,
  context,
}) => {
  await page.goto("/");
  await waitForServiceWorkerControl(page);
  const form = await openContactForm(page);
  const online = page.getByRole("button", { name: "Online, all changes saved" });
  await expect(online).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole("button", { name: "Offline, all changes saved" })).toBeVisible();
  const message = uniqueMessage();
  await fillMessage(form, message);
  await form.getByRole("button", { name: "Send Message" }).click();

  await expect(page.getByText("Message Saved")).toBeVisible();
  await expect(page.getByText("Your message will be sent when the connection returns.")).toBeVisible();
  await expectFormCleared(form);
  const waitingOffline = page.getByRole("button", { name: "Offline, 1 change waiting to sync" });
  await expect(waitingOffline).toBeVisible();
  await expect(waitingOffline).toContainText("1 waiting");
  // The fullest header (1280 px, offline, a change waiting): every entry keeps its room, 'Coming Soon' included.
  const header = page.getByRole("banner");
  const comingSoon = await header.getByText("Coming Soon").boundingBox();
  const pcc = await header
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "PCC" })
    .boundingBox();
  const shopName = await header.getByText("Alaminos Car Rental", { exact: true }).boundingBox();
  const fleet = await header.getByRole("navigation", { name: "Main" }).getByText("Our Fleet").boundingBox();
  expect(comingSoon?.width ?? 0).toBeGreaterThan(60);
  expect((comingSoon?.x ?? 0) + (comingSoon?.width ?? 0)).toBeLessThanOrEqual(pcc?.x ?? 0);
  expect((shopName?.x ?? 0) + (shopName?.width ?? 0)).toBeLessThanOrEqual(fleet?.x ?? 0);
  expect(
    await header
      .getByText("Alaminos Car Rental", { exact: true })
      .evaluate((name) => name.scrollWidth <= name.clientWidth),
  ).toBe(true);

  // The tab goes away; a new one opens offline from the service worker and still holds the message.
  await page.close();
  const second = await context.newPage();
  const response = await second.goto("/");
  expect(response?.fromServiceWorker(), "the page came from the service worker").toBe(true);
  await expect(second.getByRole("heading", { level: 1, name: /Premium Car Rental/ })).toBeVisible();
  await expect(second.getByRole("button", { name: "Offline, 1 change waiting to sync" })).toBeVisible();
  expect(await countMailsContaining(message.text), "nothing reached the server while offline").toBe(0);

  await context.setOffline(false);
  // The open page announces the delivery, and nothing waits any more.
  await expect(second.getByText("Message Sent!")).toBeVisible({ timeout: MAIL_TIMEOUT_MS });
  await expect(second.getByRole("button", { name: "Online, all changes saved" })).toBeVisible();
  await expectDeliveredExactlyOnce(message.text);
  const synced = second.getByRole("button", { name: "Online, all changes saved" });
  await expect(synced).toBeVisible();
  await expect(synced).not.toContainText("waiting");
});

test.describe("on a first visit, before the service worker holds the app's files", () => {
  test.use({ serviceWorkers: "block" });

  test("a message written, then sent once the connection has dropped, is kept and delivered once when it returns", async ({
    page,
    context,
  }) => {
    const form = await openContactForm(page);
    const message = uniqueMessage();
    // Writing starts loading the outbox, while the page is still online.
    await fillMessage(form, message);
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType("resource").map((entry) => entry.name)))
      .toContainEqual(expect.stringMatching(/\/assets\/sync-engine-[\w-]+\.js$/));

    await context.setOffline(true);
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Message Saved")).toBeVisible();
    await expectFormCleared(form);
    expect(await countMailsContaining(message.text), "nothing reached the server while offline").toBe(0);

    await context.setOffline(false);
    await expect(page.getByText("Message Sent!")).toBeVisible({ timeout: MAIL_TIMEOUT_MS });
    await expectDeliveredExactlyOnce(message.text);
  });
});
