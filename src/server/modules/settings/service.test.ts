import { describe, expect, it } from "vitest";
import type { DiscordSettings } from "../../../contract/settings.js";
import { HttpError } from "../../http/errors.js";
import { nextDiscordSettings } from "./service.js";

const URL_OK = "https://discord.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz";
const current: DiscordSettings = {
  webhookUrl: null,
  enabled: false,
  orderCreatedEnabled: true,
  orderDeliveredEnabled: true,
  pingEveryone: false,
};

function refusal(fn: () => unknown): { status: number; message: string } {
  try {
    fn();
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  throw new Error("expected a refusal");
}

describe("nextDiscordSettings", () => {
  it("refuses the free tier first", () => {
    expect(
      refusal(() => nextDiscordSettings(current, "free", { webhookUrl: URL_OK, enabled: true })),
    ).toEqual({
      status: 403,
      message: "Discord notifications require a Basic or Pro subscription",
    });
  });

  it("accepts a Discord URL and the switches", () => {
    expect(
      nextDiscordSettings(current, "basic", {
        webhookUrl: ` ${URL_OK} `,
        enabled: true,
        orderCreatedEnabled: false,
        pingEveryone: true,
      }),
    ).toEqual({
      webhookUrl: URL_OK,
      enabled: true,
      orderCreatedEnabled: false,
      orderDeliveredEnabled: true,
      pingEveryone: true,
    });
  });

  it("refuses another URL and enabling without one", () => {
    expect(
      refusal(() =>
        nextDiscordSettings(current, "pro", { webhookUrl: "https://example.com/hook", enabled: true }),
      ),
    ).toEqual({
      status: 400,
      message: "Please enter a valid Discord webhook URL",
    });
    expect(refusal(() => nextDiscordSettings(current, "pro", { webhookUrl: "", enabled: true })).status).toBe(
      400,
    );
  });

  it("clears the URL when it is empty, and treats an absent enabled as off", () => {
    const saved = { ...current, webhookUrl: URL_OK, enabled: true };
    expect(nextDiscordSettings(saved, "pro", { webhookUrl: "" })).toMatchObject({
      webhookUrl: null,
      enabled: false,
    });
    expect(nextDiscordSettings(saved, "pro", {})).toMatchObject({ webhookUrl: URL_OK, enabled: false });
  });
});
