import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { GAMES } from "../../../../contract/games.js";
import type { Db, DbOrTx, Tx } from "../../../db/client.js";
import { at, missing } from "../../../db/rows.js";
import {
  sandboxShopifyAuthCodes,
  sandboxShopifyOrders,
  sandboxShopifyProducts,
  sandboxShopifyShops,
  sandboxShopifyTokens,
  sandboxShopifyVariants,
} from "../../../db/schema/index.js";
import { ITEM_CATALOGUE, itemImagePath } from "../../sandbox-catalogue.js";
import { centsToDecimal, toCents } from "../../wire/decimal.js";

/** The Shopify emulator's state: shops, products, OAuth codes and tokens, orders. Only used in sandbox mode. */

export type SandboxShop = typeof sandboxShopifyShops.$inferSelect;
export type SandboxProduct = typeof sandboxShopifyProducts.$inferSelect;
export type SandboxVariant = typeof sandboxShopifyVariants.$inferSelect;
export type SandboxOrder = typeof sandboxShopifyOrders.$inferSelect;

const SAMPLE_PRODUCTS_PER_GAME = 4;
const SAMPLE_PRICES = ["4.99", "9.99", "14.99", "24.99"];
const SAMPLE_STOCK = 25;
const CODE_TTL_MS = 60_000;

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

/** The shop's display name, as Shopify derives it from the domain for a new store. */
export function shopName(domain: string): string {
  return domain
    .replace(/\.myshopify\.com$/, "")
    .split("-")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(" ");
}

function handleOf(title: string): string {
  return title
    .toLowerCase()
    .replaceAll("'", "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * Any *.myshopify.com domain exists in the sandbox: the first use creates it with sample products named after
 * catalogue items of the three games (one variant each, with a price and stock).
 */
export async function ensureSandboxShop(db: Db, publicUrl: string, domain: string): Promise<SandboxShop> {
  const existing = await db.select().from(sandboxShopifyShops).where(eq(sandboxShopifyShops.domain, domain));
  const [shop] = existing;
  if (shop) return shop;
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(sandboxShopifyShops)
      .values({ domain })
      .onConflictDoNothing()
      .returning();
    if (!created) {
      const [row = missing("the sandboxShopifyShops row")] = await tx
        .select()
        .from(sandboxShopifyShops)
        .where(eq(sandboxShopifyShops.domain, domain));
      return row;
    }
    for (const game of GAMES) {
      for (const [i, item] of ITEM_CATALOGUE[game].slice(0, SAMPLE_PRODUCTS_PER_GAME).entries()) {
        await createSandboxProduct(tx, domain, {
          title: item.publicName,
          imageUrl: `${publicUrl}${itemImagePath(game, item.codeName)}`,
          price: at(SAMPLE_PRICES, i % SAMPLE_PRICES.length),
          sku: `${game}-${item.codeName}`,
          inventoryQuantity: SAMPLE_STOCK,
        });
      }
    }
    return created;
  });
}

async function createSandboxProduct(
  db: DbOrTx,
  shop: string,
  p: { title: string; imageUrl: string | null; price: string; sku?: string; inventoryQuantity: number },
): Promise<{ product: SandboxProduct; variant: SandboxVariant }> {
  const [product = missing("the inserted sandboxShopifyProducts row")] = await db
    .insert(sandboxShopifyProducts)
    .values({ shop, title: p.title, handle: handleOf(p.title), imageUrl: p.imageUrl })
    .returning();
  const [variant = missing("the inserted sandboxShopifyVariants row")] = await db
    .insert(sandboxShopifyVariants)
    .values({
      productId: product.id,
      shop,
      price: p.price,
      sku: p.sku,
      inventoryQuantity: p.inventoryQuantity,
    })
    .returning();
  return { product, variant };
}

export async function findSandboxShop(db: Db, domain: string): Promise<SandboxShop | null> {
  const [row] = await db.select().from(sandboxShopifyShops).where(eq(sandboxShopifyShops.domain, domain));
  return row ?? null;
}

/** One of the shop's orders by its id; null when the shop has no such order. */
export async function findSandboxOrder(db: Db, shop: string, id: string): Promise<SandboxOrder | null> {
  const [row] = await db
    .select()
    .from(sandboxShopifyOrders)
    .where(and(eq(sandboxShopifyOrders.shop, shop), eq(sandboxShopifyOrders.id, id)));
  return row ?? null;
}

