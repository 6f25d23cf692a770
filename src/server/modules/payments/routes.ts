import { z } from "zod";
import {
  createInvoiceRequestSchema,
  discountValidationSchema,
  invoiceViewSchema,
  PAYMENT_TEXTS,
  PROVIDER_PATH,
  txnIdParamsSchema,
  validateDiscountQuerySchema,
} from "../../../contract/payments.js";
import type { AppContext } from "../../context.js";
import { unauthorized } from "../../http/errors.js";
import type { RateLimitRule } from "../../http/rate-limit.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { applyInvoiceUpdate, createInvoice, ownInvoice, userInvoices, validDiscount } from "./service.js";

/** Each invoice is a call to the provider: a seller opens a handful, not hundreds. */
const CREATE_INVOICE_RATE_LIMIT: RateLimitRule = { name: "create-invoice", points: 20, durationSeconds: 600 };

/** The seller's invoices and discount codes. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.post(
    `${PROVIDER_PATH}/create-invoice`,
    {
      onRequest: ctx.rateLimits.perIp(CREATE_INVOICE_RATE_LIMIT),
      schema: { body: createInvoiceRequestSchema, response: { 200: invoiceViewSchema } },
    },
    async (request) => createInvoice(ctx, userOf(request), request.body),
  );
  r.get(
    `${PROVIDER_PATH}/invoice/:txnId`,
    { schema: { params: txnIdParamsSchema, response: { 200: invoiceViewSchema } } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return ownInvoice(ctx, userOf(request).id, request.params.txnId);
    },
  );
  r.get(
    `${PROVIDER_PATH}/user-invoices`,
    { schema: { response: { 200: z.array(invoiceViewSchema) } } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return userInvoices(ctx, userOf(request).id);
    },
  );
  r.get(
    "/api/discount-codes/validate",
    { schema: { querystring: validateDiscountQuerySchema, response: { 200: discountValidationSchema } } },
    async (request) => validDiscount(ctx.db, request.query.code, request.query.plan),
  );
}

/**
 * The provider's callbacks (the callback_url we send, with json=true): public, and believed only with a valid
 * signature. A signed callback about an invoice we do not have is acknowledged and changes nothing.
 */
export function callbackRoutes(r: RouteApp, ctx: AppContext): void {
  r.post(`${PROVIDER_PATH}/callback`, async (request) => {
    const result = ctx.providers.crypto.verifyCallback(request.body);
    if (!result.signed) throw unauthorized(PAYMENT_TEXTS.invalidSignature);
    if (result.update) await applyInvoiceUpdate(ctx, result.update);
    return { success: true };
  });
}
