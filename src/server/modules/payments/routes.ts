import { paymentsEndpoints as endpoints } from "../../../contract/endpoints/payments.js";
import { PAYMENT_TEXTS, PROVIDER_PATH } from "../../../contract/payments.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import { unauthorized } from "../../http/errors.js";
import type { RateLimitRule } from "../../http/rate-limit.js";
import { auditActorOf } from "../admin/index.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { createDiscountCode, listDiscountCodes, setDiscountCodeActive } from "./discount-codes.js";
import { applyInvoiceUpdate, createInvoice, ownInvoice, userInvoices, validDiscount } from "./service.js";
import { listPaymentsToSettle, settlePayment } from "./settlements.js";

/** Each invoice is a call to the provider: a seller opens a handful, not hundreds. */
const CREATE_INVOICE_RATE_LIMIT: RateLimitRule = { name: "create-invoice", points: 20, durationSeconds: 600 };
/** A seller types a code or two; hundreds of tries a minute are guesses (per seller, whatever the address). */
const VALIDATE_DISCOUNT_RATE_LIMIT: RateLimitRule = {
  name: "validate-discount",
  points: 30,
  durationSeconds: 60,
};

/** The seller's invoices and discount codes. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({
    ...routeOf(endpoints.createInvoice),
    onRequest: ctx.rateLimits.perIp(CREATE_INVOICE_RATE_LIMIT),
    handler: async (request) => createInvoice(ctx, userOf(request), request.body),
  });
  r.route({
    ...routeOf(endpoints.invoice),
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return ownInvoice(ctx, userOf(request).id, request.params.txnId);
    },
  });
  r.route({
    ...routeOf(endpoints.userInvoices),
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return userInvoices(ctx, userOf(request).id);
    },
  });
  r.route({
    ...routeOf(endpoints.validateDiscount),
    handler: async (request) => {
      await ctx.rateLimits.consume(VALIDATE_DISCOUNT_RATE_LIMIT, userOf(request).id);
      return validDiscount(ctx.db, request.query.code, request.query.plan);
    },
  });
}

/**
 * The provider's callbacks (the callback_url we send, with json=true): public, and believed only with a valid
 * signature. A signed callback about an invoice we do not have is acknowledged and changes nothing.
 */
export function callbackRoutes(r: RouteApp, ctx: AppContext): void {
  r.post(`${PROVIDER_PATH}/callback`, async (request) => {
    const result = ctx.providers.crypto.verifyCallback(request.body);
    if (!result.signed) throw unauthorized(PAYMENT_TEXTS.invalidSignature);
    const update =
      result.update ?? (result.askAbout ? await ctx.providers.crypto.getInvoice(result.askAbout) : null);
    if (update) await applyInvoiceUpdate(ctx, update);
    return { success: true };
  });
}

/** Admin: discount codes (spec 001 §7). */
export function adminRoutes(r: RouteApp, ctx: AppContext): void {
  r.route({ ...routeOf(endpoints.discountCodes), handler: () => listDiscountCodes(ctx) });

  r.route({
    ...routeOf(endpoints.createDiscountCode),
    handler: async (request, reply) =>
      reply.status(201).send(await createDiscountCode(ctx, auditActorOf(request), request.body)),
  });

  r.route({
    ...routeOf(endpoints.updateDiscountCode),
    handler: (request) =>
      setDiscountCodeActive(ctx, auditActorOf(request), request.params.id, request.body.isActive),
  });

  r.route({
    ...routeOf(endpoints.paymentsToSettle),
    handler: async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return listPaymentsToSettle(ctx);
    },
  });

  r.route({
    ...routeOf(endpoints.settlePayment),
    handler: (request) => settlePayment(ctx, auditActorOf(request), request.params.id, request.body.note),
  });
}