export async function listSandboxShops(db: Db): Promise<SandboxShop[]> {
  return db.select().from(sandboxShopifyShops).orderBy(asc(sandboxShopifyShops.domain));
}

export async function listProductsWithVariants(
  db: Db,
  shop: string,
): Promise<{ product: SandboxProduct; variants: SandboxVariant[] }[]> {
  const products = await db
    .select()
    .from(sandboxShopifyProducts)
    .where(eq(sandboxShopifyProducts.shop, shop))
    .orderBy(asc(sandboxShopifyProducts.title));
  const variants = await db
    .select()
    .from(sandboxShopifyVariants)
    .where(eq(sandboxShopifyVariants.shop, shop))
    .orderBy(asc(sandboxShopifyVariants.id));
  return products.map((product) => ({
    product,
    variants: variants.filter((v) => v.productId === product.id),
  }));
}

export async function issueAuthCode(db: Db, shop: string, scopes: string): Promise<string> {
  const code = randomBytes(16).toString("hex");
  await db
    .insert(sandboxShopifyAuthCodes)
    .values({ codeHash: hash(code), shop, scopes, expiresAt: new Date(Date.now() + CODE_TTL_MS) });
  return code;
}

/** A code is good once, for its shop, within a minute. */
export async function redeemAuthCode(db: Db, shop: string, code: string): Promise<{ scopes: string } | null> {
  const [row] = await db
    .update(sandboxShopifyAuthCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(sandboxShopifyAuthCodes.codeHash, hash(code)),
        eq(sandboxShopifyAuthCodes.shop, shop),
        isNull(sandboxShopifyAuthCodes.usedAt),
        sql`${sandboxShopifyAuthCodes.expiresAt} > now()`,
      ),
    )
    .returning({ scopes: sandboxShopifyAuthCodes.scopes });
  return row ?? null;
}

const newAccessToken = () => `shpat_${randomBytes(16).toString("hex")}`;

/** A non-expiring offline access token in Shopify's format (shpat_ + 32 hex): what a grant without expiring=1 gets. */
export async function issueNonExpiringToken(db: DbOrTx, shop: string, scopes: string): Promise<string> {
  const token = newAccessToken();
  await db.insert(sandboxShopifyTokens).values({ tokenHash: hash(token), shop, scopes });
  return token;
}

/** Shopify's lifetimes for expiring offline tokens: the access token an hour, its refresh token 90 days. */
const ACCESS_TOKEN_TTL_S = 3600;
const REFRESH_TOKEN_TTL_S = 90 * 24 * 3600;

export interface ExpiringToken {
  accessToken: string;
  scopes: string;
  expiresIn: number;
  refreshToken: string;
  refreshTokenExpiresIn: number;
}

/**
 * An expiring offline access token with its refresh token. A shop has one active expiring token per app: issuing
 * one revokes the shop's earlier expiring tokens and their refresh tokens, as Shopify does.
 */
export async function issueExpiringToken(
  db: Db,
  shop: string,
  scopes: string,
  now: number,
): Promise<ExpiringToken> {
  return db.transaction((tx) => replaceExpiringToken(tx, shop, scopes, now));
}

async function replaceExpiringToken(
  tx: Tx,
  shop: string,
  scopes: string,
  now: number,
): Promise<ExpiringToken> {
  const accessToken = newAccessToken();
  const refreshToken = `shprt_${randomBytes(16).toString("hex")}`;
  await tx
    .update(sandboxShopifyTokens)
    .set({ revokedAt: new Date(now) })
    .where(
      and(
        eq(sandboxShopifyTokens.shop, shop),
        isNotNull(sandboxShopifyTokens.expiresAt),
        isNull(sandboxShopifyTokens.revokedAt),
      ),
    );
  await tx.insert(sandboxShopifyTokens).values({
    tokenHash: hash(accessToken),
    shop,
    scopes,
    expiresAt: new Date(now + ACCESS_TOKEN_TTL_S * 1000),
    refreshTokenHash: hash(refreshToken),
    refreshExpiresAt: new Date(now + REFRESH_TOKEN_TTL_S * 1000),
  });
  return {
    accessToken,
    scopes,
    expiresIn: ACCESS_TOKEN_TTL_S,
    refreshToken,
    refreshTokenExpiresIn: REFRESH_TOKEN_TTL_S,
  };
}

