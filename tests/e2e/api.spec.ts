import type { Page } from "@playwright/test";
import { capture as captureAt } from "./capture";
import { allowConsoleErrors, expect, test } from "./fixtures";
import { logInThroughSandbox, sandboxCall } from "./sandbox";

const capture = (page: Page, name: string) => captureAt(page, "api", name);

/** Puts the signed-in seller on `tier` with a sandbox subscription key, as a tester would. */
async function activateKey(page: Page, tier: "basic" | "pro") {
  const { key } = await sandboxCall<{ key: string }>(page.request, "POST", "/__sandbox/subscription-keys", {
    tier,
  });
  const res = await page.request.post("/api/subscription/use-key", { data: { key } });
  expect(res.ok(), await res.text()).toBeTruthy();
}

/** A call to the public API from the page, with the key as a bearer token (as an integrator's script would). */
async function callApi(page: Page, key: string, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ key, method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: "omit",
        headers: {
          Authorization: `Bearer ${key}`,
          ...(body === undefined
            ? {}
            : { "Content-Type": "application/json", "Idempotency-Key": crypto.randomUUID() }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: await res.json() };
    },
    { key, method, path, body },
  );
}

test("the API documentation renders signed out", async ({ page }) => {
  await page.goto("/documentation");
  await expect(page.getByRole("heading", { name: "API Documentation" })).toBeVisible();
  await expect(page.getByRole("region", { name: "POST /api/v1/create-order" })).toBeVisible();
  await expect(page.getByRole("region", { name: "GET /api/v1/get-inventory" })).toContainText("curl");
  await expect(page.getByRole("cell", { name: "idempotency_key_reused" })).toBeVisible();
  await capture(page, "documentation");
});

test("a Basic seller turns the API on, creates an order with the key and finds it claimable and listed", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logInThroughSandbox(page, "DemoSeller", { create: false });
  await activateKey(page, "basic");
  try {
    await page.goto("/api-integration");
    await expect(page.getByRole("heading", { name: "API Integration" })).toBeVisible();
    const toggle = page.getByRole("switch", { name: "Enable API Integration" });
    if ((await toggle.getAttribute("aria-checked")) === "true") {
      await toggle.click();
      await expect(toggle).toHaveAttribute("aria-checked", "false");
    }
    await capture(page, "integration-off");
    // Webhooks need the integration on: the card says so and offers no Save.
    const webhooks = page.getByRole("region", { name: "Webhooks" });
    await expect(webhooks.getByText("Turn on the API integration to use webhooks.")).toBeVisible();
    await webhooks.getByRole("textbox", { name: "Endpoint URL" }).fill("https://example.com/hook");
    await expect(webhooks.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
    await webhooks.getByRole("textbox", { name: "Endpoint URL" }).fill("");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");

    // The key: shown once, in full, with a copy button; then refreshed behind a confirmation.
    let key = await page.getByRole("textbox", { name: "API key", exact: true }).inputValue();
    if (!key) {
      await page.getByRole("button", { name: "Refresh Key" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Refresh Key" }).click();
      key = await page.getByRole("textbox", { name: "API key", exact: true }).inputValue();
    }
    expect(key).toMatch(/^ad_test_/);
    await expect(page.getByText("you will not see it again")).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy API key" })).toBeVisible();
    // The whole key is in view beside Copy, at 1280 px and on a phone: no part hidden inside its field.
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      const field = page.getByRole("textbox", { name: "API key", exact: true });
      const shown = await field.evaluate((el) => ({
        hidden: el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight,
      }));
      expect(shown.hidden, `the key is cut off at ${viewport.width} px`).toBe(false);
      const fieldBox = await field.boundingBox();
      const copyBox = await page.getByRole("button", { name: "Copy API key" }).boundingBox();
      if (!fieldBox || !copyBox) throw new Error("not laid out");
      expect(copyBox.x).toBeGreaterThanOrEqual(fieldBox.x + fieldBox.width);
      expect(copyBox.y).toBeLessThan(fieldBox.y + fieldBox.height);
      if (viewport.width === 1280) expect(fieldBox.height).toBeLessThan(48);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await capture(page, "key-shown");

    const inventory = await callApi(page, key, "GET", "/api/v1/get-inventory");
    expect(inventory.status).toBe(200);
    const item = inventory.body.inventory.find((i: { quantity: number }) => i.quantity > 0);
    const created = await callApi(page, key, "POST", "/api/v1/create-order", {
      items: [{ codeName: item.codeName, quantity: 1 }],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);

    // The webhook goes to the sandbox receiver; the test event shows in the log.
    await page.getByRole("button", { name: "use the sandbox receiver" }).click();
    await page.getByRole("button", { name: "Save", exact: true }).click();
    await expect(page.getByRole("textbox", { name: "Signing secret" })).toHaveValue(/^whsec_/);
    await page.getByRole("button", { name: "Send test event" }).click();
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("region", { name: "Webhooks" }).getByText("delivered").first()).toBeVisible(
        {
          timeout: 1000,
        },
      );
    }).toPass({ timeout: 30_000 });

    const orders = page.getByRole("region", { name: "Recent API Orders" });
    await expect(orders.getByRole("link", { name: "View Claim URL" }).first()).toHaveAttribute(
      "href",
      created.body.claimUrl,
    );
    await capture(page, "integration-on");

    // The buyer's claim page finds the order by its authKey.
    await page.goto(new URL(created.body.claimUrl).pathname);
    await expect(page.getByText(item.displayName).first()).toBeVisible();
    await capture(page, "claim");

    // Refreshing revokes the old key at once.
    await page.goto("/api-integration");
    await page.getByRole("button", { name: "Refresh Key" }).click();
    await expect(page.getByRole("dialog", { name: "Refresh API key?" })).toBeVisible();
    await page.getByRole("dialog").getByRole("button", { name: "Refresh Key" }).click();
    const fresh = await page.getByRole("textbox", { name: "API key", exact: true }).inputValue();
    expect(fresh).not.toBe(key);
    allowConsoleErrors(/status of 401 .*\/api\/v1\/get-inventory/);
    expect((await callApi(page, key, "GET", "/api/v1/get-inventory")).status).toBe(401);
    expect((await callApi(page, fresh, "GET", "/api/v1/get-inventory")).status).toBe(200);
  } finally {
    // DemoSeller is Pro in the other specs.
    await activateKey(page, "pro");
  }
});
