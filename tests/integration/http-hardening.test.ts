import { describe, expect, it } from "vitest";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn, uniqueIp } from "./helpers.js";

describe.each(DRIVERS)("HTTP hardening on %s", (driver) => {
  const t = useTestApp(driver);

  it("answers 401 to a signed-out call with a body before it looks at the body", async () => {
    for (const payload of [{}, { nonsense: 1 }, "not json"]) {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/settings/discord-webhook",
        payload,
        headers: { "content-type": "application/json" },
        remoteAddress: uniqueIp(),
      });
      expect(res.statusCode, String(payload)).toBe(401);
      expect(res.json()).toEqual({ error: "Unauthorized" });
    }
  });

  it("marks signed-in JSON answers no-store and sends no HSTS over plain http", async () => {
    const seller = await signIn(t.app, "NoStoreSeller", { tier: "pro", setupCompleted: true });
    for (const url of ["/api/inventory", "/api/listings", "/api/bots/user", "/api/auth/me"]) {
      const res = await t.app.inject({ method: "GET", url, headers: seller.headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers["cache-control"], url).toBe("no-store");
      expect(res.headers["strict-transport-security"], url).toBeUndefined();
    }
  });
});
