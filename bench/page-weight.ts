import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Page } from "@playwright/test";
import { at, missing } from "../src/server/db/rows.js";
import { buildServerBundle, ROOT, startServer, stopServer } from "./lib.js";

/**
 * Page weight and LCP per route, in Chromium against the built app (`npm run build` first): bytes transferred
 * (compressed, as sent), JavaScript among them, and the Largest Contentful Paint on a throttled "slow 4G" link
 * (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4×, Lighthouse's mobile preset). Budget:
 * the landing page's JavaScript at most 150 kB transferred.
 */
const LANDING_JS_BUDGET = 150 * 1024;

const ROUTES: { path: string; signedIn: boolean }[] = [
  { path: "/", signedIn: false },
  { path: "/login", signedIn: false },
  { path: "/claim/1001/buyer%40example.com", signedIn: false },
  { path: "/dashboard", signedIn: true },
  { path: "/inventory", signedIn: true },
  { path: "/listings", signedIn: true },
];

export interface PageWeight {
  path: string;
  transferred: number;
  js: number;
  requests: number;
  lcpMs: number | null;
}

/** The demo seller's session through the sandbox login flow (login, phrase into the profile, verify). */
async function demoSellerCookie(base: string): Promise<{ name: string; value: string }> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "DemoSeller" }),
  });
  const browser = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { verificationPhrase, robloxUserId } = await login.json();
  await fetch(`${base}/__sandbox/roblox/users/${robloxUserId}`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ description: verificationPhrase }),
  });
  const verify = await fetch(`${base}/api/auth/verify`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie: browser },
    body: JSON.stringify({ username: "DemoSeller", verificationPhrase, robloxUserId }),
  });
  const session = verify.headers.getSetCookie().find((c) => c.startsWith("autodrop_session="));
  if (!session) throw new Error(`sign-in failed: ${verify.status}`);
  const [name = missing("the cookie's name"), value = missing("the cookie's value")] = at(
    session.split(";"),
    0,
  ).split("=");
  return { name, value };
}

async function measure(page: Page, url: string, throttled: boolean): Promise<Omit<PageWeight, "path">> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  if (throttled) {
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  }
  const types = new Map<string, string>();
  let transferred = 0;
  let js = 0;
  let requests = 0;
  cdp.on("Network.responseReceived", (e) => types.set(e.requestId, e.type));
  cdp.on("Network.loadingFinished", (e) => {
    requests += 1;
    transferred += e.encodedDataLength;
    if (types.get(e.requestId) === "Script") js += e.encodedDataLength;
  });
  await page.goto(url, { waitUntil: "networkidle" });
  const lcpMs = await page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries.at(-1)?.startTime ?? null);
        }).observe({ type: "largest-contentful-paint", buffered: true });
        setTimeout(() => resolve(null), 3000);
      }),
  );
  await cdp.detach();
  return { transferred, js, requests, lcpMs: throttled ? lcpMs : null };
}

export async function benchPageWeight(): Promise<PageWeight[]> {
  if (!fs.existsSync(path.join(ROOT, "dist/client/index.html"))) throw new Error("build the client first");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "autodrop-weight-"));
  const server = await startServer(
    buildServerBundle(),
    { SANDBOX: "1", DATA_DIR: dataDir, LOG_LEVEL: "warn", NODE_ENV: "production" },
    "/api/stats",
    // The first start creates the embedded database and seeds the demo data.
    300_000,
  );
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const cookie = await demoSellerCookie(server.url);
    const results: PageWeight[] = [];
    for (const route of ROUTES) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      if (route.signedIn) await context.addCookies([{ ...cookie, url: server.url }]);
      const weight = await measure(await context.newPage(), server.url + route.path, false);
      const lcp = await measure(await context.newPage(), server.url + route.path, true);
      results.push({ path: route.path, ...weight, lcpMs: lcp.lcpMs });
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`;

export function printPageWeight(results: PageWeight[]): void {
  console.log("| route | transferred | of it JavaScript | requests | LCP, slow 4G + 4× CPU |");
  console.log("| --- | --- | --- | --- | --- |");
  for (const r of results) {
    const lcp = r.lcpMs === null ? "n/a" : `${Math.round(r.lcpMs)} ms`;
    console.log(`| ${r.path} | ${kb(r.transferred)} | ${kb(r.js)} | ${r.requests} | ${lcp} |`);
  }
  const landing = results.find((r) => r.path === "/");
  if (landing) {
    const ok = landing.js <= LANDING_JS_BUDGET;
    console.log(
      `\nLanding JavaScript ${kb(landing.js)} of ${kb(LANDING_JS_BUDGET)}: ${ok ? "within" : "OVER"} budget`,
    );
    if (!ok) process.exitCode = 1;
  }
}
