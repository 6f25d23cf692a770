import { z } from "zod";

/**
 * Rewrites integer literals that a JavaScript number cannot hold exactly (Shopify ids above 2^53) as JSON strings,
 * leaving string contents untouched, so JSON.parse keeps every digit. One pass over the text.
 */
export function quoteUnsafeIntegers(text: string): string {
  let out = "";
  let copied = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d === 0x5c) i += 2;
        else {
          i++;
          if (d === 0x22) break;
        }
      }
      continue;
    }
    if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
      const start = i;
      let integer = true;
      i++;
      while (i < n) {
        const d = text.charCodeAt(i);
        if (d >= 0x30 && d <= 0x39) i++;
        else if (d === 0x2e || d === 0x65 || d === 0x45 || d === 0x2b || d === 0x2d) {
          integer = false;
          i++;
        } else break;
      }
      if (integer && i - start > 15 && !Number.isSafeInteger(Number(text.slice(start, i)))) {
        out += `${text.slice(copied, start)}"${text.slice(start, i)}"`;
        copied = i;
      }
      continue;
    }
    i++;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** JSON.parse that keeps big integers as exact decimal strings. */
export function parseShopifyJson(raw: Buffer | string): unknown {
  return JSON.parse(quoteUnsafeIntegers(typeof raw === "string" ? raw : raw.toString("utf8")));
}

/** An id as Shopify sends it (a number, or already a string after quoteUnsafeIntegers), kept as a string. */
const idSchema = z.union([z.string().regex(/^\d+$/), z.number().int().nonnegative()]).transform(String);
const optionalId = z.union([idSchema, z.null()]).optional();
const priceSchema = z
  .union([z.string(), z.number()])
  .transform(String)
  .pipe(z.string().regex(/^-?\d+(\.\d+)?$/));

/** The fields of the REST order (orders/create body) that intake reads; everything else is ignored. */
export const orderWebhookSchema = z.object({
  id: idSchema,
  admin_graphql_api_id: z.string().optional(),
  name: z.string().optional(),
  order_number: z.union([z.number(), z.string()]).optional(),
  email: z.string().nullish(),
  contact_email: z.string().nullish(),
  customer: z.object({ email: z.string().nullish() }).passthrough().nullish(),
  /** pending, authorized, partially_paid, paid, partially_refunded, refunded, voided (decision 028). */
  financial_status: z.string().nullish(),
  line_items: z.array(
    z
      .object({
        id: idSchema,
        variant_id: optionalId,
        product_id: optionalId,
        quantity: z.number().int(),
        price: priceSchema,
      })
      .passthrough(),
  ),
});
export type OrderWebhook = z.infer<typeof orderWebhookSchema>;

const timestampSchema = z.iso.datetime({ offset: true }).transform((v) => new Date(v));

/** The fields of orders/paid, orders/updated and orders/cancelled (the REST order) that the lifecycle reads. */
export const orderStateWebhookSchema = z.object({
  id: idSchema,
  financial_status: z.string().nullish(),
  cancelled_at: timestampSchema.nullish(),
  updated_at: timestampSchema,
});

/** The fields of refunds/create (the REST refund) that the lifecycle reads: which variants, how many units. */
export const refundWebhookSchema = z.object({
  id: idSchema,
  order_id: idSchema,
  refund_line_items: z.array(
    z
      .object({
        quantity: z.number().int().nonnegative(),
        line_item: z.object({ variant_id: optionalId }).passthrough(),
      })
      .passthrough(),
  ),
});

export const customersRedactSchema = z.object({
  shop_domain: z.string(),
  customer: z.object({ email: z.string().nullish() }).passthrough().nullish(),
  orders_to_redact: z.array(idSchema).optional().default([]),
});

export const shopRedactSchema = z.object({ shop_domain: z.string() });

/** Decimal money in cents, exact: "12.5" -> 1250n. Extra decimals are rounded half up. */
export function toCents(amount: string): bigint {
  const negative = amount.startsWith("-");
  const [whole, frac = ""] = (negative ? amount.slice(1) : amount).split(".");
  let cents = BigInt(whole || "0") * 100n + BigInt(`${frac}00`.slice(0, 2));
  if (frac.length > 2 && Number(frac[2]) >= 5) cents += 1n;
  return negative ? -cents : cents;
}

export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const s = `${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
  return negative ? `-${s}` : s;
}
