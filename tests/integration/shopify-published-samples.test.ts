import { describe, expect, it } from "vitest";
import { at, missing } from "../../src/server/db/rows.js";
import {
  createSandboxOrder,
  ensureSandboxShop,
  listProductsWithVariants,
  orderWebhookSchema,
  parseJsonExact,
} from "../../src/server/integrations/shopify/index.js";
import { deliveryHeaders } from "../../src/server/integrations/shopify/sandbox/webhooks.js";
import published from "../fixtures/shopify/published-samples.json" with { type: "json" };
import { useTestApp } from "./harness.js";
import { uniqueShop } from "./shopify-fixtures.js";

/** A JSON value's kind; integers beyond 2^53 (Shopify's ids) are their own kind, read exactly as strings. */
function kindOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  if (typeof value === "string" && /^\d{16,}$/.test(value)) return "id";
  if (typeof value === "number" && Number.isInteger(value)) return "integer";
  return typeof value;
}

/** Kinds that may stand for each other: Shopify's fixture ids are small, real ones are big; nulls are optional. */
const compatible = (sample: string, emulated: string) =>
  sample === emulated ||
  sample === "null" ||
  emulated === "null" ||
  (["id", "integer"].includes(sample) && ["id", "integer"].includes(emulated));

function mismatches(sample: Record<string, unknown>, emulated: Record<string, unknown>, at = ""): string[] {
  return Object.entries(sample).flatMap(([key, value]) => {
    if (!(key in emulated)) return [];
    const other = emulated[key];
    const here = `${at}${key}`;
    if (!compatible(kindOf(value), kindOf(other))) return [`${here}: ${kindOf(value)} vs ${kindOf(other)}`];
    if (kindOf(value) === "object" && kindOf(other) === "object")
      return mismatches(value as Record<string, unknown>, other as Record<string, unknown>, `${here}.`);
    if (Array.isArray(value) && Array.isArray(other) && value.length > 0 && other.length > 0) {
      if (kindOf(value[0]) !== "object")
        return compatible(kindOf(value[0]), kindOf(other[0])) ? [] : [`${here}[0]`];
      return mismatches(value[0], other[0], `${here}[0].`);
    }
    return [];
  });
}

const sample = parseJsonExact(published.ordersCreate) as Record<string, unknown>;

describe("the Shopify emulator against Shopify's published samples", () => {
  const t = useTestApp("pglite");

  it("signs and labels a delivery with exactly the headers Shopify documents", () => {
    const headers = deliveryHeaders({
      shop: "jsmith.myshopify.com",
      topic: "orders/create",
      body: published.ordersCreate,
      secret: "hush",
      triggeredAt: new Date("2030-01-01T00:00:00Z"),
    });
    const shopifyHeaders = Object.keys(headers).filter((h) => h.startsWith("x-shopify-"));
    expect(shopifyHeaders.sort()).toEqual(published.headers.map((h) => h.toLowerCase()).sort());
    expect(headers["x-shopify-api-version"]).toMatch(/^\d{4}-(01|04|07|10)$/);
    expect(headers["x-shopify-hmac-sha256"]).toMatch(/^[A-Za-z0-9+/]{43}=$/);
  });

  it("is read by the app's parser with every id exact", () => {
    const order = orderWebhookSchema.parse(sample);
    expect(order.id).toBe("820982911946154508");
    expect(order.line_items[0]).toMatchObject({
      id: "866550311766439020",
      variant_id: "808950810",
      product_id: "632910392",
      quantity: 1,
      price: "199.00",
    });
    expect(order.customer?.email).toBe("john@example.com");
  });

  it("sends an orders/create body shaped like Shopify's sample, field for field", async () => {
    const domain = uniqueShop("sample");
    const shop = await ensureSandboxShop(t.app.ctx.db, t.app.ctx.config.publicUrl, domain);
    const [product = missing("product")] = await listProductsWithVariants(t.app.ctx.db, domain);
    const row = await createSandboxOrder(t.app.ctx.db, shop, {
      lineItems: [{ variantId: at(product.variants, 0).id, quantity: 2 }],
      email: "buyer@example.com",
    });
    const emulated = parseJsonExact(row.payload) as Record<string, unknown>;
    expect(mismatches(sample, emulated)).toEqual([]);
    // Every field the sample has at the top level, on the customer and on a line, the emulator sends too.
    const absent = (a: object, b: object) => Object.keys(a).filter((k) => !(k in b));
    expect(absent(sample, emulated)).toEqual([]);
    expect(absent(sample.customer as object, emulated.customer as object)).toEqual([]);
    const lines = (o: Record<string, unknown>) => o.line_items as Record<string, unknown>[];
    expect(absent(at(lines(sample), 0), at(lines(emulated), 0))).toEqual([]);
    expect(orderWebhookSchema.safeParse(emulated).success).toBe(true);
  });
});
