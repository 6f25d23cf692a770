import { randomBytes, randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import {
  type ApiOrder,
  WEBHOOK_HEADERS,
  type WebhookDelivery,
  type WebhookEvent,
} from "../../../contract/api.js";
import type { AppContext } from "../../context.js";
import { decryptSecret, encryptSecret } from "../../crypto/secrets.js";
import type { DbOrTx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { webhookDeliveries, webhookEndpoints } from "../../db/schema/api-v1.js";
import { badRequest, notFound } from "../../http/errors.js";
import { WebhookRefusedError } from "../../integrations/webhooks/index.js";
import { signWebhook } from "./signature.js";

const SECRET_PURPOSE = "webhook-secret";
export const WEBHOOK_DELIVER_JOB = "webhooks.deliver";
/** Tries per delivery: the first and 7 retries with pg-boss's exponential backoff (about 20 minutes in all). */
const WEBHOOK_RETRY_LIMIT = 7;
const DELIVERIES_SHOWN = 20;

type EventType = WebhookEvent | "test";

const newWebhookSecret = () => `whsec_${randomBytes(24).toString("base64url")}`;

async function endpointOf(db: DbOrTx, userId: string) {
  const [endpoint] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
  return endpoint ?? null;
}

const viewOf = (ctx: AppContext, endpoint: typeof webhookEndpoints.$inferSelect) => ({
  url: endpoint.url,
  secret: decryptSecret(ctx.config.appSecret, SECRET_PURPOSE, endpoint.secretEncrypted),
  createdAt: endpoint.createdAt.toISOString(),
});

export async function webhookEndpointView(ctx: AppContext, userId: string) {
  const endpoint = await endpointOf(ctx.db, userId);
  return endpoint && viewOf(ctx, endpoint);
}

/** Saves the seller's endpoint (a public HTTPS host, checked now and at every delivery) with a new signing secret. */
export async function saveWebhookEndpoint(ctx: AppContext, userId: string, url: string) {
  const refusal = await ctx.providers.webhooks.refusal(url);
  if (refusal) throw badRequest(refusal);
  const secretEncrypted = encryptSecret(ctx.config.appSecret, SECRET_PURPOSE, newWebhookSecret());
  const [endpoint = missing("the inserted webhookEndpoints row")] = await ctx.db
    .insert(webhookEndpoints)
    .values({ userId, url, secretEncrypted })
    .onConflictDoUpdate({
      target: webhookEndpoints.userId,
      set: { url, secretEncrypted, createdAt: new Date(ctx.clock()) },
    })
    .returning();
  return viewOf(ctx, endpoint);
}

export async function deleteWebhookEndpoint(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.userId, userId));
}

/** What an event says besides the order: why an order failed (`order.failed`). */
export interface WebhookEventDetails {
  reason?: string;
}

/** What a delivery posts: the event with its delivery id, its time, and the order. */
export const webhookEventBody = (
  id: string,
  event: EventType,
  at: number,
  order: ApiOrder,
  details: WebhookEventDetails = {},
) => JSON.stringify({ id, type: event, createdAt: new Date(at).toISOString(), data: { order, ...details } });

/**
 * Queues an event for the seller's endpoint, if they have one, in the caller's transaction (the delivery commits
 * with the change it reports). An order's event is queued once per endpoint, however often a hook reruns.
 */
export async function enqueueWebhookEvent(
  ctx: AppContext,
  db: DbOrTx,
  userId: string,
  event: EventType,
  order: ApiOrder,
  details: WebhookEventDetails = {},
): Promise<string | null> {
  const endpoint = await endpointOf(db, userId);
  if (!endpoint) return null;
  const id = randomUUID();
  const body = webhookEventBody(id, event, ctx.clock(), order, details);
  const inserted = await db
    .insert(webhookDeliveries)
    .values({ id, userId, endpointId: endpoint.id, event, orderId: event === "test" ? null : order.id, body })
    .onConflictDoNothing()
    .returning({ id: webhookDeliveries.id });
  if (inserted.length === 0) return null;
  await ctx.jobs.send(WEBHOOK_DELIVER_JOB, { deliveryId: id }, { tx: db });
  return id;
}