/**
 * Why a grant was refused: "unknown" (never issued for this shop) or "inactive" (issued, but used already, revoked
 * or past its lifetime).
 */
export type RefusedGrant = { refused: "unknown" | "inactive" };

/**
 * The refresh_token grant. A refresh token is good once: the conditional update lets exactly one of two concurrent
 * uses through, and the new pair revokes the old access token. (Shopify has since let an app retry its previous
 * refresh token until it uses the replacement; the emulator refuses any second use, so a race shows here first.)
 */
export async function redeemRefreshToken(
  db: Db,
  shop: string,
  refreshToken: string,
  now: number,
): Promise<ExpiringToken | RefusedGrant> {
  return db.transaction(async (tx) => {
    const mine = and(
      eq(sandboxShopifyTokens.refreshTokenHash, hash(refreshToken)),
      eq(sandboxShopifyTokens.shop, shop),
    );
    const [used] = await tx
      .update(sandboxShopifyTokens)
      .set({ refreshedAt: new Date(now) })
      .where(
        and(
          mine,
          isNull(sandboxShopifyTokens.refreshedAt),
          isNull(sandboxShopifyTokens.revokedAt),
          gt(sandboxShopifyTokens.refreshExpiresAt, new Date(now)),
        ),
      )
      .returning({ scopes: sandboxShopifyTokens.scopes });
    if (used) return replaceExpiringToken(tx, shop, used.scopes, now);
    const [known] = await tx
      .select({ shop: sandboxShopifyTokens.shop })
      .from(sandboxShopifyTokens)
      .where(mine);
    return { refused: known ? "inactive" : "unknown" };
  });
}

/**
 * Token exchange of a non-expiring offline token for an expiring one (Shopify's migration): the old token stops
 * working at once. (Shopify answers a retry of the same exchange with the same pair for a while; the emulator
 * refuses it.)
 */
export async function exchangeNonExpiringToken(
  db: Db,
  shop: string,
  subjectToken: string,
  now: number,
): Promise<ExpiringToken | RefusedGrant> {
  return db.transaction(async (tx) => {
    const [old] = await tx
      .update(sandboxShopifyTokens)
      .set({ revokedAt: new Date(now) })
      .where(
        and(
          eq(sandboxShopifyTokens.tokenHash, hash(subjectToken)),
          eq(sandboxShopifyTokens.shop, shop),
          isNull(sandboxShopifyTokens.expiresAt),
          isNull(sandboxShopifyTokens.revokedAt),
        ),
      )
      .returning({ scopes: sandboxShopifyTokens.scopes });
    if (!old) return { refused: "inactive" };
    return replaceExpiringToken(tx, shop, old.scopes, now);
  });
}

/** What the Admin API needs of a token: its scopes, and when it expires (null: a non-expiring token). */
export async function findAccessToken(
  db: Db,
  shop: string,
  token: string,
): Promise<{ scopes: string[]; expiresAt: Date | null } | null> {
  const [row] = await db
    .select({ scopes: sandboxShopifyTokens.scopes, expiresAt: sandboxShopifyTokens.expiresAt })
    .from(sandboxShopifyTokens)
    .where(
      and(
        eq(sandboxShopifyTokens.tokenHash, hash(token)),
        eq(sandboxShopifyTokens.shop, shop),
        isNull(sandboxShopifyTokens.revokedAt),
      ),
    );
  return row ? { scopes: row.scopes.split(",").filter(Boolean), expiresAt: row.expiresAt } : null;
}

export async function revokeAccessTokens(db: Db, shop: string): Promise<number> {
  const rows = await db
    .update(sandboxShopifyTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(sandboxShopifyTokens.shop, shop), isNull(sandboxShopifyTokens.revokedAt)))
    .returning({ shop: sandboxShopifyTokens.shop });
  return rows.length;
}

/** `count` fresh ids from the sequence Shopify-style numeric ids come from (orders, customers, lines, refunds). */
export async function newShopifyIds(db: DbOrTx, count: number): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(
    sql`SELECT nextval('sandbox_shopify_ids')::text AS id FROM generate_series(1, ${count})`,
  );
  return (rows as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}

export class SandboxOrderError extends Error {}

