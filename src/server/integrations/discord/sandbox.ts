import { desc, eq, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Db } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import {
  sandboxDiscordBuckets,
  sandboxDiscordMessages,
  sandboxDiscordRateLimits,
} from "../../db/schema/index.js";
import {
  acceptFormPosts,
  addSandboxEntry,
  html,
  type SafeHtml,
  type SandboxContext,
  sendPage,
} from "../sandbox-home.js";
import {
  type BucketState,
  checkExecuteBody,
  type ExecuteBody,
  rateLimitAnswer,
  WEBHOOK_RATE_LIMIT,
} from "./sandbox-rules.js";

const BASE = "/__sandbox/discord";
const RATE_LIMIT_ROW = 1;

/** Discord's error body: {message, code}. */
function discordError(reply: FastifyReply, status: number, code: number, message: string): FastifyReply {
  return reply.status(status).send({ message, code });
}

const rateLimitSchema = z.object({
  count: z.number().int().min(0).max(1000),
  retryAfter: z.number().min(0).max(3600),
});

const AVAILABLE_API_VERSIONS = ["v9", "v10"];

export interface RecordedDiscordMessage {
  id: number;
  webhookId: string;
  content: string | null;
  username: string | null;
  embeds: ExecuteBody["embeds"];
  allowedMentions: ExecuteBody["allowed_mentions"] | null;
  receivedAt: string;
}

function recordedView(row: typeof sandboxDiscordMessages.$inferSelect): RecordedDiscordMessage {
  const body = row.body as ExecuteBody;
  return {
    id: row.id,
    webhookId: row.webhookId,
    content: body.content ?? null,
    username: body.username ?? null,
    embeds: body.embeds ?? [],
    allowedMentions: body.allowed_mentions ?? null,
    receivedAt: row.receivedAt.toISOString(),
  };
}

async function listMessages(
  db: Db,
  webhookId: string | undefined,
  limit: number,
): Promise<RecordedDiscordMessage[]> {
  const rows = await db
    .select()
    .from(sandboxDiscordMessages)
    .where(webhookId ? eq(sandboxDiscordMessages.webhookId, webhookId) : undefined)
    .orderBy(desc(sandboxDiscordMessages.id))
    .limit(limit);
  return rows.map(recordedView);
}

/**
 * Counts one execution against the webhook's bucket, atomically (instances sharing the database agree): a new
 * window starts once the last one is over.
 */
async function takeWebhookBucket(db: Db, webhookId: string, now: Date): Promise<BucketState> {
  const b = sandboxDiscordBuckets;
  const windowOver = sql`${b.windowStartedAt} <= ${new Date(now.getTime() - WEBHOOK_RATE_LIMIT.windowMs).toISOString()}::timestamptz`;
  const [row = missing("the webhook's bucket row")] = await db
    .insert(b)
    .values({ webhookId, windowStartedAt: now, used: 1 })
    .onConflictDoUpdate({
      target: b.webhookId,
      set: {
        windowStartedAt: sql`CASE WHEN ${windowOver} THEN ${now.toISOString()}::timestamptz ELSE ${b.windowStartedAt} END`,
        used: sql`CASE WHEN ${windowOver} THEN 1 ELSE ${b.used} + 1 END`,
      },
    })
    .returning({ windowStartedAt: b.windowStartedAt, used: b.used });
  return row;
}

/** Takes one 429 from the rate-limit budget, atomically, so instances sharing the database agree. */
async function takeRateLimit(db: Db): Promise<number | null> {
  const rows = await db
    .update(sandboxDiscordRateLimits)
    .set({ remaining: sql`${sandboxDiscordRateLimits.remaining} - 1`, lastLimitedAt: new Date() })
    .where(
      sql`${sandboxDiscordRateLimits.id} = ${RATE_LIMIT_ROW} AND ${sandboxDiscordRateLimits.remaining} > 0`,
    )
    .returning({ retryAfter: sandboxDiscordRateLimits.retryAfterSeconds });
  return rows[0]?.retryAfter ?? null;
}

async function setRateLimit(db: Db, count: number, retryAfter: number) {
  const [row = missing("the rate limit row")] = await db
    .insert(sandboxDiscordRateLimits)
    .values({ id: RATE_LIMIT_ROW, remaining: count, retryAfterSeconds: retryAfter })
    .onConflictDoUpdate({
      target: sandboxDiscordRateLimits.id,
      set: { remaining: count, retryAfterSeconds: retryAfter },
    })
    .returning();
  return row;
}

