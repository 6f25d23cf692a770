import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { botErrorCode } from "../../../contract/bot-api-reference.js";
import type { AppContext } from "../../context.js";
import { jsonErrorHandler } from "../../http/error-handler.js";
import { requireApiKey } from "./api-keys.js";
import { requireBotOrAdmin } from "./bot-keys.js";
import { requireAdmin, requireUser } from "./sessions.js";

/**
 * Who may call a group of routes: anyone (each public route limits itself: per IP, a signature), a signed-in
 * seller, an admin, a delivery bot's key (or an admin), or a seller's public API key.
 */
type AuthScope = "public" | "seller" | "admin" | "bot" | "apiKey";

export type RouteApp = ReturnType<typeof withZod>;

/**
 * Route constraint for one URL served to two kinds of caller: requests carrying `Authorization: Bearer` derive
 * "api-key", all others "session". A route with `constraints: API_KEY_CALLER` takes the first; the unconstrained route
 * of the same URL (another module's, in its own scope) keeps the rest (the spec's GET /api/orders, decision 043).
 */
export const API_KEY_CALLER = { caller: "api-key" } as const;

function callerStrategy() {
  return {
    name: "caller",
    // One store per route node: which handler each derived value picks there.
    storage: () => {
      const handlers = new Map<string, unknown>();
      return {
        get: (value: string) => (handlers.get(value) ?? null) as never,
        set: (value: string, handler: unknown) => {
          handlers.set(value, handler);
        },
      };
    },
    deriveConstraint: (req: { headers: Record<string, string | string[] | undefined> }) =>
      /^Bearer\s/i.test(String(req.headers.authorization ?? "")) ? "api-key" : "session",
    mustMatchWhenDerived: false,
  };
}

/** Lets `app` route on API_KEY_CALLER (once per app: the router is shared by every plugin). */
export function routeByCaller(app: FastifyInstance): void {
  if (!app.hasConstraintStrategy("caller")) app.addConstraintStrategy(callerStrategy());
}
const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

function guardOf(ctx: AppContext, scope: AuthScope) {
  switch (scope) {
    case "seller":
      return requireUser(ctx);
    case "admin":
      return requireAdmin(ctx);
    case "bot":
      return requireBotOrAdmin(ctx);
    case "apiKey":
      return requireApiKey(ctx);
    case "public":
      return null;
  }
}

/**
 * Registers routes under one auth scope: they get their own encapsulated context whose onRequest hook checks
 * every request before its body is read, so no route of the group can forget it.
 */
export async function scoped(
  app: FastifyInstance,
  ctx: AppContext,
  scope: AuthScope,
  routes: (r: RouteApp) => void | Promise<void>,
): Promise<void> {
  await app.register(async (group) => {
    const guard = guardOf(ctx, scope);
    if (guard) {
      group.addHook("onRequest", guard);
      // What a signed-in caller sees is theirs alone: no shared or browser cache keeps it (a route may say more).
      group.addHook("onRequest", (_request, reply, done) => {
        reply.header("Cache-Control", "no-store");
        done();
      });
    }
    // The Bot API's errors carry a code for programs, as the public API's do (docs/bot-api.md).
    if (scope === "bot") group.setErrorHandler(jsonErrorHandler(botErrorCode));
    await routes(withZod(group));
  });
}
