import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Game } from "../../src/contract/games.js";
import type { OrderStatus } from "../../src/contract/orders.js";
import { missing } from "../../src/server/db/rows.js";
import { bots, orderItems, orders } from "../../src/server/db/schema/index.js";
import { addPoolBot, createItem, uniqueName } from "./bot-fixtures.js";
import { type DRIVERS, useTestApp } from "./harness.js";
import { ensureRobloxUser, signIn, uniqueIp } from "./helpers.js";

export const NOT_FOUND = { error: "Order Not Found" };
export const CLAIM_HOST = "claim.autodrop.test";

/** The app the claim tests run on (with a claim host), and what they build and call on it. */
export function useClaimTestApp(driver: (typeof DRIVERS)[number]) {
  const t = useTestApp(driver, { config: { claimHost: CLAIM_HOST } });

  /** Every call from its own address, so the per-IP limits never interfere (one test measures them on purpose). */
  const call = (method: "GET" | "POST", url: string, payload?: object, remoteAddress = uniqueIp()) =>
    t.app.inject({ method, url, payload, remoteAddress });
  const byEmail = (id: string, email: string) => `/api/orders/claim/${id}/${encodeURIComponent(email)}`;

  /** A seller with a bot for mm2, one unclaimed Shopify order of 2 × an mm2 item, and a buyer's Roblox account. */
  async function scenario(
    opts: {
      tier?: "free" | "basic" | "pro";
      status?: OrderStatus;
      game?: Game;
      shopDomain?: string;
      shopifyOrderId?: string;
    } = {},
  ) {
    const game = opts.game ?? "mm2";
    const seller = await signIn(t.app, uniqueName("Seller"), { tier: opts.tier ?? "basic" });
    const item = await createItem(t.app, game);
    const bot = await addPoolBot(t.app, game);
    await t.app.ctx.db.update(bots).set({ assignedUserId: seller.userId }).where(eq(bots.id, bot.id));
    const buyer = uniqueName("Buyer");
    const buyerId = await ensureRobloxUser(t.app, buyer);
    const email = `${buyer.toLowerCase()}@example.com`;
    const authKey = randomBytes(24).toString("base64url");
    const [order = missing("order")] = await t.app.ctx.db
      .insert(orders)
      .values({
        userId: seller.userId,
        source: "shopify",
        status: opts.status ?? "unclaimed",
        game,
        shopDomain: opts.shopDomain ?? "shop.myshopify.com",
        shopifyOrderId: opts.shopifyOrderId ?? "5987654321098765432",
        shopifyOrderNumber: "1001",
        customerEmail: email,
        totalAmount: "12.50",
        authKey,
      })
      .returning();
    await t.app.ctx.db.insert(orderItems).values({ orderId: order.id, itemId: item.id, quantity: 2 });
    return { seller, item, bot, buyer, buyerId, email, authKey, order };
  }

  const orderRow = async (id: string) =>
    (await t.app.ctx.db.select().from(orders).where(eq(orders.id, id)))[0];

  return { t, call, byEmail, scenario, orderRow };
}