/** How a storefront order is paid: at once (a card), or later (bank transfer, cash on delivery: "pending"). */
export const SANDBOX_FINANCIAL_STATUSES = ["paid", "pending"] as const;
export type SandboxFinancialStatus = (typeof SANDBOX_FINANCIAL_STATUSES)[number];

/**
 * Places an order the way checkout does: numbers it (#1001, #1002, ...), lowers each variant's stock (the sample
 * products keep selling when out of stock, like Shopify's "continue selling"), and stores the orders/create body
 * exactly as it will be delivered: the REST order JSON with numeric ids above 2^53.
 */
export async function createSandboxOrder(
  db: Db,
  shop: SandboxShop,
  input: {
    lineItems: { variantId: string; quantity: number }[];
    email: string;
    financialStatus?: SandboxFinancialStatus;
  },
): Promise<SandboxOrder> {
  const wanted = input.lineItems.filter((l) => l.quantity > 0);
  if (wanted.length === 0) throw new SandboxOrderError("Add at least one product with a quantity above 0");
  const variantIds = [...new Set(wanted.map((l) => l.variantId))];
  return db.transaction(async (tx) => {
    const variants = await tx
      .select({ variant: sandboxShopifyVariants, product: sandboxShopifyProducts })
      .from(sandboxShopifyVariants)
      .innerJoin(sandboxShopifyProducts, eq(sandboxShopifyProducts.id, sandboxShopifyVariants.productId))
      .where(
        and(eq(sandboxShopifyVariants.shop, shop.domain), inArray(sandboxShopifyVariants.id, variantIds)),
      );
    const byId = new Map(variants.map((v) => [v.variant.id, v]));
    const unknown = variantIds.filter((id) => !byId.has(id));
    if (unknown.length) throw new SandboxOrderError(`Unknown variant ${unknown.join(", ")}`);

    const [{ orderNumber } = missing("the shop's order number")] = await tx
      .update(sandboxShopifyShops)
      .set({ nextOrderNumber: sql`${sandboxShopifyShops.nextOrderNumber} + 1` })
      .where(eq(sandboxShopifyShops.domain, shop.domain))
      .returning({ orderNumber: sql<number>`${sandboxShopifyShops.nextOrderNumber} - 1` });
    const [orderId = missing("an order id"), customerId = missing("a customer id"), ...lineIds] =
      await newShopifyIds(tx, wanted.length + 2);

    for (const l of wanted) {
      await tx
        .update(sandboxShopifyVariants)
        .set({ inventoryQuantity: sql`${sandboxShopifyVariants.inventoryQuantity} - ${l.quantity}` })
        .where(eq(sandboxShopifyVariants.id, l.variantId));
    }
    const total = wanted.reduce(
      (sum, l) => sum + toCents(byId.get(l.variantId)!.variant.price) * BigInt(l.quantity),
      0n,
    );
    const payload = orderPayload({
      shop,
      orderId,
      customerId,
      orderNumber,
      email: input.email,
      financialStatus: input.financialStatus ?? "paid",
      total: centsToDecimal(total),
      lines: wanted.map((l, i) => ({ id: at(lineIds, i), quantity: l.quantity, ...byId.get(l.variantId)! })),
    });
    const [order = missing("the inserted sandboxShopifyOrders row")] = await tx
      .insert(sandboxShopifyOrders)
      .values({
        id: orderId,
        shop: shop.domain,
        name: `#${orderNumber}`,
        email: input.email,
        totalPrice: centsToDecimal(total),
        payload,
      })
      .returning();
    return order;
  });
}

/** JSON with some string values written as bare numbers: ids Shopify sends as integers too big for a double. */
export function jsonWithBigIds(value: unknown): string {
  const marker = `@@${randomBytes(6).toString("hex")}@@`;
  const text = JSON.stringify(value, (_key, v) => (v instanceof BigId ? `${marker}${v.digits}` : v));
  return text.replace(new RegExp(`"${marker}(\\d+)"`, "g"), "$1");
}

export class BigId {
  constructor(readonly digits: string) {}
}

export function money(amount: string) {
  return {
    shop_money: { amount, currency_code: "USD" },
    presentment_money: { amount, currency_code: "USD" },
  };
}

