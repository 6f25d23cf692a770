import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../../../db/client.js";
import { sandboxShopifyOrders } from "../../../db/schema/index.js";
import { parseJsonExact } from "../../wire/big-json.js";
import { centsToDecimal, toCents } from "../../wire/decimal.js";
import { type StoredOrder, sandboxOrderActions } from "./order-state.js";
import * as pages from "./pages.js";
import { BASE, isForm, type ShopifySandbox, type ShopParams } from "./shared.js";
import { BigId, jsonWithBigIds, money, newShopifyIds } from "./store.js";
import { deliveredCount } from "./webhooks.js";

/**
 * What happens to an order after checkout, as Shopify's admin does it: Mark as paid, Cancel, Refund (whole or
 * per line). Each changes the stored order (financial_status, cancelled_at, refunds, updated_at) and sends the
 * webhooks Shopify sends, in Shopify's REST shapes: orders/paid, orders/cancelled, refunds/create, each followed
 * by orders/updated.
 */

class SandboxLifecycleError extends Error {}

/** Ids Shopify writes as bare integers (too big for a double) are strings once parsed; they go back as numbers. */
function withBigIds(value: unknown, key = ""): unknown {
  if (typeof value === "string" && /^\d{16,}$/.test(value) && (key === "id" || key.endsWith("_id")))
    return new BigId(value);
  if (Array.isArray(value)) return value.map((v) => withBigIds(v));
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBigIds(v, k)]));
  return value;
}

const serialise = (value: unknown) => jsonWithBigIds(withBigIds(value));

/** A refund of `lines` (line item id -> units), in the REST shape of refunds/create. */
function refundBody(order: StoredOrder, refundId: string, lines: Map<string, number>, now: string) {
  const items = order.line_items.filter((l) => lines.has(String(l.id)));
  const refundLineItems = items.map((l, i) => {
    const quantity = lines.get(String(l.id))!;
    const subtotal = centsToDecimal(toCents(l.price) * BigInt(quantity));
    return {
      id: String(BigInt(refundId) + BigInt(i + 1)),
      line_item_id: String(l.id),
      location_id: null,
      quantity,
      restock_type: "cancel",
      subtotal: Number(subtotal),
      subtotal_set: money(subtotal),
      total_tax: 0,
      total_tax_set: money("0.00"),
      line_item: l,
    };
  });
  const amount = centsToDecimal(
    items.reduce((sum, l) => sum + toCents(l.price) * BigInt(lines.get(String(l.id))!), 0n),
  );
  return {
    id: refundId,
    admin_graphql_api_id: `gid://shopify/Refund/${refundId}`,
    order_id: order.id,
    created_at: now,
    processed_at: now,
    note: null,
    restock: true,
    user_id: null,
    duties: [],
    total_duties_set: money("0.00"),
    order_adjustments: [],
    refund_line_items: refundLineItems,
    transactions: [
      {
        id: String(BigInt(refundId) + 1000n),
        admin_graphql_api_id: `gid://shopify/OrderTransaction/${BigInt(refundId) + 1000n}`,
        order_id: order.id,
        kind: "refund",
        gateway: "bogus",
        status: "success",
        amount,
        currency: "USD",
        created_at: now,
        processed_at: now,
        test: true,
        authorization: randomBytes(4).toString("hex"),
        parent_id: null,
      },
    ],
  };
}

type Action =
  | { kind: "paid" }
  | { kind: "cancel" }
  | { kind: "refund"; lines?: { lineItemId: string; quantity: number }[] };

/**
 * Applies an admin action to the stored order (locked, so two at once apply in turn) and answers the webhooks
 * to send, in Shopify's order: the action's own topic(s), then orders/updated.
 */
