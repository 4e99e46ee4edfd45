import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { E2E_ADMIN_PASSWORD, E2E_BASE_URL } from "../src/env";
import { waitForServiceWorkerControl } from "../src/pwa";

/**
 * The service worker's side of notifications to the owner (release-2 §D4):
 * a push message, delivered through Chromium's DevTools protocol as a push
 * service would deliver it, shows the notification with the screen it opens.
 */

type ServiceWorkerRegistrationInfo = { registrationId: string; scopeURL: string; isDeleted: boolean };

/** The registration id Chromium gives the app's service worker (DevTools protocol). */
async function registrationId(
  context: BrowserContext,
  page: Page,
): Promise<{ id: string; send: (data: string) => Promise<void> }> {
  const cdp = await context.newCDPSession(page);
  const found = new Promise<string>((resolve) => {
    cdp.on(
      "ServiceWorker.workerRegistrationUpdated",
      (event: { registrations: ServiceWorkerRegistrationInfo[] }) => {
        const ours = event.registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(E2E_BASE_URL));
        if (ours) resolve(ours.registrationId);
      },
    );
  });
  await cdp.send("ServiceWorker.enable");
  const id = await found;
  return {
    id,
    send: async (data: string) => {
      await cdp.send("ServiceWorker.deliverPushMessage", {
        origin: `${E2E_BASE_URL}/`,
        registrationId: id,
        data,
      });
    },
  };
}

test("a push shows the owner's notification, carrying the screen it opens", async ({ page, context }) => {
  await context.grantPermissions(["notifications"], { origin: E2E_BASE_URL });
  await page.goto("/");
  await waitForServiceWorkerControl(page);
  const worker = await registrationId(context, page);

  await worker.send(
    JSON.stringify({
      title: "New booking ACR-7K3Q9P",
      body: "Maria Santos, Toyota Vios, Mar 21 – Mar 24",
      url: "/admin/bookings/0f8e2a6c-2f0b-4c55-9a59-6d1f0b7e8a11",
      tag: "booking-0f8e2a6c",
      pendingBookings: 3,
    }),
  );

  const shown = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      const notifications = await registration.getNotifications();
      return notifications.map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        data: n.data as unknown,
      }));
    });
  // A loaded machine may take a while to start the stopped worker for its first push.
  await expect.poll(shown, { timeout: 30_000 }).toEqual([
    {
      title: "New booking ACR-7K3Q9P",
      body: "Maria Santos, Toyota Vios, Mar 21 – Mar 24",
      tag: "booking-0f8e2a6c",
      data: { url: "/admin/bookings/0f8e2a6c-2f0b-4c55-9a59-6d1f0b7e8a11" },
    },
  ]);

  // A second push with the same tag replaces the first; an address of another site is never opened.
  await worker.send(
    JSON.stringify({
      title: "Booking updated",
      body: "",
      url: "https://evil.example/",
      tag: "booking-0f8e2a6c",
      pendingBookings: 2,
    }),
  );
  await expect
    .poll(shown)
    .toEqual([{ title: "Booking updated", body: "", tag: "booking-0f8e2a6c", data: { url: "/admin" } }]);
});

test.describe("without a service worker", () => {
  test.use({ serviceWorkers: "block" });

  test("turning notifications on says it could not, instead of spinning for ever", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["notifications"], { origin: E2E_BASE_URL });
    await page.goto("/admin/settings");
    await page.getByLabel("Admin Password").fill(E2E_ADMIN_PASSWORD);
    await page.getByRole("button", { name: "Access Admin Panel" }).click();
    await expect(page.getByRole("heading", { name: "Notifications" })).toBeVisible();
    // No worker is registered: nothing is subscribed, and the button can be used.
    const turnOn = page.getByRole("button", { name: "Turn on notifications" });
    await expect(turnOn).toBeEnabled();
    await turnOn.click();
    // The worker never becomes ready: after a while the owner is told, and may try again.
    await expect(page.getByText("Notifications could not be turned on. Please try again.")).toBeVisible({
      timeout: 20_000,
    });
    await expect(turnOn).toBeEnabled();
    await expect(page.getByText("Notifications are on for this device.")).toHaveCount(0);
  });
});
