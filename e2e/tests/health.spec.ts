import { expect, test } from "@playwright/test";

test("the server reports a healthy database and serves the app shell", async ({ page, request }) => {
  const health = await request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: "ok" });

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Premium Car Rental" })).toBeVisible();
});