async function applyAction(
  db: Db,
  shop: string,
  id: string,
  action: Action,
): Promise<{ order: StoredOrder; send: { topic: string; body: string; eventKey: string }[] } | null> {
  const refundId = action.kind === "paid" ? null : (await newShopifyIds(db, 1))[0];
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(sandboxShopifyOrders)
      .where(and(eq(sandboxShopifyOrders.shop, shop), eq(sandboxShopifyOrders.id, id)))
      .for("update");
    if (!row) return null;
    const order = parseJsonExact(row.payload) as StoredOrder;
    const now = new Date().toISOString();
    const paid = order.financial_status === "paid" || order.financial_status === "partially_refunded";
    const send: { topic: string; body: string; eventKey: string }[] = [];
    const remaining = new Map(
      sandboxOrderActions(row.payload).refundable.map((l) => [l.id, l.quantity] as const),
    );

    const refund = (lines: Map<string, number>) => {
      const body = refundBody(order, refundId!, lines, now);
      order.refunds.push(body);
      for (const [lineId, n] of lines) remaining.set(lineId, (remaining.get(lineId) ?? 0) - n);
      order.financial_status = [...remaining.values()].every((n) => n <= 0)
        ? "refunded"
        : "partially_refunded";
      send.push({ topic: "refunds/create", body: serialise(body), eventKey: `refund:${refundId}` });
    };

    if (action.kind === "paid") {
      if (order.financial_status !== "pending" || order.cancelled_at)
        throw new SandboxLifecycleError("Only an open order awaiting payment can be marked as paid");
      order.financial_status = "paid";
      order.updated_at = now;
      send.push({ topic: "orders/paid", body: "", eventKey: `paid:${id}` });
    } else if (action.kind === "cancel") {
      if (order.cancelled_at) throw new SandboxLifecycleError("This order is already cancelled");
      order.cancelled_at = now;
      order.cancel_reason = "customer";
      order.updated_at = now;
      if (paid && remaining.size > 0) refund(new Map(remaining));
      else if (!paid) order.financial_status = "voided";
      send.unshift({ topic: "orders/cancelled", body: "", eventKey: `cancelled:${id}` });
    } else {
      if (!paid) throw new SandboxLifecycleError("Only a paid order can be refunded");
      const lines = new Map<string, number>();
      for (const l of action.lines ??
        [...remaining].map(([lineItemId, quantity]) => ({ lineItemId, quantity }))) {
        if (l.quantity <= 0) continue;
        if (l.quantity > (remaining.get(l.lineItemId) ?? 0))
          throw new SandboxLifecycleError(
            `Line ${l.lineItemId} has only ${remaining.get(l.lineItemId) ?? 0} unit(s) left to refund`,
          );
        lines.set(l.lineItemId, (lines.get(l.lineItemId) ?? 0) + l.quantity);
      }
      if (lines.size === 0) throw new SandboxLifecycleError("Choose at least one unit to refund");
      order.updated_at = now;
      refund(lines);
    }
    const payload = serialise(order);
    await tx.update(sandboxShopifyOrders).set({ payload }).where(eq(sandboxShopifyOrders.id, id));
    // The order topics carry the whole order as it now is.
    for (const s of send) if (s.body === "") s.body = payload;
    send.push({ topic: "orders/updated", body: payload, eventKey: `updated:${id}:${now}` });
    return { order, send };
  });
}

const refundRequestSchema = z.object({
  lineItems: z
    .array(
      z.object({
        lineItemId: z.union([z.string().regex(/^\d+$/), z.number().int()]).transform(String),
        quantity: z.number().int().min(1),
      }),
    )
    .optional(),
});

/** The control calls (JSON for tests, forms for the admin order page): mark paid, cancel, refund. */
export function registerOrderLifecycle(
  scope: FastifyInstance,
  { ctx, shopOf, deliverTopic }: ShopifySandbox,
): void {
  const act = async (
    request: FastifyRequest<{ Params: ShopParams & { id: string } }>,
    reply: FastifyReply,
    action: Action,
    done: string,
  ) => {
    const shop = await shopOf(request);
    const back = (query: string) =>
      reply.redirect(pages.sandboxShopPath(shop.domain, `/admin/orders/${request.params.id}?${query}`), 303);
    let result: Awaited<ReturnType<typeof applyAction>>;
    try {
      result = await applyAction(ctx.db, shop.domain, request.params.id, action);
    } catch (err) {
      if (!(err instanceof SandboxLifecycleError)) throw err;
      if (isForm(request)) return back(new URLSearchParams({ error: err.message }).toString());
      return reply.status(409).send({ error: err.message });
    }
    if (!result) return reply.status(404).send({ error: "Order not found" });
    const deliveries = [];
    for (const s of result.send)
      deliveries.push(...(await deliverTopic(shop.domain, s.topic, s.body, request.params.id, s.eventKey)));
    if (isForm(request)) return back(new URLSearchParams({ done }).toString());
    return reply.send({
      order: {
        id: request.params.id,
        financialStatus: result.order.financial_status,
        cancelledAt: result.order.cancelled_at,
      },
      delivered: deliveredCount(deliveries),
      deliveries,
    });
  };

  type OrderRoute = { Params: ShopParams & { id: string }; Body: unknown };
  scope.post<OrderRoute>(`${BASE}/:shop/orders/:id/mark-paid`, (request, reply) =>
    act(request, reply, { kind: "paid" }, "Marked as paid."),
  );
  scope.post<OrderRoute>(`${BASE}/:shop/orders/:id/cancel`, (request, reply) =>
    act(request, reply, { kind: "cancel" }, "Order cancelled."),
  );
  scope.post<OrderRoute>(`${BASE}/:shop/orders/:id/refunds`, (request, reply) => {
    // The admin page's form names each line's units refund_<line item id> (or asks for all); JSON lists lineItems.
    const form = (request.body ?? {}) as Record<string, string>;
    const body = isForm(request)
      ? form.all
        ? {}
        : {
            lineItems: Object.entries(form)
              .filter(([k]) => k.startsWith("refund_"))
              .map(([k, v]) => ({ lineItemId: k.slice(7), quantity: Number.parseInt(v, 10) || 0 }))
              .filter((l) => l.quantity > 0),
          }
      : (request.body ?? {});
    const parsed = refundRequestSchema.safeParse(body);
    if (!parsed.success)
      return reply
        .status(400)
        .send({ error: parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ") });
    return act(request, reply, { kind: "refund", lines: parsed.data.lineItems }, "Refund issued.");
  });
}
