import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLAIM_PAGE_STYLE_DEFAULTS } from "../../src/contract/settings.js";
import { users } from "../../src/server/db/schema/index.js";
import { uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn } from "./helpers.js";

const HOOK = "https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz_0123456789";
const ON = {
  webhookUrl: HOOK,
  enabled: true,
  orderCreatedEnabled: true,
  orderDeliveredEnabled: false,
  pingEveryone: true,
};

describe.each(DRIVERS)("store settings on %s", (driver) => {
  const t = useTestApp(driver);
  const post = (url: string, headers: object, payload: object) =>
    t.app.inject({ method: "POST", url, headers: headers as Record<string, string>, payload });
  const discord = (headers: object, payload: object) =>
    post("/api/settings/discord-webhook", headers, payload);
  const userRow = async (id: string) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0];

  it("saves the Discord section for basic and pro sellers", async () => {
    const seller = await signIn(t.app, uniqueName("Disc"), { tier: "basic" });
    const res = await discord(seller.headers, ON);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, ...ON });
    expect(await userRow(seller.userId)).toMatchObject({
      discordWebhookUrl: HOOK,
      discordNotificationsEnabled: true,
      discordOrderCreatedEnabled: true,
      discordOrderDeliveredEnabled: false,
      discordPingEveryone: true,
    });

    const cleared = await discord(seller.headers, {
      webhookUrl: "",
      orderCreatedEnabled: true,
      orderDeliveredEnabled: true,
      pingEveryone: false,
    });
    expect(cleared.json()).toMatchObject({ webhookUrl: null, enabled: false });
    expect(await userRow(seller.userId)).toMatchObject({
      discordWebhookUrl: null,
      discordNotificationsEnabled: false,
    });
  });

  it("refuses Discord settings below Basic, including an expired subscription", async () => {
    const free = await signIn(t.app, uniqueName("Free"), { tier: "free" });
    const res = await discord(free.headers, ON);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: "Discord notifications require a Basic or Pro subscription" });
    const lapsed = await signIn(t.app, uniqueName("Lapsed"), { tier: "pro" });
    await t.app.ctx.db
      .update(users)
      .set({ subscriptionExpiry: new Date(Date.now() - 1000) })
      .where(eq(users.id, lapsed.userId));
    expect((await discord(lapsed.headers, ON)).statusCode).toBe(403);
    expect((await userRow(free.userId)).discordWebhookUrl).toBeNull();
    expect(
      (await t.app.inject({ method: "POST", url: "/api/settings/discord-webhook", payload: ON })).statusCode,
    ).toBe(401);
  });

  it("accepts only Discord webhook URLs (no other host, port, credentials or scheme)", async () => {
    const seller = await signIn(t.app, uniqueName("Ssrf"), { tier: "pro" });
    const refused = [
      "https://example.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
      "http://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
      "https://discord.com.evil.example/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
      "https://discord.com@127.0.0.1/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
      "https://discord.com:6379/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
      "https://169.254.169.254/latest/meta-data/",
      "http://localhost:5000/__sandbox/discord/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
      "https://discord.com/api/users/@me",
      "file:///etc/passwd",
    ];
    for (const webhookUrl of refused) {
      const res = await discord(seller.headers, { ...ON, webhookUrl });
      expect(res.statusCode, webhookUrl).toBe(400);
      expect(res.json()).toEqual({ error: "Please enter a valid Discord webhook URL" });
    }
    const noUrl = await discord(seller.headers, { ...ON, webhookUrl: "" });
    expect(noUrl.statusCode).toBe(400);
    expect(noUrl.json()).toEqual({ error: "Please enter a Discord webhook URL to enable notifications" });
    expect((await userRow(seller.userId)).discordWebhookUrl).toBeNull();
  });

  it("saves a claim page style for pro sellers only", async () => {
    const style = {
      ...CLAIM_PAGE_STYLE_DEFAULTS,
      headerText: "  Knife Kings  ",
      logoUrl: "https://cdn.example.com/logo.png",
    };
    const basic = await signIn(t.app, uniqueName("Basic"), { tier: "basic" });
    const refused = await post("/api/settings/claim-page-style", basic.headers, { style });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: "Claim page customization requires a Pro subscription" });
    expect((await userRow(basic.userId)).customClaimPageStyle).toBeNull();

    const pro = await signIn(t.app, uniqueName("Pro"), { tier: "pro" });
    const res = await post("/api/settings/claim-page-style", pro.headers, { style });
    expect(res.statusCode).toBe(200);
    const saved = { ...style, headerText: "Knife Kings" };
    expect(res.json()).toEqual({ success: true, style: saved });
    expect((await userRow(pro.userId)).customClaimPageStyle).toEqual(saved);
  });

  it("refuses styles that could inject script or CSS, naming the field", async () => {
    const pro = await signIn(t.app, uniqueName("Inj"), { tier: "pro" });
    const bad: [string, string][] = [
      ["backgroundColor", "red; background-image: url(https://evil.example/x)"],
      ["accentColor", "#fff}body{display:none"],
      ["logoUrl", "javascript:alert(1)"],
      ["logoUrl", "data:image/svg+xml;base64,PHN2Zz4="],
      ["logoUrl", "http://cdn.example.com/logo.png"],
      ["headerText", "x".repeat(81)],
      ["welcomeMessage", "x".repeat(301)],
      ["footerText", "x".repeat(201)],
    ];
    for (const [field, value] of bad) {
      const res = await post("/api/settings/claim-page-style", pro.headers, {
        style: { ...CLAIM_PAGE_STYLE_DEFAULTS, [field]: value },
      });
      expect(res.statusCode, `${field}=${value}`).toBe(400);
      expect(res.json().error).toContain(`style.${field}`);
    }
    expect((await userRow(pro.userId)).customClaimPageStyle).toBeNull();
    const markup = await post("/api/settings/claim-page-style", pro.headers, {
      style: { ...CLAIM_PAGE_STYLE_DEFAULTS, headerText: "<script>alert(1)</script>" },
    });
    expect(markup.statusCode).toBe(200);
    expect(markup.json().style.headerText).toBe("<script>alert(1)</script>");
  });
});
