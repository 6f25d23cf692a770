import { and, desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { GAMES, gameSchema } from "../../../contract/games.js";
import type { DbOrTx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { sandboxGameEvents } from "../../db/schema/index.js";
import { conflict, notFound } from "../../http/errors.js";
import { acceptFormPosts, addSandboxEntry, html, type SandboxContext, sendPage } from "../sandbox-home.js";
import { findSandboxUser, findSandboxUsersByName } from "./sandbox-store.js";

const BASE = "/__sandbox/roblox";

/** kind: trade_offer (player -> bot; open | accepted | declined), friend_request (bot -> player), delivery (bot -> player). */
type GameEvent = typeof sandboxGameEvents.$inferSelect;

const itemLinesSchema = z
  .array(
    z.object({
      codeName: z.string().trim().min(1, "is required").max(100),
      quantity: z.number().int("must be a whole number").min(1, "must be at least 1").max(100_000),
    }),
  )
  .min(1, "must list at least one item")
  .max(100);
const botUsernameSchema = z.string().trim().min(1, "is required").max(50);
const userIdSchema = z.number().int().positive();

const tradeSchema = z.object({
  fromUserId: userIdSchema,
  botUsername: botUsernameSchema,
  game: gameSchema,
  items: itemLinesSchema,
});
const friendRequestSchema = z.object({ botUsername: botUsernameSchema, toUserId: userIdSchema });
const deliverySchema = z.object({
  toUserId: userIdSchema,
  items: itemLinesSchema,
  orderId: z.string().max(100).optional(),
});
const botParamsSchema = z.object({ botUsername: botUsernameSchema });
const idParamsSchema = z.object({ id: z.uuid() });
const friendRequestQuerySchema = z.object({
  botUsername: botUsernameSchema.optional(),
  toUserId: z.coerce.number().int().positive().optional(),
});

function view(e: GameEvent) {
  const payload = (e.payload ?? {}) as { items?: unknown; orderId?: string };
  return {
    id: e.id,
    kind: e.kind,
    botUsername: e.botUsername,
    fromUserId: e.fromUserId,
    toUserId: e.toUserId,
    game: e.game,
    items: payload.items ?? [],
    orderId: payload.orderId ?? null,
    status: e.status,
    createdAt: e.createdAt.toISOString(),
  };
}

const sameBot = (botUsername: string) => sql`lower(${sandboxGameEvents.botUsername}) = lower(${botUsername})`;

async function listEvents(db: DbOrTx, kind: string, botUsername?: string, status?: string) {
  const rows = await db
    .select()
    .from(sandboxGameEvents)
    .where(
      and(
        eq(sandboxGameEvents.kind, kind),
        botUsername ? sameBot(botUsername) : undefined,
        status ? eq(sandboxGameEvents.status, status) : undefined,
      ),
    )
    .orderBy(sandboxGameEvents.createdAt)
    .limit(500);
  return rows.map(view);
}

async function offerTrade(db: DbOrTx, input: z.infer<typeof tradeSchema>) {
  if (!(await findSandboxUser(db, input.fromUserId))) throw notFound("No such sandbox Roblox user");
  const [row = missing("the inserted sandboxGameEvents row")] = await db
    .insert(sandboxGameEvents)
    .values({
      kind: "trade_offer",
      botUsername: input.botUsername,
      fromUserId: input.fromUserId,
      game: input.game,
      payload: { items: input.items },
    })
    .returning();
  return view(row);
}

/** Accepting or declining settles an open offer once; a second answer is a 409 as in game. */
async function settleOffer(db: DbOrTx, id: string, status: "accepted" | "declined") {
  const [row] = await db
    .update(sandboxGameEvents)
    .set({ status })
    .where(
      and(
        eq(sandboxGameEvents.id, id),
        eq(sandboxGameEvents.kind, "trade_offer"),
        eq(sandboxGameEvents.status, "open"),
      ),
    )
    .returning();
  if (row) return view(row);
  const [exists] = await db
    .select({ id: sandboxGameEvents.id })
    .from(sandboxGameEvents)
    .where(and(eq(sandboxGameEvents.id, id), eq(sandboxGameEvents.kind, "trade_offer")));
  throw exists ? conflict("This trade offer is no longer open") : notFound("No such trade offer");
}

/**
 * The game side of the Roblox emulator: players offer trades to delivery bots, bots send friend requests and hand
 * items over. The reference bot agent (bot/) plays the bots through this JSON API; testers use the page.
 */
export async function registerRobloxGameSandbox(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  addSandboxEntry({
    name: "Roblox game",
    path: `${BASE}/game`,
    description:
      "The in-game world: offer a trade from a sandbox player to a delivery bot (a deposit), and see the bots' " +
      "friend requests and deliveries.",
  });
  await app.register(async (scope) => {
    acceptFormPosts(scope);
    registerGameApi(scope, ctx);
    registerGamePage(scope, ctx);
  });
}

function registerGameApi(scope: FastifyInstance, ctx: SandboxContext): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();

  api.post(`${BASE}/trades`, { schema: { body: tradeSchema } }, async (request, reply) =>
    reply.status(201).send(await offerTrade(ctx.db, request.body)),
  );
  api.get(`${BASE}/bots/:botUsername/offers`, { schema: { params: botParamsSchema } }, async (request) => ({
    data: await listEvents(ctx.db, "trade_offer", request.params.botUsername, "open"),
  }));
  api.post(`${BASE}/offers/:id/accept`, { schema: { params: idParamsSchema } }, (request) =>
    settleOffer(ctx.db, request.params.id, "accepted"),
  );
  api.post(`${BASE}/offers/:id/decline`, { schema: { params: idParamsSchema } }, (request) =>
    settleOffer(ctx.db, request.params.id, "declined"),
  );

  api.post(`${BASE}/friend-requests`, { schema: { body: friendRequestSchema } }, async (request, reply) => {
    const { botUsername, toUserId } = request.body;
    if (!(await findSandboxUser(ctx.db, toUserId))) throw notFound("No such sandbox Roblox user");
    const [row = missing("the inserted sandboxGameEvents row")] = await ctx.db
      .insert(sandboxGameEvents)
      .values({ kind: "friend_request", botUsername, toUserId, status: "sent" })
      .returning();
    return reply.status(201).send(view(row));
  });
  api.get(
    `${BASE}/friend-requests`,
    { schema: { querystring: friendRequestQuerySchema } },
    async (request) => {
      const all = await listEvents(ctx.db, "friend_request", request.query.botUsername);
      return {
        data: all.filter(
          (e) => request.query.toUserId === undefined || e.toUserId === request.query.toUserId,
        ),
      };
    },
  );

  api.post(
    `${BASE}/bots/:botUsername/deliveries`,
    { schema: { params: botParamsSchema, body: deliverySchema } },
    async (request, reply) => {
      const { toUserId, items, orderId } = request.body;
      const [row = missing("the inserted sandboxGameEvents row")] = await ctx.db
        .insert(sandboxGameEvents)
        .values({
          kind: "delivery",
          botUsername: request.params.botUsername,
          toUserId,
          payload: { items, orderId },
          status: "delivered",
        })
        .returning();
      return reply.status(201).send(view(row));
    },
  );
  api.get(
    `${BASE}/bots/:botUsername/deliveries`,
    { schema: { params: botParamsSchema } },
    async (request) => ({
      data: await listEvents(ctx.db, "delivery", request.params.botUsername),
    }),
  );
}

/** "codeName x 2" or "codeName 2" per line; a bare codeName means one. */
function parseItemLines(text: string): { codeName: string; quantity: number }[] | null {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
  const parsed = lines.map((l) => {
    const m = /^(\S+?)(?:\s*[x×*]?\s*(\d+))?$/i.exec(l);
    return m ? { codeName: m[1], quantity: m[2] ? Number(m[2]) : 1 } : null;
  });
  return parsed.length > 0 && parsed.every((p) => p && p.quantity >= 1)
    ? (parsed as { codeName: string; quantity: number }[])
    : null;
}

function registerGamePage(scope: FastifyInstance, ctx: SandboxContext): void {
  const page = async (reply: FastifyReply, status: number, notice?: { ok?: string; error?: string }) => {
    const recent = await ctx.db
      .select()
      .from(sandboxGameEvents)
      .orderBy(desc(sandboxGameEvents.createdAt))
      .limit(50);
    return sendPage(
      reply,
      status,
      "Roblox game",
      html`<h1>Roblox game sandbox</h1>
<p class="lead">A player trades items to a delivery bot; the bot agent (<code>npm run bot -- --game mm2</code>) accepts
the offer and reports it to Autodrop as a deposit. The bot's friend requests and deliveries appear below.</p>
${notice?.ok ? html`<p class="notice ok" role="status">${notice.ok}</p>` : null}
${notice?.error ? html`<p class="notice bad" role="alert">${notice.error}</p>` : null}
<h2>Offer a trade to a bot</h2>
<form class="card" method="post" action="${BASE}/game/trade">
  <p><label for="from">From player (sandbox Roblox username)</label><input id="from" name="from" type="text" required></p>
  <p><label for="bot">To bot (bot username)</label><input id="bot" name="bot" type="text" required></p>
  <p><label for="game">Game</label><select id="game" name="game">${GAMES.map((g) => html`<option value="${g}">${g}</option>`)}</select></p>
  <p><label for="items">Items, one per line: codeName x quantity</label><textarea id="items" name="items" required></textarea></p>
  <button type="submit">Offer trade</button>
</form>
<h2>Recent game events</h2>
${
  recent.length === 0
    ? html`<p class="card">Nothing has happened in game yet.</p>`
    : html`<table>
<thead><tr><th>When</th><th>Kind</th><th>Bot</th><th>Player</th><th>Items</th><th>Status</th></tr></thead>
<tbody>
${recent.map((e) => {
  const v = view(e);
  const items = (v.items as { codeName: string; quantity: number }[])
    .map((i) => `${i.codeName} x ${i.quantity}`)
    .join(", ");
  return html`<tr><td>${v.createdAt}</td><td>${v.kind}</td><td>${v.botUsername}</td><td>${v.fromUserId ?? v.toUserId}</td><td>${items}</td><td>${v.status}</td></tr>
`;
})}</tbody>
</table>`
}`,
    );
  };

  scope.get(`${BASE}/game`, async (request, reply) => {
    const q = request.query as { offered?: string };
    return page(reply, 200, q.offered ? { ok: `Trade offered to ${q.offered}.` } : undefined);
  });

  scope.post(`${BASE}/game/trade`, async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    const [from] = await findSandboxUsersByName(ctx.db, [String(form.from ?? "").trim()]);
    const items = parseItemLines(String(form.items ?? ""));
    const game = gameSchema.safeParse(form.game);
    const bot = botUsernameSchema.safeParse(form.bot);
    if (!from) return page(reply, 400, { error: "No sandbox Roblox user with that username." });
    if (!bot.success || !game.success || !items) {
      return page(reply, 400, {
        error: "Give a bot username, a game and at least one item line (codeName x quantity).",
      });
    }
    await offerTrade(ctx.db, { fromUserId: from.id, botUsername: bot.data, game: game.data, items });
    return reply.redirect(`${BASE}/game?offered=${encodeURIComponent(bot.data)}`, 303);
  });
}
