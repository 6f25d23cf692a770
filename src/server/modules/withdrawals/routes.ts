import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  createWithdrawalRequestSchema,
  createWithdrawalResponseSchema,
  pendingWithdrawalResponseSchema,
  turnOnRequestSchema,
  turnOnResponseSchema,
  validateUsernameRequestSchema,
  validateUsernameResponseSchema,
  WITHDRAWAL_TEXTS,
} from "../../../contract/withdrawals.js";
import type { AppContext } from "../../context.js";
import { badRequest } from "../../http/errors.js";
import { requireUser, userOf } from "../auth/sessions.js";
import { lookupRobloxUser } from "../bots/roblox.js";
import { createWithdrawal, pendingWithdrawal, turnOnForWithdrawal } from "./service.js";

/** Public lookup (claim page and withdrawal confirmation): limited per IP so it cannot enumerate Roblox for free. */
const VALIDATE_USERNAME_LIMIT = { name: "validate-username", points: 30, durationSeconds: 60 };

export async function registerWithdrawals(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const seller = requireUser(ctx.db);

  r.post(
    "/api/withdrawals/create",
    {
      preHandler: seller,
      schema: { body: createWithdrawalRequestSchema, response: { 200: createWithdrawalResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      withdrawal: await createWithdrawal(ctx, userOf(request), request.body),
    }),
  );

  r.get(
    "/api/withdrawals/pending",
    { preHandler: seller, schema: { response: { 200: pendingWithdrawalResponseSchema } } },
    async (request) => ({ pendingWithdrawal: await pendingWithdrawal(ctx, userOf(request)) }),
  );

  r.post(
    "/api/withdrawals/turn-on",
    { preHandler: seller, schema: { body: turnOnRequestSchema, response: { 200: turnOnResponseSchema } } },
    (request) => turnOnForWithdrawal(ctx, userOf(request), request.body.orderId),
  );

  r.post(
    "/api/orders/claim/validate-username",
    {
      preHandler: ctx.rateLimits.perIp(VALIDATE_USERNAME_LIMIT),
      schema: { body: validateUsernameRequestSchema, response: { 200: validateUsernameResponseSchema } },
    },
    async (request) => {
      const username = request.body.username.trim();
      if (!username) throw badRequest(WITHDRAWAL_TEXTS.claimUsernameRequired);
      const user = await lookupRobloxUser(ctx, username);
      return {
        success: true as const,
        userId: user.id,
        username: user.name,
        displayName: user.displayName,
        imageUrl: user.imageUrl,
      };
    },
  );
}
