import { describe, expect, it } from "vitest";
import published from "../../../../tests/fixtures/discord/published-samples.json" with { type: "json" };
import { at } from "../../db/rows.js";
import { DiscordClient, DiscordRateLimitError, DiscordWebhookError, retryAfterSeconds } from "./client.js";

const URL_IN = "https://discordapp.com/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz";

function fakeFetch(response: () => Response) {
  const calls: { url: string; init?: RequestInit }[] = [];
  const fetch = async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    return response();
  };
  return { calls, fetch };
}

describe("retryAfterSeconds", () => {
  it("takes Discord's fractional retry_after, else the Retry-After header, else one second", () => {
    expect(
      retryAfterSeconds({ message: "You are being rate limited.", retry_after: 0.25, global: false }, "1"),
    ).toBe(0.25);
    expect(retryAfterSeconds({ message: "x" }, "3")).toBe(3);
    expect(retryAfterSeconds(null, null)).toBe(1);
    expect(retryAfterSeconds({ retry_after: 1e9 }, null)).toBe(3600);
    expect(retryAfterSeconds({ retry_after: 0 }, null)).toBe(0.05);
  });
});

describe("DiscordClient", () => {
  it("gives up on a Discord that does not answer, so the job fails and is retried instead of outliving its expiry", async () => {
    const hanging = (_url: string, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
      });
    const client = new DiscordClient(hanging, "http://sandbox/__sandbox/discord", 50);
    await expect(
      client.executeWebhook(URL_IN, { content: "hi", allowed_mentions: { parse: [] } }),
    ).rejects.toThrow(/timeout|aborted/i);
  });

  it("posts the body to the configured API base, whatever Discord host the seller typed", async () => {
    const { calls, fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    await new DiscordClient(fetch, "http://sandbox/__sandbox/discord").executeWebhook(URL_IN, {
      content: "hi",
      allowed_mentions: { parse: [] },
    });
    expect(at(calls, 0).url).toBe(
      "http://sandbox/__sandbox/discord/api/v10/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz",
    );
    expect(at(calls, 0).init?.method).toBe("POST");
    expect(JSON.parse(String(at(calls, 0).init?.body))).toEqual({
      content: "hi",
      allowed_mentions: { parse: [] },
    });
  });

  it("turns a 429 into a rate-limit error carrying retry_after", async () => {
    const { fetch } = fakeFetch(
      () =>
        new Response(
          JSON.stringify({ message: "You are being rate limited.", retry_after: 1.5, global: true }),
          {
            status: 429,
            headers: { "content-type": "application/json", "retry-after": "2" },
          },
        ),
    );
    const err = await new DiscordClient(fetch, "https://discord.com")
      .executeWebhook(URL_IN, { content: "x", allowed_mentions: { parse: [] } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(DiscordRateLimitError);
    expect(err.retryAfterSeconds).toBe(1.5);
    expect(err.global).toBe(true);
  });

  it("marks 5xx retryable and 404 final, and never calls a URL that is not a Discord webhook", async () => {
    const five = await new DiscordClient(
      fakeFetch(() => new Response("", { status: 502 })).fetch,
      "https://discord.com",
    )
      .executeWebhook(URL_IN, { content: "x", allowed_mentions: { parse: [] } })
      .catch((e) => e);
    expect(five).toBeInstanceOf(DiscordWebhookError);
    expect(five.retryable).toBe(true);
    const gone = await new DiscordClient(
      fakeFetch(() => new Response("", { status: 404 })).fetch,
      "https://discord.com",
    )
      .executeWebhook(URL_IN, { content: "x", allowed_mentions: { parse: [] } })
      .catch((e) => e);
    expect(gone.retryable).toBe(false);
    const { calls, fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const bad = await new DiscordClient(fetch, "https://discord.com")
      .executeWebhook("https://evil.example/api/webhooks/123456789012345678/abcdefghijklmnopqrstuvwxyz", {
        content: "x",
        allowed_mentions: { parse: [] },
      })
      .catch((e) => e);
    expect(bad).toBeInstanceOf(DiscordWebhookError);
    expect(calls).toHaveLength(0);
  });

  it("reads Discord's documented 429 answers: the per-route one and the global one", async () => {
    for (const sample of [published.userRateLimitResponse, published.globalRateLimitResponse]) {
      const { fetch } = fakeFetch(
        () => new Response(JSON.stringify(sample.body), { status: sample.status, headers: sample.headers }),
      );
      const err = await new DiscordClient(fetch, "https://discord.com")
        .executeWebhook(URL_IN, { content: "x", allowed_mentions: { parse: [] } })
        .catch((e) => e);
      expect(err).toBeInstanceOf(DiscordRateLimitError);
      expect(err.retryAfterSeconds).toBe(64.57);
      expect(err.global).toBe(sample.body.global);
    }
  });

  it("treats Discord's documented form error as final: the body will not get better by itself", async () => {
    const { fetch } = fakeFetch(
      () => new Response(JSON.stringify(published.errors.objectError), { status: 400 }),
    );
    const err = await new DiscordClient(fetch, "https://discord.com")
      .executeWebhook(URL_IN, { content: "x", allowed_mentions: { parse: [] } })
      .catch((e) => e);
    expect(err).toBeInstanceOf(DiscordWebhookError);
    expect(err.retryable).toBe(false);
  });
});