async function getRateLimit(db: Db) {
  const [row] = await db
    .select()
    .from(sandboxDiscordRateLimits)
    .where(eq(sandboxDiscordRateLimits.id, RATE_LIMIT_ROW));
  return {
    remaining: row?.remaining ?? 0,
    retryAfter: row?.retryAfterSeconds ?? 0,
    lastLimitedAt: row?.lastLimitedAt?.toISOString() ?? null,
  };
}

/**
 * The Discord emulator: the execute-webhook endpoint in Discord's wire format (Discord's limits on the body and its
 * form errors; its own rate limit per webhook with Discord's headers, and 429s on demand), a JSON control API for
 * tests, and an inbox page.
 */
export async function registerDiscordSandbox(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  addSandboxEntry({
    name: "Discord",
    path: BASE,
    description:
      "Webhook receiver standing in for discord.com/api/webhooks: an inbox of every notification sent, and a switch " +
      "that makes the next deliveries answer 429 (rate limited) with retry_after.",
  });
  await app.register(async (scope) => registerWireApi(scope, ctx));
  await app.register(async (scope) => {
    acceptFormPosts(scope);
    registerControlApi(scope, ctx);
    registerInbox(scope, ctx);
  });
}

function registerWireApi(scope: FastifyInstance, ctx: SandboxContext): void {
  scope.setErrorHandler((err: { statusCode?: number }, request, reply) => {
    const status = err.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err }, "discord sandbox failed");
      return discordError(reply, 500, 0, "500: Internal Server Error");
    }
    return discordError(reply, 400, 50109, "The request body contains invalid JSON.");
  });

  scope.post<{ Params: { version: string; id: string; token: string }; Querystring: { wait?: string } }>(
    `${BASE}/api/:version/webhooks/:id/:token`,
    async (request, reply) => {
      const { version, id, token } = request.params;
      // Stricter than Discord, which routes an unversioned path to its deprecated default (v6): only the
      // versions Discord lists as available are served.
      if (!AVAILABLE_API_VERSIONS.includes(version)) {
        return discordError(reply, 400, 0, `API version ${version} is not available; use v9 or v10.`);
      }
      if (!/^\d{17,20}$/.test(id) || !/^[A-Za-z0-9_-]{1,100}$/.test(token)) {
        return discordError(reply, 404, 10015, "Unknown Webhook");
      }
      const retryAfter = await takeRateLimit(ctx.db);
      if (retryAfter !== null) {
        return reply
          .status(429)
          .header("Retry-After", String(Math.ceil(retryAfter)))
          .header("X-RateLimit-Limit", String(WEBHOOK_RATE_LIMIT.limit))
          .header("X-RateLimit-Remaining", "0")
          .header("X-RateLimit-Reset-After", String(retryAfter))
          .header("X-RateLimit-Scope", "user")
          .send({ message: "You are being rate limited.", retry_after: retryAfter, global: false });
      }
      const now = new Date(ctx.clock());
      const bucket = rateLimitAnswer(await takeWebhookBucket(ctx.db, id, now), now);
      reply.headers(bucket.headers);
      if (bucket.limited) return reply.status(429).send(bucket.limited);
      const checked = checkExecuteBody(request.body);
      if (!checked.ok) return reply.status(400).send(checked.error);
      const body = checked.body;
      if (!body.content && !(body.embeds && body.embeds.length > 0)) {
        return discordError(reply, 400, 50006, "Cannot send an empty message");
      }
      const [row = missing("the inserted sandboxDiscordMessages row")] = await ctx.db
        .insert(sandboxDiscordMessages)
        .values({ webhookId: id, body })
        .returning();
      if (request.query.wait !== "true") return reply.status(204).send();
      return reply.status(200).send({
        id: String(row.id),
        type: 0,
        channel_id: "0",
        webhook_id: id,
        author: { id, username: body.username ?? "Webhook", bot: true },
        content: body.content ?? "",
        embeds: body.embeds ?? [],
        mention_everyone:
          (body.content ?? "").includes("@everyone") &&
          (body.allowed_mentions?.parse ?? []).includes("everyone"),
        timestamp: row.receivedAt.toISOString(),
      });
    },
  );
}

