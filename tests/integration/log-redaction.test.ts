import { DrizzleQueryError } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { LOG_SERIALIZERS, redactUrl } from "../../src/server/http/log-redaction.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { uniqueIp } from "./helpers.js";

describe("redactUrl", () => {
  it("hides claim keys, order id and e-mail pairs, and secret query values", () => {
    expect(redactUrl("/api/orders/claim-api/abc123")).toBe("/api/orders/claim-api/[redacted]");
    expect(redactUrl("/api/orders/private-server/5001/a%40b.com")).toBe(
      "/api/orders/private-server/[redacted]/[redacted]",
    );
    expect(redactUrl("/api/orders/claim/lock-username")).toBe("/api/orders/claim/lock-username");
    expect(redactUrl("/claim/abc123")).toBe("/claim/[redacted]");
    expect(redactUrl("/claim/5001/a%40b.com?x=1")).toBe("/claim/[redacted]/[redacted]?x=1");
    expect(redactUrl("/claim")).toBe("/claim");
    expect(redactUrl("/api/v1/check-status/abc123")).toBe("/api/v1/check-status/[redacted]");
    expect(redactUrl("/api/v1/cancel-order/abc123")).toBe("/api/v1/cancel-order/[redacted]");
    expect(redactUrl("/api/shopify/callback?code=c1&shop=s.myshopify.com&state=s1&hmac=h1&timestamp=9")).toBe(
      "/api/shopify/callback?code=[redacted]&shop=s.myshopify.com&state=[redacted]&hmac=[redacted]&timestamp=9",
    );
    expect(redactUrl("/api/listings?page=2")).toBe("/api/listings?page=2");
  });

  it("drops a failed query's parameters and PostgreSQL's detail from the logged error", () => {
    const cause = Object.assign(new Error("duplicate key"), {
      detail: "Key (email)=(secret@example.com) already exists.",
    });
    const err = new DrizzleQueryError("select 1 where email = $1", ["secret@example.com"], cause);
    const logged = JSON.stringify(LOG_SERIALIZERS.err(err));
    expect(logged).toContain("Failed query");
    expect(logged).not.toContain("secret@example.com");
  });
});

describe.each(DRIVERS)("the log of a run on %s", (driver) => {
  const lines: string[] = [];
  const t = useTestApp(driver, {
    config: { logLevel: "info" },
    logStream: { write: (line) => lines.push(line) },
  });

  it("never holds a claim key, an order's e-mail or an OAuth code, state or hmac", async () => {
    const secrets = ["KEYSECRET123", "buyer-secret@example.com", "CODESECRET", "STATESECRET", "HMACSECRET"];
    const get = (url: string) => t.app.inject({ method: "GET", url, remoteAddress: uniqueIp() });
    await get("/api/orders/claim-api/KEYSECRET123");
    await get("/api/orders/claim/5001/buyer-secret@example.com");
    await get("/api/orders/private-server-api/KEYSECRET123");
    await get("/claim/KEYSECRET123");
    await get("/claim/5001/buyer-secret@example.com");
    await get("/api/v1/check-status/KEYSECRET123");
    await get("/api/shopify/callback?code=CODESECRET&shop=x.myshopify.com&state=STATESECRET&hmac=HMACSECRET");
    const log = lines.join("");
    expect(log).toContain("GET /api/orders/claim-api/[redacted]");
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
