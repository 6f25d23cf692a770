import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { AppContext } from "../../context.js";
import { requireApiKey } from "./api-keys.js";
import { requireBotOrAdmin } from "./bot-keys.js";
import { requireAdmin, requireUser } from "./sessions.js";

/**
 * Who may call a group of routes: anyone (each public route limits itself: per IP, a signature), a signed-in
 * seller, an admin, a delivery bot's key (or an admin), or a seller's public API key.
 */
type AuthScope = "public" | "seller" | "admin" | "bot" | "apiKey";

export type RouteApp = ReturnType<typeof withZod>;
const withZod = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

function guardOf(ctx: AppContext, scope: AuthScope) {
  switch (scope) {
    case "seller":
      return requireUser(ctx.db);
    case "admin":
      return requireAdmin(ctx.db);
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
      group.addHook("onRequest", async (_request, reply) => {
        reply.header("Cache-Control", "no-store");
      });
    }
    await routes(withZod(group));
  });
}