function registerControlApi(scope: FastifyInstance, ctx: SandboxContext): void {
  const api = scope.withTypeProvider<ZodTypeProvider>();
  api.get(
    `${BASE}/messages`,
    {
      schema: {
        querystring: z.object({
          webhookId: z.string().max(20).optional(),
          limit: z.coerce.number().int().min(1).max(500).default(100),
        }),
      },
    },
    async (request) => ({
      messages: await listMessages(ctx.db, request.query.webhookId, request.query.limit),
    }),
  );
  api.delete(`${BASE}/messages`, async () => {
    await ctx.db.delete(sandboxDiscordMessages);
    return { success: true };
  });
  api.get(`${BASE}/rate-limit`, async () => getRateLimit(ctx.db));
  api.post(`${BASE}/rate-limit`, { schema: { body: rateLimitSchema } }, async (request) => {
    const row = await setRateLimit(ctx.db, request.body.count, request.body.retryAfter);
    return { remaining: row.remaining, retryAfter: row.retryAfterSeconds };
  });
}

function embedHtml(embed: NonNullable<ExecuteBody["embeds"]>[number]): SafeHtml {
  const color = `#${(embed.color ?? 0x5865f2).toString(16).padStart(6, "0")}`;
  return html`<div class="card" style="border-left: 4px solid ${color}; margin-top: 8px">
${embed.title ? html`<strong>${embed.title}</strong>` : null}
${embed.description ? html`<p>${embed.description}</p>` : null}
${
  embed.fields && embed.fields.length > 0
    ? html`<dl>${embed.fields.map((f) => html`<dt><strong>${f.name}</strong></dt><dd class="desc">${f.value}</dd>`)}</dl>`
    : null
}
${embed.footer ? html`<p class="hint">${embed.footer.text}</p>` : null}
</div>`;
}

function registerInbox(scope: FastifyInstance, ctx: SandboxContext): void {
  const inbox = async (reply: FastifyReply, status: number, note?: { kind: "ok" | "bad"; text: string }) => {
    const [messages, limit] = await Promise.all([listMessages(ctx.db, undefined, 200), getRateLimit(ctx.db)]);
    return sendPage(
      reply,
      status,
      "Discord",
      html`<h1>Discord sandbox</h1>
<p class="lead">Every message Autodrop posted to a Discord webhook, newest first. Set a seller's webhook URL to
<code>https://discord.com/api/webhooks/{id}/{token}</code> (any 17 to 20 digit id); in sandbox mode it is delivered here.
<a class="button" href="${BASE}">Refresh</a></p>
${note ? html`<p class="notice ${note.kind}" role="${note.kind === "bad" ? "alert" : "status"}">${note.text}</p>` : null}
<h2>Rate limiting</h2>
<form class="card inline" method="post" action="${BASE}/rate-limit/form">
  <div><label for="count">Answer 429 to the next deliveries</label>
  <input id="count" name="count" type="text" inputmode="numeric" pattern="[0-9]{1,4}" value="${limit.remaining}" required></div>
  <div><label for="retryAfter">retry_after (seconds)</label>
  <input id="retryAfter" name="retryAfter" type="text" inputmode="decimal" pattern="[0-9]+(\\.[0-9]+)?" value="${limit.retryAfter || 5}" required></div>
  <button type="submit">Save</button>
</form>
<p class="hint">${limit.remaining} deliveries left to refuse.${limit.lastLimitedAt ? ` Last 429 at ${limit.lastLimitedAt}.` : ""}</p>
<h2>Messages (${messages.length})</h2>
${
  messages.length === 0
    ? html`<p class="card">No messages yet.</p>`
    : html`<table>
<thead><tr><th>Received</th><th>Webhook</th><th>Message</th></tr></thead>
<tbody>
${messages.map(
  (m) => html`<tr>
<td>${m.receivedAt}</td><td><code>${m.webhookId}</code></td>
<td class="desc">${m.content ? html`<p>${m.content}</p>` : null}${(m.embeds ?? []).map(embedHtml)}</td>
</tr>
`,
)}</tbody>
</table>`
}`,
    );
  };

  scope.get<{ Querystring: { saved?: string } }>(BASE, async (request, reply) =>
    inbox(reply, 200, request.query.saved === "1" ? { kind: "ok", text: "Rate limiting saved." } : undefined),
  );

  scope.post(`${BASE}/rate-limit/form`, async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const parsed = rateLimitSchema.safeParse({
      count: Number(body.count),
      retryAfter: Number(body.retryAfter),
    });
    if (!parsed.success) {
      return inbox(reply, 400, {
        kind: "bad",
        text: "Enter a count from 0 to 1000 and retry_after from 0 to 3600 seconds.",
      });
    }
    await setRateLimit(ctx.db, parsed.data.count, parsed.data.retryAfter);
    return reply.redirect(`${BASE}?saved=1`, 303);
  });
}
