import { z } from "zod";
import {
  createDiscountCodeRequestSchema,
  discountCodeListSchema,
  discountCodeSchema,
  updateDiscountCodeRequestSchema,
} from "../discount-codes.js";
import { defineEndpoint } from "../endpoint.js";
import {
  createInvoiceRequestSchema,
  discountValidationSchema,
  invoiceViewSchema,
  paymentToSettleSchema,
  settlePaymentRequestSchema,
  txnIdParamsSchema,
  validateDiscountQuerySchema,
} from "../payments.js";

export const paymentsEndpoints = {
  createInvoice: defineEndpoint({
    method: "POST",
    path: "/api/plisio/create-invoice",
    body: createInvoiceRequestSchema,
    response: invoiceViewSchema,
  }),
  invoice: defineEndpoint({
    method: "GET",
    path: "/api/plisio/invoice/:txnId",
    params: txnIdParamsSchema,
    response: invoiceViewSchema,
  }),
  userInvoices: defineEndpoint({
    method: "GET",
    path: "/api/plisio/user-invoices",
    response: z.array(invoiceViewSchema),
  }),
  validateDiscount: defineEndpoint({
    method: "GET",
    path: "/api/discount-codes/validate",
    query: validateDiscountQuerySchema,
    response: discountValidationSchema,
  }),
  discountCodes: defineEndpoint({
    method: "GET",
    path: "/api/admin/discount-codes",
    response: discountCodeListSchema,
  }),
  createDiscountCode: defineEndpoint({
    method: "POST",
    path: "/api/admin/discount-codes",
    body: createDiscountCodeRequestSchema,
    response: discountCodeSchema,
    status: 201,
  }),
  updateDiscountCode: defineEndpoint({
    method: "PATCH",
    path: "/api/admin/discount-codes/:id",
    params: z.object({ id: z.uuid("must be a discount code id") }),
    body: updateDiscountCodeRequestSchema,
    response: discountCodeSchema,
  }),
  paymentsToSettle: defineEndpoint({
    method: "GET",
    path: "/api/admin/payments-to-settle",
    response: z.array(paymentToSettleSchema),
  }),
  settlePayment: defineEndpoint({
    method: "PATCH",
    path: "/api/admin/payments-to-settle/:id",
    params: z.object({ id: z.uuid("must be a payment id") }),
    body: settlePaymentRequestSchema,
    response: paymentToSettleSchema,
  }),
};
