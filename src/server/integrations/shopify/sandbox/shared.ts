import type { FastifyInstance, FastifyRequest } from "fastify";
import { z } from "zod";
import type { SandboxContext } from "../../sandbox-home.js";
import {
  createSandboxOrder,
  ensureSandboxShop,
  SANDBOX_FINANCIAL_STATUSES,
  type SandboxShop,
} from "./store.js";
import { type Delivery, webhookSender } from "./webhooks.js";

export const BASE = "/__sandbox/shopify";

export type ShopParams = { shop: string };

export const orderRequestSchema = z.object({
  lineItems: z
    .array(
      z.object({
        variantId: z
          .union([z.string(), z.number()])
          .transform((v) => String(v).replace(/^gid:\/\/shopify\/ProductVariant\//, "")),
        quantity: z.number().int().min(0).max(10_000),
      }),
    )
    .min(1),
  email: z.email(),
  /** "pending": the buyer pays later (bank transfer); Mark as paid sends orders/paid. */
  financialStatus: z.enum(SANDBOX_FINANCIAL_STATUSES).default("paid"),
});

export const isForm = (request: FastifyRequest) =>
  String(request.headers["content-type"] ?? "").startsWith("application/x-www-form-urlencoded");

/** What every part of the emulator shares: its context, the store a route names, webhook delivery, ordering. */
export function shopifySandbox(app: FastifyInstance, ctx: SandboxContext) {
  const { deliver, deliverTopic } = webhookSender(app, ctx);

  /**
   * A shop route's store; unknown domains are created (every *.myshopify.com store exists here). The scope's hook
   * (index.ts) has already refused a name that is not a store domain.
   */
  async function shopOf(request: FastifyRequest<{ Params: ShopParams }>): Promise<SandboxShop> {
    return ensureSandboxShop(ctx.db, ctx.config.publicUrl, request.params.shop.toLowerCase());
  }

  async function placeOrder(
    shop: SandboxShop,
    input: z.infer<typeof orderRequestSchema>,
  ): Promise<{ order: Awaited<ReturnType<typeof createSandboxOrder>>; deliveries: Delivery[] }> {
    const order = await createSandboxOrder(ctx.db, shop, input);
    const deliveries = await deliverTopic(shop.domain, "orders/create", order.payload, order.id);
    return { order, deliveries };
  }

  return { ctx, shopOf, deliver, deliverTopic, placeOrder };
}

export type ShopifySandbox = ReturnType<typeof shopifySandbox>;
