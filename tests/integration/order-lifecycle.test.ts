import { and, eq, inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { CLAIM_TEXTS } from "../../src/contract/claims.js";
import { ORDER_TEXTS } from "../../src/contract/orders.js";
import { SHOPIFY_WEBHOOK_PATHS } from "../../src/contract/shopify.js";
import { at, missing } from "../../src/server/db/rows.js";
import {
  bots,
  inventoryLedger,
  notificationReceipts,
  orders,
  shopifyOrderReceipts,
} from "../../src/server/db/schema/index.js";
import { notifyOrdersCreated } from "../../src/server/modules/notifications/service.js";
import {
  completeOrder,
  releaseUnpaidOrders,
  retryFailedOrders,
} from "../../src/server/modules/orders/index.js";
import { addPoolBot, balanceOf, grant, newBotKey, uniqueName } from "./bot-fixtures.js";
import { DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, uniqueIp } from "./helpers.js";
import { linkListing, sellerWithStore, signedWebhook, stockedItem } from "./shopify-fixtures.js";

let nextOrderId = 9_100_000_000_000_000n + BigInt(process.pid) * 100_000n;

/** A REST order body as Shopify sends it for orders/create, orders/paid, orders/updated and orders/cancelled. */
function orderJson(o: {
  id: string;
  financialStatus: string;
  updatedAt: string;
  cancelledAt?: string | null;
  lines: { variantId: string; quantity: number; price: string }[];
}): string {
  const lines = o.lines
    .map(
      (l, i) =>
        `{"id":${BigInt(o.id) + BigInt(i + 1)},"variant_id":${l.variantId},"product_id":1,"quantity":${l.quantity},"price":"${l.price}","title":"x"}`,
    )
    .join(",");
  return `{"id":${o.id},"name":"#${o.id.slice(-4)}","order_number":${Number(o.id.slice(-4))},"email":"buyer@example.com","financial_status":"${o.financialStatus}","cancelled_at":${o.cancelledAt ? `"${o.cancelledAt}"` : "null"},"updated_at":"${o.updatedAt}","line_items":[${lines}]}`;
}

/** A refunds/create body: which line items (by variant) were refunded, how many units. */
function refundJson(
  orderId: string,
  refundId: string,
  lines: { variantId: string; quantity: number }[],
): string {
  const items = lines
    .map(
      (l, i) =>
        `{"id":${BigInt(refundId) + BigInt(i + 1)},"quantity":${l.quantity},"restock_type":"cancel","line_item_id":1,"line_item":{"id":1,"variant_id":${l.variantId},"quantity":${l.quantity}}}`,
    )
    .join(",");
  return `{"id":${refundId},"order_id":${orderId},"created_at":"2026-11-26T10:00:00Z","refund_line_items":[${items}],"transactions":[]}`;
}

describe.each(DRIVERS)("order lifecycle after intake on %s", (driver) => {
  const t = useTestApp(driver, { startJobs: true });
  const db = () => t.app.ctx.db;

  /** A seller with two mm2 listings (1 × item A, 1 × item B per unit), each item stocked 10. */
  async function seller() {
    const s = await sellerWithStore(t.app);
    const a = await stockedItem(t.app, s.user.userId, "mm2", 10);
    const b = await stockedItem(t.app, s.user.userId, "mm2", 10);
    await linkListing(t.app, s.user, at(s.variants, 0), [{ itemId: a.id, quantity: 1 }], 20);
    await linkListing(t.app, s.user, at(s.variants, 1), [{ itemId: b.id, quantity: 1 }], 20);
    return { ...s, a, b };
  }

  type Seller = Awaited<ReturnType<typeof seller>>;

  function signedWebhookWithEvent(
    shop: string,
    topic: keyof typeof SHOPIFY_WEBHOOK_PATHS,
    body: string,
    eventId?: string | null,
  ) {
    return signedWebhook(t.app, SHOPIFY_WEBHOOK_PATHS[topic], shop, topic, body, undefined, eventId);
  }

  async function send(s: Seller, topic: keyof typeof SHOPIFY_WEBHOOK_PATHS, body: string) {
    const sent = await signedWebhookWithEvent(s.shop, topic, body);
    expect(sent.statusCode, sent.body).toBe(200);
    return sent.json().result;
  }

  const purchaseOf = async (shop: string, shopifyOrderId: string) =>
    db()
      .select()
      .from(orders)
      .where(and(eq(orders.shopDomain, shop), eq(orders.shopifyOrderId, shopifyOrderId)));

  function newOrder(s: Seller, financialStatus: string, lines: { variant: 0 | 1; quantity: number }[]) {
    nextOrderId += 100n;
    const id = String(nextOrderId);
    const body = (over: { financialStatus?: string; updatedAt: string; cancelledAt?: string }) =>
      orderJson({
        id,
        financialStatus: over.financialStatus ?? financialStatus,
        updatedAt: over.updatedAt,
        cancelledAt: over.cancelledAt,
        lines: lines.map((l) => ({
          variantId: s.variants[l.variant].variantId,
          quantity: l.quantity,
          price: s.variants[l.variant].price,
        })),
      });
    return { id, body };
  }

  /** Saves the seller's Discord settings with a webhook of their own (all messages on, or the master switch off). */
  async function discordSettings(s: Seller, enabled: boolean): Promise<string> {
    nextOrderId += 100n;
    const webhookId = String(100_000_000_000_000_000n + (nextOrderId % 1_000_000_000n));
    const saved = await t.app.inject({
      method: "POST",
      url: "/api/settings/discord-webhook",
      headers: s.user.headers,
      payload: {
        webhookUrl: `https://discord.com/api/webhooks/${webhookId}/tok_${"x".repeat(30)}`,
        enabled,
        orderCreatedEnabled: true,
        orderDeliveredEnabled: true,
        pingEveryone: false,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return webhookId;
  }

  /** The embed titles the sandbox Discord received on this webhook. */
  const discordTitles = async (webhookId: string): Promise<string[]> =>
    (await t.app.inject({ method: "GET", url: `/__sandbox/discord/messages?webhookId=${webhookId}` }))
      .json()
      .messages.map((m: { embeds?: { title?: string }[] }) => m.embeds?.[0]?.title ?? "");

  /** Waits until none of the seller's "orders.cancelled" and "discord.send" jobs is left to run. */
  async function jobsSettled(userId: string): Promise<void> {
    const open = async () =>
      at(
        (
          await t.app.ctx.database.raw.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('orders.cancelled', 'discord.send') AND state IN ('created', 'retry', 'active') AND data::text LIKE $1",
            [`%${userId}%`],
          )
        ).rows,
        0,
      ).n;
    await expect.poll(open, { timeout: 20_000 }).toBe(0);
  }

  const claimAttempt = (authKey: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/orders/claim/lock-username",
      payload: { authKey, robloxUsername: "SomeBuyer" },
    });

  it("keeps a pending order reserved but unclaimable, and makes it claimable with one notification once paid", async () => {
    const s = await seller();
    await discordSettings(s, true);
    const o = newOrder(s, "pending", [{ variant: 0, quantity: 2 }]);
    await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    const [order = missing("order")] = await purchaseOf(s.shop, o.id);
    expect(order.status).toBe("awaiting_payment");
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 8, reserved: 2 });

    const view = await t.app.inject({ method: "GET", url: `/api/orders/claim-api/${order.authKey}` });
    expect(view.json().status).toBe("awaiting_payment");
    const refused = await claimAttempt(order.authKey!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(CLAIM_TEXTS.awaitingPayment);

    // The intake's follow-up announces nothing for an unpaid order.
    const receipts = () =>
      db()
        .select()
        .from(notificationReceipts)
        .where(like(notificationReceipts.key, `order_created:${order.id}`));
    await notifyOrdersCreated(t.app.ctx, [{ userId: s.user.userId, orderIds: [order.id], listingIds: [] }]);
    expect(await receipts()).toHaveLength(0);

    expect(
      await send(s, "orders/paid", o.body({ financialStatus: "paid", updatedAt: "2026-11-26T10:05:00Z" })),
    ).toEqual({
      status: "applied",
    });
    const [paid = missing("paid")] = await purchaseOf(s.shop, o.id);
    expect(paid.status).toBe("unclaimed");
    expect(paid.paymentPending).toBe(false);
    // The same payment told again (orders/updated) changes nothing and announces nothing more.
    await send(s, "orders/updated", o.body({ financialStatus: "paid", updatedAt: "2026-11-26T10:05:00Z" }));
    await expect.poll(async () => (await receipts()).length, { timeout: 15_000 }).toBe(1);
    await notifyOrdersCreated(t.app.ctx, [{ userId: s.user.userId, orderIds: [order.id], listingIds: [] }]);
    expect(await receipts()).toHaveLength(1);
  });

  it("cancels an unclaimed order: items back, listing stock back, the claim refused", async () => {
    const s = await seller();
    const o = newOrder(s, "paid", [{ variant: 0, quantity: 3 }]);
    await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 7, reserved: 3 });
    await send(
      s,
      "orders/cancelled",
      o.body({
        financialStatus: "paid",
        updatedAt: "2026-11-26T11:00:00Z",
        cancelledAt: "2026-11-26T11:00:00Z",
      }),
    );
    const [order = missing("order")] = await purchaseOf(s.shop, o.id);
    expect(order.status).toBe("cancelled");
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 10, reserved: 0 });
    const refused = await claimAttempt(order.authKey!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(CLAIM_TEXTS.cancelled);
    // An older update arriving late does not bring the order back.
    expect(
      await send(s, "orders/updated", o.body({ financialStatus: "paid", updatedAt: "2026-11-26T10:30:00Z" })),
    ).toEqual({
      status: "stale",
    });
    expect(at(await purchaseOf(s.shop, o.id), 0).status).toBe("cancelled");
  });

  it("releases only the refunded line of two", async () => {
    const s = await seller();
    const o = newOrder(s, "paid", [
      { variant: 0, quantity: 2 },
      { variant: 1, quantity: 1 },
    ]);
    await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    nextOrderId += 100n;
    await send(
      s,
      "refunds/create",
      refundJson(o.id, String(nextOrderId), [{ variantId: at(s.variants, 0).variantId, quantity: 2 }]),
    );
    const [order = missing("order")] = await purchaseOf(s.shop, o.id);
    expect(order.status).toBe("unclaimed");
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 10, reserved: 0 });
    expect(await balanceOf(t.app, s.user.userId, s.b.id)).toEqual({ available: 9, reserved: 1 });
    const list = (await t.app.inject({ method: "GET", url: "/api/orders", headers: s.user.headers })).json();
    expect(list.find((x: { id: string }) => x.id === order.id).items).toBe(`${s.b.codeName}_1`);
  });

  it("flags a refund after delivery and leaves the ledger's delivered rows alone", async () => {
    const s = await seller();
    const o = newOrder(s, "paid", [{ variant: 0, quantity: 1 }]);
    await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    const [order = missing("order")] = await purchaseOf(s.shop, o.id);
    await db().update(orders).set({ status: "pending" }).where(eq(orders.id, order.id));
    await completeOrder(t.app.ctx, order.id);
    const ledgerBefore = await db()
      .select()
      .from(inventoryLedger)
      .where(eq(inventoryLedger.orderId, order.id));
    nextOrderId += 100n;
    await send(
      s,
      "refunds/create",
      refundJson(o.id, String(nextOrderId), [{ variantId: at(s.variants, 0).variantId, quantity: 1 }]),
    );
    const [after = missing("after")] = await purchaseOf(s.shop, o.id);
    expect(after.status).toBe("completed");
    expect(after.refundedAfterDeliveryAt).not.toBeNull();
    expect(await db().select().from(inventoryLedger).where(eq(inventoryLedger.orderId, order.id))).toEqual(
      ledgerBefore,
    );
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 9, reserved: 0 });
    const list = (await t.app.inject({ method: "GET", url: "/api/orders", headers: s.user.headers })).json();
    expect(list.find((x: { id: string }) => x.id === order.id).refundedAfterDeliveryAt).toEqual(
      expect.any(String),
    );
  });

  it("tells the seller on Discord once that a delivered order was refunded, however often the refund arrives", async () => {
    const deliveredThenRefunded = async (s: Seller) => {
      const o = newOrder(s, "paid", [{ variant: 0, quantity: 1 }]);
      await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
      const [order = missing("order")] = await purchaseOf(s.shop, o.id);
      await db().update(orders).set({ status: "pending" }).where(eq(orders.id, order.id));
      await completeOrder(t.app.ctx, order.id);
      nextOrderId += 100n;
      const refund = refundJson(o.id, String(nextOrderId), [
        { variantId: at(s.variants, 0).variantId, quantity: 1 },
      ]);
      await send(s, "refunds/create", refund);
      await send(s, "refunds/create", refund);
      const [after = missing("after")] = await purchaseOf(s.shop, o.id);
      expect(after.refundedAfterDeliveryAt).not.toBeNull();
      return order;
    };
    const refundedTitles = async (webhookId: string) =>
      (await discordTitles(webhookId)).filter((title) => title.includes("delivered then refunded"));

    const s = await seller();
    const webhookId = await discordSettings(s, true);
    const order = await deliveredThenRefunded(s);
    await expect.poll(() => refundedTitles(webhookId), { timeout: 20_000 }).toHaveLength(1);
    await jobsSettled(s.user.userId);
    expect(await refundedTitles(webhookId)).toEqual([
      `↩️ Order #${order.shopifyOrderNumber} delivered then refunded`,
    ]);

    const quiet = await seller();
    const quietWebhookId = await discordSettings(quiet, false);
    await deliveredThenRefunded(quiet);
    await jobsSettled(quiet.user.userId);
    expect(await discordTitles(quietWebhookId)).toEqual([]);
  });

  it("ends paid and claimable when orders/paid arrives before orders/create", async () => {
    const s = await seller();
    const o = newOrder(s, "pending", [{ variant: 0, quantity: 1 }]);
    expect(
      await send(s, "orders/paid", o.body({ financialStatus: "paid", updatedAt: "2026-11-26T10:05:00Z" })),
    ).toEqual({
      status: "no_orders",
    });
    await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    const [order = missing("order")] = await purchaseOf(s.shop, o.id);
    expect(order.status).toBe("unclaimed");
  });

  it("releases once for ten duplicate cancels delivered at once", async () => {
    const s = await seller();
    const o = newOrder(s, "paid", [{ variant: 0, quantity: 4 }]);
    await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    const body = o.body({ updatedAt: "2026-11-26T11:00:00Z", cancelledAt: "2026-11-26T11:00:00Z" });
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        signedWebhookWithEvent(s.shop, "orders/cancelled", body, i < 5 ? "evt-1" : `evt-${i}`),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const [order = missing("order")] = await purchaseOf(s.shop, o.id);
    const releases = await db()
      .select()
      .from(inventoryLedger)
      .where(and(eq(inventoryLedger.orderId, order.id), eq(inventoryLedger.kind, "release")));
    expect(releases).toHaveLength(1);
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 10, reserved: 0 });
  });

  it("applies a newer event when Shopify sent no event id, for this event or the one before", async () => {
    const s = await seller();
    const o = newOrder(s, "paid", [{ variant: 0, quantity: 2 }]);
    await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    const sendWithoutId = async (topic: "orders/updated" | "orders/cancelled", body: string) => {
      const sent = await signedWebhookWithEvent(s.shop, topic, body, null);
      expect(sent.statusCode, sent.body).toBe(200);
      return sent.json().result;
    };
    expect(await sendWithoutId("orders/updated", o.body({ updatedAt: "2026-11-26T10:30:00Z" }))).toEqual({
      status: "applied",
    });
    expect(
      await sendWithoutId(
        "orders/cancelled",
        o.body({ updatedAt: "2026-11-26T11:00:00Z", cancelledAt: "2026-11-26T11:00:00Z" }),
      ),
    ).toEqual({ status: "applied" });
    expect(at(await purchaseOf(s.shop, o.id), 0).status).toBe("cancelled");
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 10, reserved: 0 });
    // Without ids, an older event is still told apart by its time.
    expect(await sendWithoutId("orders/updated", o.body({ updatedAt: "2026-11-26T10:45:00Z" }))).toEqual({
      status: "stale",
    });
  });

  it("stops a claimed delivery when the order is cancelled: no work for the bot, its completion refused", async () => {
    const s = await seller();
    const bot = await addPoolBot(t.app, "mm2");
    await db().update(bots).set({ assignedUserId: s.user.userId }).where(eq(bots.id, bot.id));
    const { headers: botKey } = await newBotKey(t.app);
    const work = async () =>
      (
        await t.app.inject({
          method: "GET",
          url: `/api/bot/work?botUsername=${bot.botUsername}`,
          headers: botKey,
        })
      ).json() as Promise<{ orders: { id: string }[]; friendRequests: { orderId: string }[] }>;
    const pendingList = async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/admin/orders/pending?game=mm2", headers: botKey })
      ).json() as Promise<{ id: string }[]>;

    const o = newOrder(s, "paid", [{ variant: 0, quantity: 1 }]);
    await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    const [order = missing("order")] = await purchaseOf(s.shop, o.id);
    const buyer = uniqueName("Cb");
    await ensureRobloxUser(t.app, buyer);
    const claim = { orderId: order.id, email: "buyer@example.com" };
    const claimed = await t.app.inject({
      method: "POST",
      url: "/api/orders/claim",
      payload: { ...claim, robloxUsername: buyer },
      remoteAddress: uniqueIp(),
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const turnedOn = await t.app.inject({
      method: "POST",
      url: "/api/bots/turn-on",
      payload: { ...claim, game: "mm2" },
      remoteAddress: uniqueIp(),
    });
    expect(turnedOn.statusCode, turnedOn.body).toBe(200);
    expect((await work()).orders.map((w) => w.id)).toEqual([order.id]);
    expect((await work()).friendRequests.map((f) => f.orderId)).toEqual([order.id]);
    expect((await pendingList()).map((p) => p.id)).toContain(order.id);

    await send(
      s,
      "orders/cancelled",
      o.body({ updatedAt: "2026-11-26T11:00:00Z", cancelledAt: "2026-11-26T11:00:00Z" }),
    );
    expect(await work()).toMatchObject({ orders: [], friendRequests: [] });
    expect((await pendingList()).map((p) => p.id)).not.toContain(order.id);
    const completed = await t.app.inject({
      method: "POST",
      url: `/api/admin/orders/${order.id}/complete`,
      headers: botKey,
      payload: { status: "completed" },
    });
    expect(completed.statusCode).toBe(409);
    expect(completed.json()).toEqual({ error: ORDER_TEXTS.cancelledNotDeliverable, code: "conflict" });
    await expect(completeOrder(t.app.ctx, order.id)).rejects.toThrow(ORDER_TEXTS.cancelledNotDeliverable);
    expect(at(await purchaseOf(s.shop, o.id), 0).status).toBe("cancelled");
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 10, reserved: 0 });
  });

  it("retries failed orders oldest first when stock returns, never overselling under concurrent retries", async () => {
    const s = await seller();
    // Use all of item A, then three orders fail for want of it.
    const first = newOrder(s, "paid", [{ variant: 0, quantity: 10 }]);
    await send(s, "orders/create", first.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    const failed: string[] = [];
    for (const quantity of [2, 2, 2]) {
      const o = newOrder(s, "paid", [{ variant: 0, quantity }]);
      await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
      const [row = missing("row")] = await purchaseOf(s.shop, o.id);
      expect(row.status).toBe("failed_no_stock");
      failed.push(row.id);
    }
    // 5 units come back: the two oldest are served, the youngest still waits. Retries race the restock's own job.
    await grant(t.app, s.user.userId, s.a.id, 5);
    await Promise.all([
      retryFailedOrders(t.app.ctx, s.user.userId, [s.a.id]),
      retryFailedOrders(t.app.ctx, s.user.userId, [s.a.id]),
      retryFailedOrders(t.app.ctx, s.user.userId, [s.a.id]),
    ]);
    const statuses = async () =>
      new Map(
        (await db().select().from(orders).where(inArray(orders.id, failed))).map((r) => [r.id, r.status]),
      );
    await expect
      .poll(async () => [...(await statuses())].filter(([, st]) => st === "unclaimed").length, {
        timeout: 15_000,
      })
      .toBe(2);
    const now = await statuses();
    expect(failed.map((id) => now.get(id))).toEqual(["unclaimed", "unclaimed", "failed_no_stock"]);
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 1, reserved: 14 });
  });

  it("lets the seller retry and cancel a failed order, and cancel only what the rules allow", async () => {
    const s = await seller();
    const big = newOrder(s, "paid", [{ variant: 1, quantity: 11 }]);
    await send(s, "orders/create", big.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    const [failed = missing("failed")] = await purchaseOf(s.shop, big.id);
    expect(failed.status).toBe("failed_no_stock");
    const retry = await t.app.inject({
      method: "POST",
      url: `/api/orders/${failed.id}/retry`,
      headers: s.user.headers,
    });
    expect(retry.statusCode).toBe(409);
    expect(retry.json().error).toBe(ORDER_TEXTS.stillNoStock);

    const paid = newOrder(s, "paid", [{ variant: 0, quantity: 1 }]);
    await send(s, "orders/create", paid.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    const [storeOrder = missing("storeOrder")] = await purchaseOf(s.shop, paid.id);
    const refused = await t.app.inject({
      method: "POST",
      url: `/api/orders/${storeOrder.id}/cancel`,
      headers: s.user.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(ORDER_TEXTS.notCancellable);

    const stranger = await sellerWithStore(t.app);
    const hidden = await t.app.inject({
      method: "POST",
      url: `/api/orders/${failed.id}/cancel`,
      headers: stranger.user.headers,
    });
    expect(hidden.statusCode).toBe(404);

    const cancel = await t.app.inject({
      method: "POST",
      url: `/api/orders/${failed.id}/cancel`,
      headers: s.user.headers,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ id: failed.id, status: "cancelled" });
    expect(await balanceOf(t.app, s.user.userId, s.b.id)).toEqual({ available: 10, reserved: 0 });
    const receipt = await db()
      .select()
      .from(shopifyOrderReceipts)
      .where(eq(shopifyOrderReceipts.shopifyOrderId, big.id));
    expect(receipt).toHaveLength(1);
  });

  it("follows the sandbox store's pending checkout, Mark as paid, per-line refund and Cancel with Shopify's webhooks", async () => {
    const s = await seller();
    const place = await t.app.inject({
      method: "POST",
      url: `/__sandbox/shopify/${s.shop}/orders`,
      payload: {
        email: "buyer@example.com",
        financialStatus: "pending",
        lineItems: [
          { variantId: at(s.variants, 0).variantId, quantity: 2 },
          { variantId: at(s.variants, 1).variantId, quantity: 1 },
        ],
      },
    });
    expect(place.statusCode, place.body).toBe(201);
    const shopifyId = place.json().order.id as string;
    expect(at(await purchaseOf(s.shop, shopifyId), 0).status).toBe("awaiting_payment");

    const control = (action: string, payload?: object) =>
      t.app.inject({
        method: "POST",
        url: `/__sandbox/shopify/${s.shop}/orders/${shopifyId}/${action}`,
        payload: payload ?? {},
      });
    const paid = await control("mark-paid");
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().deliveries.map((d: { address: string }) => new URL(d.address).pathname)).toEqual([
      SHOPIFY_WEBHOOK_PATHS["orders/paid"],
      SHOPIFY_WEBHOOK_PATHS["orders/updated"],
    ]);
    expect(at(await purchaseOf(s.shop, shopifyId), 0).status).toBe("unclaimed");
    expect((await control("mark-paid")).statusCode).toBe(409);

    const body = (
      await t.app.inject({ method: "GET", url: `/__sandbox/shopify/${s.shop}/admin/orders/${shopifyId}` })
    ).body;
    const lineId = /name="refund_(\d+)"/.exec(body)![1];
    const refund = await control("refunds", { lineItems: [{ lineItemId: lineId, quantity: 2 }] });
    expect(refund.statusCode, refund.body).toBe(200);
    expect(refund.json().order.financialStatus).toBe("partially_refunded");
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 10, reserved: 0 });
    expect(await balanceOf(t.app, s.user.userId, s.b.id)).toEqual({ available: 9, reserved: 1 });
    expect((await control("refunds", { lineItems: [{ lineItemId: lineId, quantity: 1 }] })).statusCode).toBe(
      409,
    );

    const cancel = await control("cancel");
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().order.financialStatus).toBe("refunded");
    expect(cancel.json().delivered).toBe(3);
    expect(at(await purchaseOf(s.shop, shopifyId), 0).status).toBe("refunded");
    expect(await balanceOf(t.app, s.user.userId, s.b.id)).toEqual({ available: 10, reserved: 0 });
  });

  it("releases the items of an order left unpaid longer than the configured hours, and only those", async () => {
    const s = await seller();
    const o = newOrder(s, "pending", [{ variant: 0, quantity: 2 }]);
    await send(s, "orders/create", o.body({ updatedAt: "2026-11-26T10:00:00Z" }));
    const hours = t.app.ctx.config.unpaidOrderReleaseHours;
    const hoursLater = (h: number) => ({ ...t.app.ctx, clock: () => Date.now() + h * 3_600_000 });
    await releaseUnpaidOrders(hoursLater(hours - 1));
    expect(at(await purchaseOf(s.shop, o.id), 0).status).toBe("awaiting_payment");
    await releaseUnpaidOrders(hoursLater(hours + 1));
    expect(at(await purchaseOf(s.shop, o.id), 0).status).toBe("cancelled");
    expect(await balanceOf(t.app, s.user.userId, s.a.id)).toEqual({ available: 10, reserved: 0 });
  });
});
