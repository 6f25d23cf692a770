import { z } from "zod";

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
