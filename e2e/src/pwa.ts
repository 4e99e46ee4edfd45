import { expect, type Page } from "@playwright/test";

/**
 * Waits until the page's service worker is active and controls the page:
 * from then on the app shell, every route chunk and the car pictures are in
 * the precache, and page loads go through the worker.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller?.state === "activated");
}

/** Waits until the home page's fleet grid shows the seeded cars. */
export async function waitForFleet(page: Page): Promise<void> {
  const buttons = page.locator("#cars").getByRole("button", { name: "Select This Car" });
  await expect(buttons.first()).toBeVisible();
  await expect.poll(() => buttons.count()).toBeGreaterThanOrEqual(20);
}

/** How many cars the page's IndexedDB mirror ('car-rental', table 'cars') holds. */
export function carsInIndexedDb(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open("car-rental");
        open.onerror = () => reject(open.error ?? new Error("IndexedDB did not open"));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("cars")) {
            db.close();
            resolve(0);
            return;
          }
          const count = db.transaction("cars").objectStore("cars").count();
          count.onerror = () => reject(count.error ?? new Error("the cars were not counted"));
          count.onsuccess = () => {
            db.close();
            resolve(count.result);
          };
        };
      }),
  );
}
