import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/server/config.js";
import { runDoctor } from "../../src/server/doctor.js";
import { createHttpFetch, createProviders } from "../../src/server/integrations/index.js";
import { revokeAccessTokens } from "../../src/server/integrations/shopify/sandbox/store.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { sellerWithStore } from "./shopify-fixtures.js";

describe("real mode's configuration", () => {
  it("names every missing variable", () => {
    expect(() => loadConfig({ SANDBOX: "0" })).toThrow(ConfigError);
    expect(() => loadConfig({ SANDBOX: "0", PUBLIC_URL: "https://autodrop.example" })).toThrow(
      "Real mode (SANDBOX=0) needs these variables: SHOPIFY_API_KEY, SHOPIFY_API_SECRET, CRYPTO_PROVIDER_API_KEY, APP_SECRET",
    );
  });
});

describe.each(DRIVERS)("npm run doctor on %s", (driver) => {
  const t = useTestApp(driver);

  it("passes against the emulators and names each connected store", async () => {
    const seller = await sellerWithStore(t.app, { purpose: "reinstall" });
    const checks = await runDoctor(t.app.ctx);
    expect(checks.filter((c) => !c.ok)).toEqual([]);
    expect(checks.map((c) => c.service)).toEqual(
      expect.arrayContaining(["Config", "Roblox", "Plisio", "Shopify", "Discord"]),
    );
    expect(checks.find((c) => c.message.startsWith(seller.shop))?.ok).toBe(true);

    await revokeAccessTokens(t.app.ctx.db, seller.shop);
    const revoked = (await runDoctor(t.app.ctx)).find((c) => c.message.startsWith(seller.shop));
    expect(revoked).toMatchObject({ ok: false, message: expect.stringContaining("must reinstall the app") });
  });

  it("says in plain words when a key is refused or a service cannot be reached", async () => {
    const { config, log } = t.app.ctx;
    const fetch = createHttpFetch(t.app, `${config.publicUrl}/__sandbox`);
    const wrongKey = createProviders({
      config: { ...config, cryptoProviderApiKey: "not-the-key" },
      fetch,
      log,
    });
    const down = createProviders({
      config: { ...config, services: { ...config.services, robloxUsers: "http://127.0.0.1:9/unreachable" } },
      fetch,
      log,
    });
    const checks = await runDoctor({
      ...t.app.ctx,
      providers: { ...t.app.ctx.providers, crypto: wrongKey.crypto, roblox: down.roblox },
    });
    expect(checks.find((c) => c.service === "Plisio")).toEqual({
      service: "Plisio",
      ok: false,
      message: "Plisio refused CRYPTO_PROVIDER_API_KEY: copy the secret key from the shop's API settings.",
    });
    expect(checks.find((c) => c.service === "Roblox")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^The users API at .* could not be used: fetch failed\.$/),
    });
  });
});
