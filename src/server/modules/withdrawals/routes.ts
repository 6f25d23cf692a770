import {
  createWithdrawalRequestSchema,
  createWithdrawalResponseSchema,
  pendingWithdrawalResponseSchema,
  turnOnRequestSchema,
  turnOnResponseSchema,
} from "../../../contract/withdrawals.js";
import type { AppContext } from "../../context.js";
import { type RouteApp, userOf } from "../auth/index.js";
import { createWithdrawal, pendingWithdrawal, turnOnForWithdrawal } from "./service.js";

/** A seller's withdrawal of their own items: one open at a time, delivered by their bot like an order. */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  r.post(
    "/api/withdrawals/create",
    {
      schema: { body: createWithdrawalRequestSchema, response: { 200: createWithdrawalResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      withdrawal: await createWithdrawal(ctx, userOf(request), request.body),
    }),
  );

  r.get(
    "/api/withdrawals/pending",
    { schema: { response: { 200: pendingWithdrawalResponseSchema } } },
    async (request) => ({ pendingWithdrawal: await pendingWithdrawal(ctx, userOf(request)) }),
  );

  r.post(
    "/api/withdrawals/turn-on",
    { schema: { body: turnOnRequestSchema, response: { 200: turnOnResponseSchema } } },
    (request) => turnOnForWithdrawal(ctx, userOf(request), request.body.orderId),
  );
}