function orderPayload(o: {
  shop: SandboxShop;
  orderId: string;
  customerId: string;
  orderNumber: number;
  email: string;
  financialStatus: SandboxFinancialStatus;
  total: string;
  lines: { id: string; quantity: number; variant: SandboxVariant; product: SandboxProduct }[];
}): string {
  const now = new Date().toISOString();
  const token = randomBytes(16).toString("hex");
  return jsonWithBigIds({
    id: new BigId(o.orderId),
    admin_graphql_api_id: `gid://shopify/Order/${o.orderId}`,
    app_id: null,
    browser_ip: "127.0.0.1",
    buyer_accepts_marketing: false,
    cancel_reason: null,
    cancelled_at: null,
    confirmation_number: randomBytes(5).toString("hex").toUpperCase(),
    confirmed: true,
    contact_email: o.email,
    created_at: now,
    currency: "USD",
    current_subtotal_price: o.total,
    current_total_price: o.total,
    current_total_tax: "0.00",
    customer_locale: "en",
    discount_codes: [],
    email: o.email,
    financial_status: o.financialStatus,
    fulfillment_status: null,
    name: `#${o.orderNumber}`,
    note: null,
    note_attributes: [],
    number: o.orderNumber - 1000,
    order_number: o.orderNumber,
    order_status_url: `https://${o.shop.domain}/${o.shop.shopId}/orders/${token}/authenticate?key=${token}`,
    payment_gateway_names: [o.financialStatus === "paid" ? "bogus" : "manual"],
    presentment_currency: "USD",
    processed_at: now,
    source_name: "web",
    subtotal_price: o.total,
    subtotal_price_set: money(o.total),
    tags: "",
    tax_lines: [],
    test: true,
    token,
    total_discounts: "0.00",
    total_line_items_price: o.total,
    total_price: o.total,
    total_price_set: money(o.total),
    total_tax: "0.00",
    updated_at: now,
    customer: {
      id: new BigId(o.customerId),
      email: o.email,
      created_at: now,
      updated_at: now,
      first_name: null,
      last_name: null,
      state: "disabled",
      verified_email: true,
      currency: "USD",
      admin_graphql_api_id: `gid://shopify/Customer/${o.customerId}`,
    },
    line_items: o.lines.map((l) => ({
      id: new BigId(l.id),
      admin_graphql_api_id: `gid://shopify/LineItem/${l.id}`,
      current_quantity: l.quantity,
      fulfillable_quantity: l.quantity,
      fulfillment_service: "manual",
      fulfillment_status: null,
      gift_card: false,
      grams: 0,
      name: l.product.title,
      price: l.variant.price,
      price_set: money(l.variant.price),
      product_exists: true,
      product_id: new BigId(l.product.id),
      properties: [],
      quantity: l.quantity,
      requires_shipping: false,
      sku: l.variant.sku,
      taxable: false,
      title: l.product.title,
      total_discount: "0.00",
      variant_id: new BigId(l.variant.id),
      variant_inventory_management: "shopify",
      variant_title: null,
      vendor: shopName(o.shop.domain),
      tax_lines: [],
      discount_allocations: [],
    })),
    fulfillments: [],
    refunds: [],
    shipping_lines: [],
  });
}

/** Bodies of the other topics the emulator sends, in Shopify's shapes. */
export function shopPayload(shop: SandboxShop): string {
  return jsonWithBigIds({
    id: new BigId(shop.shopId),
    name: shopName(shop.domain),
    email: `owner@${shop.domain}`,
    domain: shop.domain,
    myshopify_domain: shop.domain,
    plan_name: "partner_test",
    currency: "USD",
    created_at: shop.createdAt.toISOString(),
  });
}

export function compliancePayload(
  shop: SandboxShop,
  topic: "customers/data_request" | "customers/redact" | "shop/redact",
  customer: { email: string; orderIds: string[] },
): string {
  const base = { shop_id: new BigId(shop.shopId), shop_domain: shop.domain };
  if (topic === "shop/redact") return jsonWithBigIds(base);
  const who = { id: new BigId(shop.shopId), email: customer.email, phone: null };
  const orders = customer.orderIds.map((id) => new BigId(id));
  if (topic === "customers/redact")
    return jsonWithBigIds({ ...base, customer: who, orders_to_redact: orders });
  return jsonWithBigIds({
    ...base,
    customer: who,
    orders_requested: orders,
    data_request: { id: new BigId(shop.shopId) },
  });
}
