import { describe, expect, it } from "vitest";
import published from "../../../../tests/fixtures/discord/published-samples.json" with { type: "json" };
import { checkExecuteBody, EMBEDS_TOTAL_MAX, rateLimitAnswer, WEBHOOK_RATE_LIMIT } from "./sandbox-rules.js";

/** The shape of Discord's documented form errors: nested keys down to `_errors`, each a {code, message}. */
function isFormErrorTree(node: unknown): boolean {
  if (typeof node !== "object" || node === null || Array.isArray(node)) return false;
  return Object.entries(node).every(([key, value]) =>
    key === "_errors"
      ? Array.isArray(value) &&
        value.length > 0 &&
        value.every((e) => typeof e.code === "string" && typeof e.message === "string")
      : isFormErrorTree(value),
  );
}

const formErrorOf = (body: unknown) => {
  const checked = checkExecuteBody(body);
  if (checked.ok) throw new Error("the emulator took a body Discord refuses");
  return checked.error;
};

const embed = (fields: { name: string; value: string }[], extra: object = {}) => ({
  embeds: [{ title: "t", fields, ...extra }],
});

describe("the Discord emulator's rules against Discord's published documents", () => {
  it("recognises Discord's documented form errors (the check of shape used below)", () => {
    for (const sample of [published.errors.arrayError, published.errors.objectError]) {
      expect(sample).toMatchObject({ code: 50035, message: "Invalid Form Body" });
      expect(isFormErrorTree(sample.errors)).toBe(true);
    }
    expect(isFormErrorTree({ access_token: { _errors: [{ code: 1 }] } })).toBe(false);
  });

  it("refuses each documented embed limit with Discord's form error, naming the field", () => {
    const limits = published.embedLimits;
    const cases: [object, string[], string][] = [
      [
        embed([{ name: "n", value: "v".repeat(limits["field.value"] + 1) }]),
        ["embeds", "0", "fields", "0", "value"],
        "Must be 1024 or fewer in length.",
      ],
      [
        embed([{ name: "n".repeat(limits["field.name"] + 1), value: "v" }]),
        ["embeds", "0", "fields", "0", "name"],
        "Must be 256 or fewer in length.",
      ],
      [
        { embeds: [{ title: "t".repeat(limits.title + 1) }] },
        ["embeds", "0", "title"],
        "Must be 256 or fewer in length.",
      ],
      [
        { embeds: [{ description: "d".repeat(limits.description + 1) }] },
        ["embeds", "0", "description"],
        "Must be 4096 or fewer in length.",
      ],
      [
        { embeds: [{ title: "t", author: { name: "a".repeat(limits["author.name"] + 1) } }] },
        ["embeds", "0", "author", "name"],
        "Must be 256 or fewer in length.",
      ],
      [
        { embeds: [{ title: "t", footer: { text: "f".repeat(limits["footer.text"] + 1) } }] },
        ["embeds", "0", "footer", "text"],
        "Must be 2048 or fewer in length.",
      ],
      [
        embed(Array.from({ length: limits.fields + 1 }, () => ({ name: "n", value: "v" }))),
        ["embeds", "0", "fields"],
        "Must be 25 or fewer in length.",
      ],
    ];
    for (const [body, path, message] of cases) {
      const error = formErrorOf(body);
      expect(error).toMatchObject({ code: 50035, message: "Invalid Form Body" });
      expect(isFormErrorTree(error.errors)).toBe(true);
      const node = path.reduce<Record<string, unknown>>(
        (n, k) => n[k] as Record<string, unknown>,
        error.errors,
      );
      expect(node._errors).toEqual([{ code: "BASE_TYPE_MAX_LENGTH", message }]);
    }
  });

  it("counts title, description, field names and values, footer and author name together against 6,000", () => {
    expect(EMBEDS_TOTAL_MAX).toBe(published.embedLimits.total);
    const fields = Array.from({ length: 5 }, (_, i) => ({ name: `f${i}`, value: "v".repeat(1000) }));
    const atLimit = embed(fields, {
      title: "t".repeat(256),
      description: "d".repeat(6000 - 256 - 5000 - 10 - 200 - 100),
      footer: { text: "f".repeat(200) },
      author: { name: "a".repeat(100) },
    });
    expect(checkExecuteBody(atLimit).ok).toBe(true);
    const over = { ...atLimit, embeds: [{ ...atLimit.embeds[0], author: { name: "a".repeat(101) } }] };
    expect(formErrorOf(over)).toEqual({
      code: 50035,
      errors: {
        embeds: {
          _errors: [{ code: "MAX_EMBED_SIZE_EXCEEDED", message: "Embed size exceeds maximum size of 6000" }],
        },
      },
      message: "Invalid Form Body",
    });
    // Two embeds share the one total; surrounding whitespace does not count (Discord trims it).
    const half = { title: "t", description: "d".repeat(2999) };
    expect(checkExecuteBody({ embeds: [half, half] }).ok).toBe(true);
    expect(checkExecuteBody({ embeds: [half, { ...half, title: "tt" }] }).ok).toBe(false);
    expect(checkExecuteBody(embed([{ name: "n", value: ` ${"v".repeat(1024)} ` }])).ok).toBe(true);
  });

  it("answers the sixth execution within a window with Discord's documented 429 headers and body", () => {
    const started = new Date("2030-01-01T00:00:00.000Z");
    const now = new Date(started.getTime() + 430);
    const ok = rateLimitAnswer({ windowStartedAt: started, used: WEBHOOK_RATE_LIMIT.limit }, now);
    expect(ok.limited).toBeNull();
    const documented = Object.keys(published.rateLimitHeaderExample).map((h) => h.toLowerCase());
    expect(Object.keys(ok.headers).sort()).toEqual(documented.sort());
    expect(ok.headers["x-ratelimit-remaining"]).toBe("0");

    const refused = rateLimitAnswer({ windowStartedAt: started, used: WEBHOOK_RATE_LIMIT.limit + 1 }, now);
    const sample = published.userRateLimitResponse;
    const sampleHeaders = Object.keys(sample.headers)
      .map((h) => h.toLowerCase())
      .filter((h) => h !== "content-type");
    expect(Object.keys(refused.headers).sort()).toEqual(sampleHeaders.sort());
    expect(Object.keys(refused.limited ?? {}).sort()).toEqual(Object.keys(sample.body).sort());
    expect(refused.limited).toEqual({ message: sample.body.message, retry_after: 1.57, global: false });
    expect(refused.headers["retry-after"]).toBe("2");
    expect(refused.headers["x-ratelimit-reset-after"]).toBe("1.570");
    expect(refused.headers["x-ratelimit-reset"]).toBe("1893456002.000");
  });
});
