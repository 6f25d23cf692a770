import { describe, expect, it } from "vitest";
import { parseDiscordWebhookUrl } from "./notifications.js";

const ID = "123456789012345678";
const TOKEN = "abcDEF_123-xyzXYZ_456-abcDEF_123-xyzXYZ_456-abcDEF_123-xyzXYZ_456abcd";

describe("parseDiscordWebhookUrl", () => {
  it("accepts Discord's webhook URLs on every Discord host, with or without an API version", () => {
    for (const host of [
      "discord.com",
      "discordapp.com",
      "canary.discord.com",
      "ptb.discord.com",
      "ptb.discordapp.com",
    ]) {
      expect(parseDiscordWebhookUrl(`https://${host}/api/webhooks/${ID}/${TOKEN}`)).toEqual({
        id: ID,
        token: TOKEN,
      });
    }
    expect(parseDiscordWebhookUrl(`https://discord.com/api/v10/webhooks/${ID}/${TOKEN}`)).toEqual({
      id: ID,
      token: TOKEN,
    });
    expect(parseDiscordWebhookUrl(`  https://discord.com/api/webhooks/${ID}/${TOKEN}/  `)).toEqual({
      id: ID,
      token: TOKEN,
    });
  });

  it("refuses every other host, scheme, port, credential, path or query (no SSRF)", () => {
    const refused = [
      "",
      "not a url",
      `http://discord.com/api/webhooks/${ID}/${TOKEN}`,
      `https://discord.com.evil.example/api/webhooks/${ID}/${TOKEN}`,
      `https://evil.example/api/webhooks/${ID}/${TOKEN}`,
      `https://evildiscord.com/api/webhooks/${ID}/${TOKEN}`,
      `https://evil.discord.com/api/webhooks/${ID}/${TOKEN}`,
      `https://discord.com@evil.example/api/webhooks/${ID}/${TOKEN}`,
      `https://user:pass@discord.com/api/webhooks/${ID}/${TOKEN}`,
      `https://discord.com:8443/api/webhooks/${ID}/${TOKEN}`,
      `https://127.0.0.1/api/webhooks/${ID}/${TOKEN}`,
      `https://[::1]/api/webhooks/${ID}/${TOKEN}`,
      `https://discord.com/api/webhooks/${ID}/${TOKEN}?wait=true`,
      `https://discord.com/api/webhooks/${ID}/${TOKEN}#x`,
      `https://discord.com/api/webhooks/${ID}/../../users/@me`,
      `https://discord.com/api/webhooks/${ID}/${TOKEN}/slack`,
      `https://discord.com/api/webhooks/abc/${TOKEN}`,
      `https://discord.com/api/webhooks/${ID}/short`,
      `https://discord.com/api/webhooks/${ID}/${TOKEN}%2F..`,
      `https://discord.com\\@evil.example/api/webhooks/${ID}/${TOKEN}`,
      `https://discord.com/api/webhooks/${ID}/${TOKEN}\nhttps://evil.example`,
      `javascript:alert(1)//https://discord.com/api/webhooks/${ID}/${TOKEN}`,
    ];
    for (const url of refused) expect(parseDiscordWebhookUrl(url), url).toBeNull();
  });
});
