import { describe, expect, it } from "vitest";
import type { CurrentUser } from "../../../contract/auth";
import { activeTier } from "../../../contract/plans";
import { canSaveDiscord, type DiscordForm, discordPayload, discordUrlProblem } from "./settings-rules";

const URL_OK = "https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz_0123";
const off: DiscordForm = {
  webhookUrl: "",
  enabled: false,
  orderCreatedEnabled: false,
  orderDeliveredEnabled: false,
  pingEveryone: false,
};

describe("Discord save rules", () => {
  it("needs the basic or pro tier", () => {
    const form = { ...off, webhookUrl: URL_OK, enabled: true };
    expect(canSaveDiscord(form, "free")).toBe(false);
    expect(canSaveDiscord(form, "basic")).toBe(true);
    expect(canSaveDiscord(form, "pro")).toBe(true);
  });

  it("is disabled when nothing is enabled and there is no URL", () => {
    expect(canSaveDiscord(off, "pro")).toBe(false);
    expect(canSaveDiscord({ ...off, webhookUrl: "   " }, "pro")).toBe(false);
    expect(canSaveDiscord({ ...off, webhookUrl: URL_OK }, "pro")).toBe(true);
    expect(canSaveDiscord({ ...off, orderCreatedEnabled: true }, "pro")).toBe(true);
  });

  it("sends enabled only when the switch is on and a URL exists", () => {
    expect(discordPayload({ ...off, enabled: true }).enabled).toBe(false);
    expect(discordPayload({ ...off, webhookUrl: ` ${URL_OK} ` })).toEqual({
      webhookUrl: URL_OK,
      enabled: false,
      orderCreatedEnabled: false,
      orderDeliveredEnabled: false,
      pingEveryone: false,
    });
    expect(discordPayload({ ...off, webhookUrl: URL_OK, enabled: true, pingEveryone: true })).toMatchObject({
      enabled: true,
      pingEveryone: true,
    });
  });

  it("hints at URLs that are not Discord webhooks", () => {
    expect(discordUrlProblem("")).toBeNull();
    expect(discordUrlProblem(URL_OK)).toBeNull();
    expect(discordUrlProblem("https://evil.example/api/webhooks/1/2")).toBe(
      "Please enter a valid Discord webhook URL",
    );
  });
});

describe("activeTier", () => {
  const user = (tier: CurrentUser["subscriptionTier"], expiry: string | null) => ({
    subscriptionTier: tier,
    subscriptionExpiry: expiry,
  });
  const now = Date.parse("2025-01-10T00:00:00Z");

  it("keeps a paid tier until it expires, then falls back to free", () => {
    expect(activeTier(user("pro", null), now)).toBe("pro");
    expect(activeTier(user("basic", "2025-02-01T00:00:00Z"), now)).toBe("basic");
    expect(activeTier(user("pro", "2025-01-01T00:00:00Z"), now)).toBe("free");
    expect(activeTier(user("free", "2025-01-01T00:00:00Z"), now)).toBe("free");
  });
});
