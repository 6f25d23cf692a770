import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { SIGNED_IN_HINT_COOKIE } from "../../src/contract/session-hint.js";
import { at } from "../../src/server/db/rows.js";
import { DRIVERS, useTestApp } from "./harness.js";

describe.each(DRIVERS)("application shell on %s", (driver) => {
  const t = useTestApp(driver, { startJobs: true });

  it("answers an unknown /api path with a JSON 404", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nonexistent" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: "Not found" });
  });

  it("sends security headers with a Content-Security-Policy", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nonexistent" });
    expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
  });

  it("runs durable jobs on its own database", async () => {
    const done = new Promise<{ n: number }>((resolve) => {
      t.app.ctx.jobs.define<{ n: number }>({ name: "test-echo", handler: async (data) => resolve(data) });
    });
    await t.app.ctx.jobs.stop();
    await t.app.ctx.jobs.start();
    await t.app.ctx.jobs.send("test-echo", { n: 7 });
    expect(await done).toEqual({ n: 7 });
  });

  it("hands waiting jobs whose payloads merge to one handler call", async () => {
    const calls: number[][] = [];
    let allHandled: () => void = () => {};
    const done = new Promise<void>((resolve) => {
      allHandled = resolve;
    });
    t.app.ctx.jobs.define<{ ns: number[] }>({
      name: "test-merge",
      batch: { size: 10, merge: (payloads) => ({ ns: payloads.flatMap((p) => p.ns) }) },
      handler: async ({ ns }) => {
        calls.push(ns);
        if (calls.flat().length === 3) allHandled();
      },
    });
    await t.app.ctx.jobs.stop();
    await t.app.ctx.jobs.start({ work: false });
    for (const n of [1, 2, 3]) await t.app.ctx.jobs.send("test-merge", { ns: [n] });
    await t.app.ctx.jobs.stop();
    await t.app.ctx.jobs.start();
    await done;
    expect(calls).toHaveLength(1);
    expect([...at(calls, 0)].sort()).toEqual([1, 2, 3]);
  });
});