/** The headers of one attempt: the delivery id (receivers deduplicate by it), the time, and the signature. */
function deliveryHeaders(secret: string, id: string, timestamp: number, body: string) {
  return {
    [WEBHOOK_HEADERS.id]: id,
    [WEBHOOK_HEADERS.timestamp]: String(timestamp),
    [WEBHOOK_HEADERS.signature]: signWebhook(secret, id, timestamp, body),
  };
}

/**
 * One attempt of one delivery (the job's handler): signs it with the time of this attempt and posts it. A 2xx
 * delivers it; anything else is logged on the delivery and thrown, so pg-boss retries with backoff until the
 * retries are spent, which marks it failed. A URL that may no longer be reached fails at once.
 */
export async function deliverWebhook(ctx: AppContext, deliveryId: string): Promise<void> {
  const [row] = await ctx.db
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (row?.delivery.status !== "pending") return;
  const { delivery, endpoint } = row;
  const secret = decryptSecret(ctx.config.appSecret, SECRET_PURPOSE, endpoint.secretEncrypted);
  const timestamp = Math.floor(ctx.clock() / 1000);
  const attempts = delivery.attempts + 1;
  const lastTry = attempts > WEBHOOK_RETRY_LIMIT;
  const record = (patch: Partial<typeof webhookDeliveries.$inferInsert>) =>
    ctx.db
      .update(webhookDeliveries)
      .set({ attempts, ...patch })
      .where(eq(webhookDeliveries.id, deliveryId));
  let status: number;
  try {
    ({ status } = await ctx.providers.webhooks.post(
      endpoint.url,
      deliveryHeaders(secret, delivery.id, timestamp, delivery.body),
      delivery.body,
    ));
  } catch (err) {
    const refused = err instanceof WebhookRefusedError;
    const message = err instanceof Error ? err.message : String(err);
    await record({ lastError: message.slice(0, 500), status: refused || lastTry ? "failed" : "pending" });
    if (refused || lastTry) return;
    throw err;
  }
  if (status >= 200 && status < 300) {
    await record({
      status: "delivered",
      lastStatusCode: status,
      lastError: null,
      deliveredAt: new Date(ctx.clock()),
    });
    return;
  }
  await record({
    status: lastTry ? "failed" : "pending",
    lastStatusCode: status,
    lastError: `HTTP ${status}`,
  });
  if (!lastTry) throw new Error(`Webhook endpoint answered ${status}`);
}

export function defineWebhookJob(ctx: AppContext): void {
  ctx.jobs.define<{ deliveryId: string }>({
    name: WEBHOOK_DELIVER_JOB,
    retryLimit: WEBHOOK_RETRY_LIMIT,
    retryDelaySeconds: 10,
    handler: ({ deliveryId }) => deliverWebhook(ctx, deliveryId),
  });
}

/** The delivery log of the API Integration page, newest first. */
export async function recentDeliveries(ctx: AppContext, userId: string): Promise<WebhookDelivery[]> {
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.userId, userId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(DELIVERIES_SHOWN);
  return rows.map((r) => ({
    id: r.id,
    event: r.event,
    status: r.status as WebhookDelivery["status"],
    attempts: r.attempts,
    lastStatusCode: r.lastStatusCode,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
  }));
}

/** "Send test event": a sample order in a `test` event, through the same queue, signature and log. */
export async function sendTestEvent(ctx: AppContext, userId: string): Promise<void> {
  const at = new Date(ctx.clock()).toISOString();
  const sample: ApiOrder = {
    id: "00000000-0000-4000-8000-000000000000",
    claimUrl: `${ctx.config.publicUrl}/claim/test`,
    authKey: "test",
    items: [{ codeName: "example", displayName: "Example item", quantity: 1 }],
    game: "mm2",
    createdAt: at,
    status: "unclaimed",
    claimedAt: null,
    robloxUsername: null,
  };
  await ctx.db.transaction(async (tx) => {
    if (!(await enqueueWebhookEvent(ctx, tx, userId, "test", sample)))
      throw notFound("Save a webhook URL first");
  });
}
