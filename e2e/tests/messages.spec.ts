import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../src/env";

/**
 * Release 2 §D4: a contact message's notification opens that message. The
 * admin's Messages screen lists what visitors sent, newest first, and each
 * message has its own address (the notification's), with ways to answer.
 */

async function signIn(page: Page): Promise<void> {
  await page.goto("/admin");
  await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Access Admin Panel" }).click();
  await expect(page.getByText("Access Granted")).toBeVisible();
}

test("the owner reads a visitor's message on the Messages screen and on its own page", async ({
  page,
  context,
}) => {
  const lastName = `Reyes ${randomUUID().slice(0, 8)}`;
  const text = `Can I rent a van with a driver to Hundred Islands? ${randomUUID()}`;
  const sent = await page.request.post("/api/contact", {
    data: {
      firstName: "Ana",
      lastName,
      email: "ana.reyes@example.com",
      phone: "09171234567",
      subject: "Booking Question",
      message: text,
    },
  });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: string };

  await signIn(page);
  await page.getByRole("tab", { name: "Messages" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/admin/messages`);
  const card = page.getByRole("article", { name: `Message from Ana ${lastName}` });
  await expect(card).toContainText(text);
  await expect(card).toContainText("Booking Question");
  await expect(card.getByRole("link", { name: "ana.reyes@example.com" })).toHaveAttribute(
    "href",
    "mailto:ana.reyes@example.com?subject=Re%3A%20Booking%20Question",
  );
  // The newest message comes first.
  await expect(page.getByRole("article").first()).toHaveAccessibleName(`Message from Ana ${lastName}`);

  await card.getByRole("link", { name: `Ana ${lastName}` }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/admin/messages/${id}`);
  await expect(page.getByRole("article", { name: `Message from Ana ${lastName}` })).toContainText(text);
  await expect(page.getByRole("link", { name: "Reply by E-mail" })).toHaveAttribute(
    "href",
    "mailto:ana.reyes@example.com?subject=Re%3A%20Booking%20Question",
  );
  await expect(page.getByRole("link", { name: "Call" })).toHaveAttribute("href", "tel:09171234567");

  // The notification's address, opened directly (a reload lands on the same message).
  await page.reload();
  await expect(page.getByRole("article", { name: `Message from Ana ${lastName}` })).toContainText(text);

  // Offline, the screen says where the messages are rather than showing an empty list.
  await page.getByRole("tab", { name: "Overview" }).click();
  await context.setOffline(true);
  await page.getByRole("tab", { name: "Messages" }).click();
  await expect(page.getByText("Messages are shown when online.")).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole("article", { name: `Message from Ana ${lastName}` })).toBeVisible();
});

test("a message that does not exist says so", async ({ page }) => {
  await signIn(page);
  await page.goto(`/admin/messages/${randomUUID()}`);
  await expect(page.getByText("This message does not exist.")).toBeVisible();
  await page.getByRole("link", { name: "Back to messages" }).click();
  await expect(page).toHaveURL(`${E2E_BASE_URL}/admin/messages`);
});
