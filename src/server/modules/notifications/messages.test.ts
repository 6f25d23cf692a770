import { describe, expect, it } from "vitest";
import type { OrderNotification } from "../../../contract/notifications.js";
import { at as element } from "../../db/rows.js";
import { buildDiscordMessage, type DiscordPreferences, fitLines, wantsNotification } from "./messages.js";

const prefs: DiscordPreferences = {
  subscriptionTier: "basic",
  subscriptionExpiry: null,
  discordWebhookUrl: "https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
  discordNotificationsEnabled: true,
  discordOrderCreatedEnabled: true,
  discordOrderDeliveredEnabled: true,
  discordPingEveryone: false,
};

const order: OrderNotification = {
  orderId: "5b0f7a52-0d6f-4f61-9a51-7f3c2d9c1e00",
  orderNumber: "1001",
  source: "shopify",
  games: ["mm2"],
  items: [
    { name: "Godly Knife", quantity: 2 },
    { name: "@everyone <@&1> Gun", quantity: 1 },
  ],
  totalAmount: "12.50",
  robloxUsername: "BuyerOne",
};
const at = new Date("2030-01-01T12:00:00.000Z");

describe("wantsNotification", () => {
  it("needs basic or pro, a URL and the master switch; each order kind also needs its own switch", () => {
    expect(wantsNotification(prefs, "order_created", at)).toBe(true);
    expect(wantsNotification({ ...prefs, subscriptionTier: "pro" }, "order_delivered", at)).toBe(true);
    expect(wantsNotification({ ...prefs, subscriptionTier: "free" }, "order_created", at)).toBe(false);
    expect(
      wantsNotification({ ...prefs, subscriptionExpiry: new Date(at.getTime() - 1000) }, "order_created", at),
    ).toBe(false);
    expect(wantsNotification({ ...prefs, discordWebhookUrl: null }, "order_created", at)).toBe(false);
    expect(wantsNotification({ ...prefs, discordNotificationsEnabled: false }, "low_stock", at)).toBe(false);
    expect(wantsNotification({ ...prefs, discordOrderCreatedEnabled: false }, "order_created", at)).toBe(
      false,
    );
    expect(wantsNotification({ ...prefs, discordOrderCreatedEnabled: false }, "order_delivered", at)).toBe(
      true,
    );
    expect(wantsNotification({ ...prefs, discordOrderDeliveredEnabled: false }, "order_delivered", at)).toBe(
      false,
    );
    expect(
      wantsNotification(
        { ...prefs, discordOrderCreatedEnabled: false, discordOrderDeliveredEnabled: false },
        "low_stock",
        at,
      ),
    ).toBe(true);
  });

  it("sends a refund after delivery under the order-delivered switch and the master switch", () => {
    const kind = "order_refunded_after_delivery";
    expect(wantsNotification(prefs, kind, at)).toBe(true);
    expect(wantsNotification({ ...prefs, discordOrderCreatedEnabled: false }, kind, at)).toBe(true);
    expect(wantsNotification({ ...prefs, discordOrderDeliveredEnabled: false }, kind, at)).toBe(false);
    expect(wantsNotification({ ...prefs, discordNotificationsEnabled: false }, kind, at)).toBe(false);
    expect(wantsNotification({ ...prefs, subscriptionTier: "free" }, kind, at)).toBe(false);
  });
});