describe("the single-page app", () => {
  const t = useTestApp("pglite");

  it("serves the SPA at / with its query string", async () => {
    const res = await t.app.inject({ method: "GET", url: "/?setup=step2" });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
  });

  it("serves the SPA for unknown non-API paths (as a 404) and built assets as files", async () => {
    const page = await t.app.inject({ method: "GET", url: "/no/such/page" });
    expect(page.statusCode).toBe(404);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain('<div id="root">');
    const script = page.body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await t.app.inject({ method: "GET", url: script! });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["content-type"]).toContain("javascript");
  });

  it("answers 200 for the app's pages and a JSON 404 for a missing item picture", async () => {
    for (const url of ["/login", "/claim/1001/a%40b.com", "/dashboard", "/admin-controls"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
    }
    for (const url of ["/item-images/nope", "/item-images/mm2/missing.png", "/item-images/"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: "Not found" });
    }
  });

  it("answers the claim paths with the claim page's own entry and every other page with the app", async () => {
    const app = await t.app.inject({ method: "GET", url: "/dashboard" });
    const appScript = app.body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    for (const url of [
      "/claim",
      "/claim/",
      "/claim/AbC123",
      "/claim/1001/a%40b.com",
      "/claim?orderId=1&email=a",
    ]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-cache");
      expect(res.body, url).toContain('<div id="root">');
      // Its stylesheet is inlined, and its script is not the app's.
      expect(res.body, url).toContain("<style>");
      expect(res.body, url).not.toContain('rel="stylesheet"');
      expect(res.body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1], url).not.toBe(appScript);
    }
    for (const url of ["/", "/claims", "/claim/a/b/c"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.body.match(/src="(\/assets\/[^"]+\.js)"/)?.[1], url).toBe(appScript);
    }
  });

  it("answers a signed-out visitor's bare / with the landing page prerendered, and any other / with the bare app", async () => {
    const hero = "Sell Roblox items on autopilot";
    const landing = await t.app.inject({ method: "GET", url: "/" });
    expect(landing.statusCode).toBe(200);
    expect(landing.headers["cache-control"]).toBe("no-cache");
    expect(landing.body).toContain(hero);
    // The same scripts as every other page of the app: React renders the page over its markup.
    const scripts = (body: string) => [...body.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const app = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(scripts(landing.body)).toEqual(scripts(app.body));
    // The chunk the lazy pages share is not the landing's to load (decision 067).
    expect(landing.body).not.toMatch(/app-shared-/);
    const elsewhere: { url: string; headers?: Record<string, string> }[] = [
      // A signed-in browser is sent on to its dashboard; the landing page would flash first.
      { url: "/", headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1` } },
      // Login's errors show on the landing page; claim references make "/" the claim page.
      { url: "/?error=access_denied" },
      { url: "/?orderId=1001&email=a%40b.com" },
      // The claim host shows the claim page at "/".
      { url: "/", headers: { host: "claim.example.com" } },
    ];
    for (const { url, headers } of elsewhere) {
      const res = await t.app.inject({ method: "GET", url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain(hero);
    }
  });

  it("names each lazy page's chunks in its HTML, and the session call where the browser holds the hint", async () => {
    const preloads = (await t.app.inject({ method: "GET", url: "/page-preloads.json" })).json() as Record<
      string,
      { signedIn: boolean; files: string[] }
    >;
    const dashboard = preloads["/dashboard"];
    expect(dashboard?.signedIn).toBe(true);
    // The seller's everyday screens are one chunk with their shell (decision 062).
    expect(dashboard?.files.some((file) => /seller-area-/.test(file))).toBe(true);
    expect(preloads["/orders"]?.files).toEqual(dashboard?.files);
    // What the lazy pages share is one chunk (decision 067): over a phone's six connections, 22 small files beside
    // the shell cost more round trips than their bytes.
    expect(dashboard?.files).toEqual([
      expect.stringMatching(/seller-area-/),
      expect.stringMatching(/app-shared-/),
    ]);
    const session = '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/auth/me">';
    const signedIn = await t.app.inject({
      method: "GET",
      url: "/dashboard",
      headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1` },
    });
    expect(signedIn.headers["cache-control"]).toBe("no-cache");
    expect(signedIn.body).toContain(session);
    // and the screen's first call (decision 062), exactly as the page's query asks it.
    expect(signedIn.body).toContain(
      '<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/dashboard?period=7d">',
    );
    for (const file of dashboard?.files ?? [])
      expect(signedIn.body).toContain(`<link rel="modulepreload" crossorigin href="/${file}">`);
    // Every chunk named exists.
    const chunk = await t.app.inject({ method: "GET", url: `/${dashboard?.files[0]}` });
    expect(chunk.statusCode).toBe(200);
    const signedOut = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(signedOut.body).not.toContain(session);
    const login = await t.app.inject({ method: "GET", url: "/login" });
    expect(login.body).not.toMatch(/seller-area-/);
  });

  it("sends a seller's screen without zod: the answers come trusted, the server having serialised them through their schemas", async () => {
    const html = await t.app.inject({
      method: "GET",
      url: "/orders",
      headers: { cookie: `${SIGNED_IN_HINT_COOKIE}=1` },
    });
    const pending = [...html.body.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => at(m, 1));
    const loaded = new Map<string, string>();
    while (pending.length > 0) {
      const url = at(pending, pending.length - 1);
      pending.pop();
      if (loaded.has(url)) continue;
      const script = (await t.app.inject({ method: "GET", url })).body;
      loaded.set(url, script);
      for (const [, file] of script.matchAll(/from"\.\/([^"]+\.js)"/g)) pending.push(`/assets/${file}`);
    }
    expect([...loaded.keys()].some((url) => /seller-area-/.test(url))).toBe(true);
    expect([...loaded].filter(([, script]) => script.includes("_zod")).map(([url]) => url)).toEqual([]);
  });

  it("starts the claim page's calls with the page: the configuration, and the order its address names", async () => {
    const preloads = async (url: string) => {
      const res = await t.app.inject({ method: "GET", url });
      return [
        ...String(res.headers.link).matchAll(
          /<([^>]+)>; rel=preload; as=fetch; crossorigin=use-credentials/g,
        ),
      ].map((m) => m[1]);
    };
    expect(await preloads("/claim/1001/a%40b.com")).toEqual([
      "/api/claim/config",
      "/api/orders/claim/1001/a%40b.com",
    ]);
    expect(await preloads("/claim/AbC%2B123")).toEqual([
      "/api/claim/config",
      "/api/orders/claim-api/AbC%2B123",
    ]);
    expect(await preloads("/claim?orderId=1&email=a%40b.com")).toEqual([
      "/api/claim/config",
      "/api/orders/claim/1/a%40b.com",
    ]);
    expect(await preloads("/claim")).toEqual(["/api/claim/config"]);
    const app = await t.app.inject({ method: "GET", url: "/dashboard" });
    expect(app.headers.link).toBeUndefined();
  });

  it("sends hashed assets precompressed by what the browser accepts, cached for a year", async () => {
    const page = await t.app.inject({ method: "GET", url: "/" });
    expect(page.headers["cache-control"]).toBe("no-cache");
    const script = page.body.match(/src="(\/assets\/main-[^"]+\.js)"/)![1];
    const plain = await t.app.inject({
      method: "GET",
      url: script,
      headers: { "accept-encoding": "identity" },
    });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const cases: [string, string][] = [
      ["br, gzip, deflate", "br"],
      ["gzip", "gzip"],
    ];
    for (const [accept, encoding] of cases) {
      const res = await t.app.inject({ method: "GET", url: script, headers: { "accept-encoding": accept } });
      expect(res.statusCode, accept).toBe(200);
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.headers["cache-control"], accept).toBe("public, max-age=31536000, immutable");
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 2);
      const decoded = encoding === "br" ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(decoded.equals(plain.rawPayload), accept).toBe(true);
    }
  });

  it("compresses a JSON answer over 1 kB by what the client accepts, and sends a small one as it is", async () => {
    const plain = await t.app.inject({ method: "GET", url: "/api/openapi.json" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    for (const [accept, encoding] of [
      ["br, gzip", "br"],
      ["gzip", "gzip"],
    ] as const) {
      const res = await t.app.inject({
        method: "GET",
        url: "/api/openapi.json",
        headers: { "accept-encoding": accept },
      });
      expect(res.headers["content-encoding"], accept).toBe(encoding);
      expect(res.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 3);
      const decoded = encoding === "br" ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(JSON.parse(decoded.toString()), accept).toEqual(plain.json());
    }
    const small = await t.app.inject({
      method: "GET",
      url: "/api/stats",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(small.statusCode).toBe(200);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.rawPayload.length).toBeLessThan(1024);
  });
});
