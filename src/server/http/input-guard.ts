import type { FastifyInstance, FastifyRequest, FastifySchema } from "fastify";
import { badRequest } from "./errors.js";

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, "g");

/**
 * Text PostgreSQL cannot store or that is not Unicode: NUL (U+0000) is refused by `text` columns and a lone
 * surrogate cannot be encoded as UTF-8. Either would fail deep in a query as a 500; we refuse it at the door.
 */
function isUnsafeText(value: string): boolean {
  return value.includes("\u0000") || LONE_SURROGATE.test(value);
}

const MAX_DEPTH = 32;

/** Where in a parsed value the first unsafe string sits ("body.items.0.name"), or null when there is none. */
function unsafeTextPath(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === "string") return isUnsafeText(value) ? path : null;
  if (value === null || typeof value !== "object" || Buffer.isBuffer(value) || depth > MAX_DEPTH) return null;
  for (const [key, inner] of Object.entries(value)) {
    const innerPath = `${path}.${key}`;
    if (isUnsafeText(key)) return innerPath;
    const found = unsafeTextPath(inner, innerPath, depth + 1);
    if (found) return found;
  }
  return null;
}

/**
 * A signed payload we must keep (a webhook Shopify retries until we take it): unsafe strings are repaired rather
 * than refused, NUL removed and lone surrogates replaced with U+FFFD.
 */
export function sanitiseText<T>(value: T, depth = 0): T {
  if (typeof value === "string")
    return value.replaceAll("\u0000", "").replace(LONE_SURROGATES, "\uFFFD") as T;
  if (value === null || typeof value !== "object" || depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((v) => sanitiseText(v, depth + 1)) as T;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [sanitiseText(k), sanitiseText(v, depth + 1)]),
  ) as T;
}

function checkRequest(request: FastifyRequest): void {
  const where =
    unsafeTextPath(request.params, "params") ??
    unsafeTextPath(request.query, "query") ??
    unsafeTextPath(request.body, "body");
  if (where) throw badRequest(`Bad request: ${where} contains NUL or a lone surrogate`);
  // A route without a query schema reads plain strings; a repeated parameter (?a=1&a=2) would hand it an array.
  if (request.routeOptions.schema?.querystring) return;
  const repeated = Object.entries((request.query ?? {}) as Record<string, unknown>).find(([, v]) =>
    Array.isArray(v),
  );
  if (repeated) throw badRequest(`Bad request: query parameter ${repeated[0]} is repeated`);
}

export interface GuardedRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route registered after the guard, so tests can walk all of them (the fuzz test does). */
    guardedRoutes: GuardedRoute[];
  }
}

/**
 * Every route registered after this call has its input checked before its own validation (and after its auth
 * scope's onRequest check, so a signed-out caller still gets 401 first).
 */
export function registerInputGuard(app: FastifyInstance): void {
  const routes: GuardedRoute[] = [];
  app.decorate("guardedRoutes", routes);
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat())
      if (method !== "HEAD") routes.push({ method, url: route.url, schema: route.schema });
  });
  // A callback hook (no promise per request): it runs for every request, webhooks at ingest rates included.
  app.addHook("preValidation", (request, _reply, done) => {
    try {
      checkRequest(request);
    } catch (err) {
      done(err as Error);
      return;
    }
    done();
  });
}