describe("buildDiscordMessage", () => {
  it("describes a new order in an embed and pings nobody when ping-everyone is off", () => {
    const m = buildDiscordMessage({ kind: "order_created", payload: order }, { pingEveryone: false, at });
    expect(m.content).toBeUndefined();
    expect(m.allowed_mentions).toEqual({ parse: [] });
    expect(m.embeds).toHaveLength(1);
    const embed = element(m.embeds!, 0);
    expect(embed.title).toContain("#1001");
    expect(embed.timestamp).toBe(at.toISOString());
    expect(embed.fields).toEqual(
      expect.arrayContaining([
        { name: "Total", value: "$12.50", inline: true },
        { name: "Game", value: "Murder Mystery 2", inline: true },
        { name: "Items", value: "2 × Godly Knife\n1 × @everyone <@&1> Gun", inline: false },
      ]),
    );
  });

  it("puts @everyone in the content and allows it when ping-everyone is on", () => {
    const m = buildDiscordMessage({ kind: "order_delivered", payload: order }, { pingEveryone: true, at });
    expect(m.content).toBe("@everyone");
    expect(m.allowed_mentions).toEqual({ parse: ["everyone"] });
    expect(element(m.embeds!, 0).title).toContain("delivered");
    expect(element(m.embeds!, 0).fields).toContainEqual({
      name: "ROBLOX username",
      value: "BuyerOne",
      inline: true,
    });
  });

  it("says an order was delivered then refunded, with its buyer, total and items", () => {
    const m = buildDiscordMessage(
      { kind: "order_refunded_after_delivery", payload: order },
      { pingEveryone: false, at },
    );
    expect(m.allowed_mentions).toEqual({ parse: [] });
    const embed = element(m.embeds!, 0);
    expect(embed.title).toBe("↩️ Order #1001 delivered then refunded");
    expect(embed.timestamp).toBe(at.toISOString());
    expect(embed.fields).toEqual(
      expect.arrayContaining([
        { name: "ROBLOX username", value: "BuyerOne", inline: true },
        { name: "Total", value: "$12.50", inline: true },
        { name: "Items", value: "2 × Godly Knife\n1 × @everyone <@&1> Gun", inline: false },
      ]),
    );
  });

  it("announces a listing out of stock", () => {
    const m = buildDiscordMessage(
      {
        kind: "low_stock",
        payload: { listingId: "l1", title: "Knife bundle", game: "growagarden", stockQuantity: 0 },
      },
      { pingEveryone: false, at },
    );
    expect(element(m.embeds!, 0).title).toContain("Knife bundle");
    expect(element(m.embeds!, 0).fields).toContainEqual({ name: "Stock", value: "0", inline: true });
    expect(element(m.embeds!, 0).fields).toContainEqual({
      name: "Game",
      value: "Grow a Garden",
      inline: true,
    });
  });

  it("keeps within Discord's field and title limits", () => {
    const many = {
      ...order,
      orderNumber: "9".repeat(300),
      items: Array.from({ length: 200 }, (_, i) => ({ name: `Item number ${i}`, quantity: 1 })),
    };
    const embed = element(
      buildDiscordMessage({ kind: "order_created", payload: many }, { pingEveryone: false, at }).embeds!,
      0,
    );
    expect(embed.title!.length).toBeLessThanOrEqual(256);
    for (const f of embed.fields!) expect(f.value.length).toBeLessThanOrEqual(1024);
  });

  it("shows a 40-line order's Items as whole lines and says how many more there are", () => {
    const long = {
      ...order,
      items: Array.from({ length: 40 }, (_, i) => ({
        name: `Chroma Elderwood Scythe edition ${String(i + 1).padStart(2, "0")}`,
        quantity: i + 1,
      })),
    };
    const embed = element(
      buildDiscordMessage({ kind: "order_created", payload: long }, { pingEveryone: false, at }).embeds!,
      0,
    );
    const items = embed.fields!.find((f) => f.name === "Items")!.value;
    expect(items.length).toBeLessThanOrEqual(1024);
    const lines = items.split("\n");
    const shown = lines.slice(0, -1);
    expect(lines.at(-1)).toBe(`+${40 - shown.length} more`);
    expect(shown).toEqual(long.items.slice(0, shown.length).map((i) => `${i.quantity} × ${i.name}`));
    expect(shown.length).toBeGreaterThan(15);
    // Discord's 6,000-character total over title, description, field names and values, footer and author.
    const total =
      embed.title!.length +
      (embed.description ?? "").length +
      embed.fields!.reduce((n, f) => n + f.name.length + f.value.length, 0);
    expect(total).toBeLessThanOrEqual(6000);
  });
});

describe("fitLines", () => {
  it("keeps text that fits, fills the field with whole lines otherwise, and clips only a line too long alone", () => {
    expect(fitLines(["a", "b"], 10)).toBe("a\nb");
    expect(fitLines(["aaaa", "bbbb", "cccc", "dddd"], 16)).toBe("aaaa\n+3 more");
    expect(fitLines(["aaaa", "bbbb", "cccc"], 14)).toBe("aaaa\nbbbb\ncccc");
    expect(fitLines(["a".repeat(30), "b"], 20)).toBe(`${"a".repeat(11)}…\n+1 more`);
    expect(fitLines(["a".repeat(30)], 20)).toBe(`${"a".repeat(19)}…`);
  });
});
