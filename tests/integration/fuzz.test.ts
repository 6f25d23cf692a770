import { describe, expect, it } from "vitest";
import type { GuardedRoute } from "../../src/server/http/input-guard.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { signIn, uniqueIp } from "./helpers.js";

/**
 * Hostile input on every registered route (so routes added later are covered without listing them), the sandbox's
 * emulators included: NUL, lone surrogates, huge strings, arrays and wrong types in the body, the query and the
 * path, signed in and out. No answer may be a 5xx.
 */

const HUGE = "x".repeat(100_000);
const EVIL_STRINGS = ["a\u0000b", "\uD800", "\uDFFFz", HUGE, "x"];
const EVIL_VALUES: unknown[] = [...EVIL_STRINGS, ["a", "\u0000"], 1e308, -1, true, null, { a: "\u0000" }];
/**
 * Path segments as sent on the wire: NUL, a lone surrogate's bytes (CESU-8), an emoji (no header may carry it), an
 * encoded slash, a long one, a plain one.
 */
const EVIL_SEGMENTS = ["%00", "%ED%A0%80", "a%00", "%F0%9F%98%80", "..%2F", "y".repeat(90), "1", "%FF"];
/** Streams that never end: asserted on by their own tests. */
const SKIP = new Set(["GET /api/events"]);

type ZodLike = { _zod?: { def?: Record<string, unknown> }; shape?: Record<string, unknown> };

/** A value of the schema's shape with every string replaced by `text` (fields of a body the route would accept). */
function sample(schema: unknown, text: string, depth = 0): unknown {
  const def = (schema as ZodLike)?._zod?.def;
  if (!def || depth > 6) return text;
  switch (def.type) {
    case "object":
      return Object.fromEntries(
        Object.entries((def.shape as Record<string, unknown>) ?? {}).map(([k, v]) => [
          k,
          sample(v, text, depth + 1),
        ]),
      );
    case "array":
      return [sample(def.element, text, depth + 1)];
    case "number":
    case "int":
      return 1;
    case "boolean":
      return true;
    case "enum":
      return Object.values(def.entries as Record<string, unknown>)[0];
    case "literal":
      return (def.values as unknown[])[0];
    case "optional":
    case "nullable":
    case "default":
    case "catch":
    case "readonly":
      return sample(def.innerType, text, depth + 1);
    case "pipe":
      return sample(def.in, text, depth + 1);
    case "union":
      return sample((def.options as unknown[])[0], text, depth + 1);
    default:
      return text;
  }
}

function keysOf(schema: unknown): string[] {
  const shape = (schema as ZodLike)?.shape;
  return shape ? Object.keys(shape) : ["q", "id"];
}

function bodiesFor(route: GuardedRoute): unknown[] {
  const schema = route.schema?.body;
  const bodies: unknown[] = [
    ...EVIL_VALUES.map((v) => Object.fromEntries(keysOf(schema).map((k) => [k, v]))),
  ];
  for (const text of EVIL_STRINGS) bodies.push(sample(schema, text));
  bodies.push("not an object", [1, 2]);
  return bodies;
}

function queriesFor(route: GuardedRoute): string[] {
  const keys = keysOf(route.schema?.querystring);
  return [
    ...EVIL_SEGMENTS.map((v) => keys.map((k) => `${k}=${v}`).join("&")),
    keys.map((k) => `${k}=a&${k}=b`).join("&"),
    keys.map((k) => `${k}[x]=%00`).join("&"),
  ];
}

function urlsFor(route: GuardedRoute): string[] {
  const params = route.url.match(/:[A-Za-z]+/g) ?? [];
  if (params.length === 0) return [route.url];
  return EVIL_SEGMENTS.map((seg) => route.url.replace(/:[A-Za-z]+/g, seg).replace(/\*$/, seg));
}

describe.each(DRIVERS)("hostile input on every route on %s", (driver) => {
  const t = useTestApp(driver);

  it("never answers 5xx, signed in or out", async () => {
    const admin = await signIn(t.app, "FuzzAdmin", { admin: true, tier: "pro", setupCompleted: true });
    const routes = t.app.guardedRoutes.filter((r) => !SKIP.has(`${r.method} ${r.url}`));
    expect(routes.length).toBeGreaterThan(50);
    for (const emulator of ["roblox", "shopify", "discord", "plisio", "webhooks"])
      expect(routes.some((r) => r.url.startsWith(`/__sandbox/${emulator}/`))).toBe(true);
    const failures: string[] = [];
    const send = async (route: GuardedRoute, url: string, payload: unknown, cookie?: string) => {
      const res = await t.app.inject({
        method: route.method as "GET",
        url,
        remoteAddress: uniqueIp(),
        headers: cookie ? { cookie } : {},
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      if (res.statusCode >= 500)
        failures.push(
          `${route.method} ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 200)}`,
        );
    };
    for (const route of routes) {
      const hasBody = !["GET", "DELETE", "OPTIONS"].includes(route.method);
      const base = urlsFor(route)[urlsFor(route).length - 2] ?? route.url;
      for (const cookie of [admin.cookie, undefined]) {
        for (const url of urlsFor(route)) await send(route, url, hasBody ? {} : undefined, cookie);
        for (const query of queriesFor(route))
          await send(route, `${base}?${query}`, hasBody ? {} : undefined, cookie);
        if (hasBody) for (const body of bodiesFor(route)) await send(route, base, body, cookie);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
