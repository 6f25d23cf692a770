import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config";
import { allowConsoleErrors, expect, test } from "./fixtures";
import { logInThroughSandbox, sandboxCall, uniqueUsername } from "./sandbox";

const ROTATE = "/api/settings/refresh-api-key";

/**
 * Another site on this host (another port: the same site, so SameSite=Lax cookies go along) whose page posts a
 * text/plain form to the app as soon as it loads.
 */
async function forgingSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((_request, response) => {
    response.setHeader("Content-Type", "text/html");
    response.end(`<!doctype html><title>Free items</title>
<form id="forged" method="post" enctype="text/plain" action="${BASE_URL}${ROTATE}"><input name="a" value="b"></form>
<script>document.getElementById("forged").submit()</script>`);
  });
  await new Promise<void>((listening) => server.listen(0, "localhost", listening));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}/`,
    close: () => new Promise((closed) => server.close(() => closed())),
  };
}

const keyPrefix = async (page: Page) =>
  (await (await page.request.get("/api/api-integration")).json()).keyPrefix as string;

test("a page on another port of this host cannot rotate the seller's API key; the app's own page can", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await logInThroughSandbox(page, uniqueUsername("xsite"));
  const { key } = await sandboxCall<{ key: string }>(page.request, "POST", "/__sandbox/subscription-keys", {
    tier: "basic",
  });
  expect((await page.request.post("/api/subscription/use-key", { data: { key } })).ok()).toBeTruthy();
  const enabled = await page.request.post("/api/settings/api-integration", { data: { enabled: true } });
  expect(enabled.ok(), await enabled.text()).toBeTruthy();
  const before = await keyPrefix(page);

  const site = await forgingSite();
  // The refused forgery is the one error this test provokes on purpose (Chromium then shows the 403's JSON and asks
  // the app for /favicon.ico, which it does not serve: its icon is /favicon.svg).
  allowConsoleErrors(/403|favicon\.ico/);
  try {
    const forged = page.waitForResponse((response) => response.url() === `${BASE_URL}${ROTATE}`);
    await page.goto(site.url);
    expect((await forged).status()).toBe(403);
  } finally {
    await site.close();
  }
  expect(await keyPrefix(page)).toBe(before);

  // The app's own page, signed in with the same cookie, still rotates it.
  await page.goto("/api-integration");
  const own = await page.evaluate(async (path) => (await fetch(path, { method: "POST" })).status, ROTATE);
  expect(own).toBe(200);
  expect(await keyPrefix(page)).not.toBe(before);
});
