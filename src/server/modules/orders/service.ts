import { ORDER_LIST_LIMIT, ORDER_TEXTS, type SellerOrder } from "../../../contract/orders.js";
import type { Config } from "../../config.js";
import type { AppContext } from "../../context.js";
import { keysetAfterSql, keysetCursor, keysetOrderBySql, keysetValues } from "../../db/keyset.js";
import { badRequest } from "../../http/errors.js";
import { shopAdminUrl } from "../../integrations/shopify/index.js";

/**
 * The orders a seller sees: every order that carries items. A multi-game Shopify purchase is a parent (game null)
 * that only groups its sub-orders for the buyer's claim, so it is left out here and on the dashboard.
 */
export const SELLER_ORDER_FILTER = "(o.game IS NOT NULL OR o.source <> 'shopify')";

/** Where buyers claim: the claim host when one is configured, else the app itself. */
export function claimBaseUrl(config: Pick<Config, "publicUrl" | "claimHost">): string {
  if (!config.claimHost) return config.publicUrl;
  return `${new URL(config.publicUrl).protocol}//${config.claimHost}`;
}

interface OrderRow {
  id: string;
  status: string;
  created_at: Date | string;
  total_amount: string;
  items: string | null;
  game: string | null;
  shopify_order_number: string | null;
  shopify_order_id: string | null;
  shop_domain: string | null;
  customer_email: string | null;
  roblox_username: string | null;
  source: string;
  auth_key: string | null;
  refunded_after_delivery_at: Date | string | null;
  /** created_at to the microsecond (a cursor must not round it). */
  created_at_exact: string;
}

/** The Orders page's cursor, as the contract validates it: "<created_at to the microsecond>~<id>". */
const sellerOrderCursor = keysetCursor({ separator: "~", opaque: false });
/** The seller's orders, newest first, on the (user_id, created_at) index. */
const NEWEST_FIRST = { at: "o.created_at", id: "o.id" };

/** Orders with their item summary ("codeName_quantity, ..."); a sub-order's claim link is its parent's. */
export const SELLER_ORDER_SELECT = `
  SELECT o.id, o.status, o.created_at, o.total_amount::text AS total_amount, o.game, o.shopify_order_number,
         o.shopify_order_id, o.shop_domain, o.customer_email, o.roblox_username, o.source,
         COALESCE(o.auth_key, p.auth_key) AS auth_key, o.refunded_after_delivery_at,
         to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS created_at_exact,
         (SELECT string_agg(i.code_name || '_' || x.quantity, ', ' ORDER BY i.code_name)
            FROM (SELECT item_id, sum(quantity)::int AS quantity FROM order_items WHERE order_id = o.id GROUP BY item_id) x
            JOIN items i ON i.id = x.item_id) AS items
    FROM orders o
    LEFT JOIN orders p ON p.id = o.parent_order_id`;

export function toSellerOrder(config: Config, r: OrderRow): SellerOrder {
  const createdAt = new Date(r.created_at).toISOString();
  return {
    id: r.id,
    status: r.status,
    createdAt,
    totalAmount: r.total_amount,
    items: r.items ?? "",
    game: r.game,
    shopifyOrderNumber: r.shopify_order_number,
    shopifyOrderId: r.shopify_order_id,
    customerEmail: r.customer_email,
    robloxUsername: r.roblox_username,
    orderSource: r.source,
    claimUrl: r.auth_key ? `${claimBaseUrl(config)}/claim/${r.auth_key}` : null,
    shopifyAdminUrl:
      r.source === "shopify" && r.shop_domain && r.shopify_order_id
        ? shopAdminUrl(config, r.shop_domain, `orders/${r.shopify_order_id}`)
        : null,
    refundedAfterDeliveryAt: r.refunded_after_delivery_at
      ? new Date(r.refunded_after_delivery_at).toISOString()
      : null,
    cursor: sellerOrderCursor.encode({ at: r.created_at_exact, id: r.id }),
  };
}

/**
 * GET /api/orders: the seller's orders, newest first, `limit` at a time; `before` (an order's cursor) continues
 * after that order (keyset pagination on the (user, created_at) index, stable while new orders arrive).
 */
export async function listSellerOrders(
  ctx: AppContext,
  userId: string,
  page: { limit?: number; before?: string } = {},
): Promise<SellerOrder[]> {
  const before = page.before === undefined ? null : sellerOrderCursor.decode(page.before);
  if (page.before !== undefined && !before) throw badRequest(ORDER_TEXTS.invalidCursor);
  const { rows } = await ctx.database.raw.query<OrderRow>(
    `${SELLER_ORDER_SELECT}
      WHERE o.user_id = $1 AND ${SELLER_ORDER_FILTER}
        ${before ? `AND ${keysetAfterSql(NEWEST_FIRST, "desc", 3)}` : ""}
      ORDER BY ${keysetOrderBySql(NEWEST_FIRST, "desc")}
      LIMIT $2`,
    [userId, page.limit ?? ORDER_LIST_LIMIT, ...(before ? keysetValues(before) : [])],
  );
  return rows.map((r) => toSellerOrder(ctx.config, r));
}
