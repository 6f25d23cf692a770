import { randomFillSync, randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import type { OrderSource, OrderStatus } from "../../../contract/orders.js";
import { type Tx, txSql } from "../../db/client.js";
import { orders } from "../../db/schema/orders.js";
import { columnsOf } from "../../db/unnest.js";

const AUTH_KEY_BYTES = 24;
// Keys are cut from a pool of random bytes filled 256 keys at a time, as node's randomUUID does: a randomBytes call
// per key was 1.7% of the server's time taking in orders flat out (issue 30).
const authKeyPool = Buffer.alloc(AUTH_KEY_BYTES * 256);
let authKeyOffset = authKeyPool.length;

/** The buyer's secret claim key (192 random bits), for every order source. */
export function newAuthKey(): string {
  if (authKeyOffset === authKeyPool.length) {
    randomFillSync(authKeyPool);
    authKeyOffset = 0;
  }
  const key = authKeyPool.toString("base64url", authKeyOffset, authKeyOffset + AUTH_KEY_BYTES);
  authKeyOffset += AUTH_KEY_BYTES;
  return key;
}

/** An order as its source hands it in: everything but what the lifecycle fills in later (claim, bot, completion). */
export interface OrderDraft {
  /** Given when the caller must know it before the insert (the Shopify intake's receipts name it). */
  id?: string;
  userId: string;
  source: OrderSource;
  status: Extract<OrderStatus, "awaiting_payment" | "unclaimed" | "failed_no_stock">;
  game: string | null;
  parentOrderId?: string | null;
  shopDomain?: string | null;
  shopifyOrderId?: string | null;
  shopifyOrderNumber?: string | null;
  customerEmail?: string | null;
  /** Decimal text; "0" when the source names no price. */
  totalAmount?: string;
  /** The buyer's claim key (`newAuthKey`); null for a sub-order (claimed through its parent) and a withdrawal. */
  authKey?: string | null;
  paymentPending?: boolean;
  robloxUsername?: string | null;
  robloxUserId?: number | null;
  usernameLocked?: boolean;
  /** Defaults to the transaction's time; the API passes the clock's so its cursor finds the order exactly. */
  createdAt?: Date | null;
  items: { itemId: string; listingId?: string | null; quantity: number }[];
}

const ORDER_COLUMNS = [
  ["id", "uuid"],
  ["user_id", "uuid"],
  ["parent_order_id", "uuid"],
  ["source", "text"],
  ["status", "text"],
  ["game", "text"],
  ["shop_domain", "text"],
  ["shopify_order_id", "text"],
  ["shopify_order_number", "text"],
  ["customer_email", "text"],
  ["total_amount", "numeric"],
  ["auth_key", "text"],
  ["payment_pending", "boolean"],
  ["roblox_username", "text"],
  ["roblox_user_id", "bigint"],
  ["username_locked", "boolean"],
  ["created_at", "timestamptz"],
] as const;
const ITEM_COLUMNS = [
  ["order_id", "uuid"],
  ["item_id", "uuid"],
  ["listing_id", "uuid"],
  ["quantity", "int"],
] as const;

/** `unnest($n::type[], ...) AS alias(col, ...)` for the columns, parameters numbered from `from`. */
function unnestOf(columns: readonly (readonly [string, string])[], from: number, alias: string): string {
  const params = columns.map(([, type], i) => `$${from + i}::${type}[]`).join(", ");
  return `unnest(${params}) AS ${alias}(${columns.map(([name]) => name).join(", ")})`;
}

/**
 * The insert of orders and their items as two CTEs (`new_order`, `new_order_item`) with their parameters numbered
 * after `offset`: the one statement every source's orders go through. Its text depends only on `offset`, so a
 * caller that embeds it in a larger statement (the Shopify intake's second round trip) keeps one prepared plan.
 * Drafts without an id get one here; answers the ids in draft order.
 */
export function orderInserts(
  drafts: OrderDraft[],
  offset: number,
): { ctes: string; values: unknown[]; ids: string[] } {
  const ids = drafts.map((d) => d.id ?? randomUUID());
  const orderRows = drafts.map((d, i) => [
    ids[i],
    d.userId,
    d.parentOrderId ?? null,
    d.source,
    d.status,
    d.game,
    d.shopDomain ?? null,
    d.shopifyOrderId ?? null,
    d.shopifyOrderNumber ?? null,
    d.customerEmail ?? null,
    d.totalAmount ?? "0",
    d.authKey ?? null,
    d.paymentPending ?? false,
    d.robloxUsername ?? null,
    d.robloxUserId ?? null,
    d.usernameLocked ?? false,
    // Text, as both drivers serialise it the same way inside an array.
    d.createdAt?.toISOString() ?? null,
  ]);
  const itemRows = drafts.flatMap((d, i) =>
    d.items.map((item) => [ids[i], item.itemId, item.listingId ?? null, item.quantity]),
  );
  const itemsFrom = offset + 1 + ORDER_COLUMNS.length;
  const names = ORDER_COLUMNS.map(([name]) => name);
  const ctes = `new_order AS (
         INSERT INTO orders (${names.join(", ")})
         SELECT ${names.map((n) => (n === "created_at" ? "COALESCE(o.created_at, now())" : `o.${n}`)).join(", ")}
           FROM ${unnestOf(ORDER_COLUMNS, offset + 1, "o")}
         RETURNING 1
       ), new_order_item AS (
         INSERT INTO order_items (order_id, item_id, listing_id, quantity)
         SELECT * FROM ${unnestOf(ITEM_COLUMNS, itemsFrom, "i")}
         RETURNING 1
       )`;
  return {
    ctes,
    values: [...columnsOf(orderRows, ORDER_COLUMNS.length), ...columnsOf(itemRows, ITEM_COLUMNS.length)],
    ids,
  };
}

export type OrderRow = typeof orders.$inferSelect;

/**
 * Creates orders and their items in the caller's transaction (the public API, withdrawals; the Shopify intake embeds
 * `orderInserts` in its own statement): the only writer of new orders. Reserving their items is the caller's, with
 * its own rules. Answers the rows in draft order.
 */
export async function createOrders(tx: Tx, drafts: OrderDraft[]): Promise<OrderRow[]> {
  if (drafts.length === 0) return [];
  const { ctes, values, ids } = orderInserts(drafts, 0);
  await txSql(tx).query(`WITH ${ctes} SELECT 1`, values);
  const rows = await tx.select().from(orders).where(inArray(orders.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!);
}
