import { z } from "zod";
import { gameSchema } from "./games.js";
import { type OrderStatus, orderStatusSchema } from "./orders.js";

/**
 * The public API v1 (spec 001 §7, §8; docs/api.md and decision 022: keys, rate limits, webhooks and errors).
 * These schemas are the routes' schemas, and the OpenAPI document at /api/openapi.json is generated from them.
 */

/** Rate limits per key and minute (docs/api.md, Rate limits). */
export const API_RATE_LIMITS = { reads: 600, writes: 120, windowSeconds: 60 } as const;
/** How long an Idempotency-Key remembers its first answer. */
export const IDEMPOTENCY_TTL_HOURS = 24;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** The most lines one create-order call may carry. */
const API_ORDER_MAX_LINES = 50;
const API_ORDERS_PAGE_MAX = 100;
const API_ORDERS_PAGE_DEFAULT = 50;
/** "Send test event" presses a seller may make a minute: each makes the server POST to their endpoint. */
export const WEBHOOK_TEST_EVENTS_PER_MINUTE = 5;
/** Keys start with these, so a leaked one is recognisable (live: real mode; test: sandbox). */
export const API_KEY_PREFIXES = { live: "ad_live_", test: "ad_test_" } as const;

/** Every machine code a public API error carries, with the status it comes with (spec 001 §8). */
export const API_ERROR_CODES = {
  invalid_request: 400,
  unknown_item: 400,
  game_rules_violation: 400,
  insufficient_inventory: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  api_integration_disabled: 403,
  subscription_required: 403,
  admin_required: 403,
  not_found: 404,
  order_not_cancellable: 409,
  idempotency_key_reused: 422,
  rate_limited: 429,
  internal_error: 500,
} as const;
export type ApiErrorCode = keyof typeof API_ERROR_CODES;

/** The code for a status when nothing more precise applies. */
export function defaultApiErrorCode(status: number): ApiErrorCode {
  if (status === 401) return "invalid_api_key";
  if (status === 403) return "api_integration_disabled";
  if (status === 404) return "not_found";
  if (status === 409) return "order_not_cancellable";
  if (status === 422) return "idempotency_key_reused";
  if (status === 429) return "rate_limited";
  if (status >= 500) return "internal_error";
  return "invalid_request";
}

export const API_TEXTS = {
  missingKey: "Missing API key: send Authorization: Bearer <key>",
  invalidKey: "Invalid API key",
  disabled: "API integration is disabled. Turn it on at /api-integration.",
  tierRequired: "API integration needs an active Basic or Pro subscription",
  webhooksNeedApi: "Turn on the API integration to use webhooks",
  adminRequired: "Admin access required",
  notFound: "Not found",
  orderNotFound: "Order not found",
  notCancellable:
    "Only an unclaimed order can be cancelled; this one is already claimed, delivered or closed",
  unknownItem: (codeName: string) => `Unknown item in your inventory: ${codeName}`,
  ambiguousItem: (codeName: string) =>
    `Item ${codeName} is in your inventory for more than one game: order it from one game only`,
  insufficientInventory: (codeName: string, available: number) =>
    `Not enough ${codeName} in your inventory (available: ${available})`,
  idempotencyReused: "This Idempotency-Key was already used with a different request body",
  rateLimited: "Rate limit exceeded",
  invalidCursor: "Invalid cursor",
  internal: "Internal server error",
} as const;

export const apiErrorSchema = z
  .object({
    error: z.string().describe("What went wrong, for a person"),
    code: z
      .enum(Object.keys(API_ERROR_CODES) as [ApiErrorCode, ...ApiErrorCode[]])
      .describe("Stable machine code"),
  })
  .meta({ id: "Error", example: { error: "Invalid API key", code: "invalid_api_key" } });

const apiInventoryEntrySchema = z
  .object({
    gameId: gameSchema,
    codeName: z.string(),
    displayName: z.string(),
    imageUrl: z.string(),
    quantity: z.number().int().describe("Units available to order (reserved units are not counted)"),
  })
  .meta({
    id: "InventoryEntry",
    example: {
      gameId: "mm2",
      codeName: "harvester",
      displayName: "Harvester",
      imageUrl: "https://example.com/item-images/harvester.png",
      quantity: 12,
    },
  });
export type ApiInventoryEntry = z.infer<typeof apiInventoryEntrySchema>;
export const apiInventoryResponseSchema = z.object({ inventory: z.array(apiInventoryEntrySchema) });

export const apiCreateOrderRequestSchema = z
  .object({
    items: z
      .array(
        z.object({
          codeName: z.string().trim().min(1).max(100),
          quantity: z.number().int().min(1).max(10_000),
        }),
      )
      .min(1)
      .max(API_ORDER_MAX_LINES),
    price: z
      .string()
      .trim()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, "must be an amount in US dollars, such as 4.99")
      .optional()
      .describe(
        "What the buyer paid for the whole order, in US dollars as a decimal string; it counts in your dashboard's sales and profit. Without it the order counts as 0.00",
      ),
  })
  .meta({
    id: "CreateOrderRequest",
    example: { items: [{ codeName: "harvester", quantity: 1 }], price: "4.99" },
  });
export type ApiCreateOrderRequest = z.infer<typeof apiCreateOrderRequestSchema>;

/**
 * What each order status means to an integrator. An API order goes unclaimed → pending → completed, or cancelled;
 * the enum still lists every status an order can have, so no answer can carry one the document does not name.
 */
const ORDER_STATUS_MEANINGS: Record<OrderStatus, string> = {
  awaiting_payment: "not paid yet (store orders)",
  unclaimed: "waiting for the buyer to claim it",
  pending: "claimed; the bot is delivering",
  completed: "delivered",
  failed_no_stock: "there was not enough stock for it (store orders)",
  cancelled: "called off; its items went back to the inventory",
  refunded: "refunded in the store (store orders)",
};
const apiOrderStatusSchema = orderStatusSchema.describe(
  Object.entries(ORDER_STATUS_MEANINGS)
    .map(([status, meaning]) => `${status}: ${meaning}`)
    .join("; "),
);

/** Spec 001 §3 API order view. */
export const apiOrderSchema = z
  .object({
    id: z.string(),
    claimUrl: z.string().describe("Send the buyer here to claim the items in game"),
    authKey: z.string().describe("The order's secret claim key (part of claimUrl)"),
    items: z.array(z.object({ codeName: z.string(), displayName: z.string(), quantity: z.number().int() })),
    game: gameSchema,
    createdAt: z.string(),
    status: apiOrderStatusSchema,
    claimedAt: z.string().nullable(),
    robloxUsername: z.string().nullable(),
  })
  .meta({
    id: "Order",
    example: {
      id: "5f0c2a9e-2f7e-4d8f-9a57-3b1c3c1f6c11",
      claimUrl: "https://claim.example.com/claim/Qm9vTWFnaWNLZXk",
      authKey: "Qm9vTWFnaWNLZXk",
      items: [{ codeName: "harvester", displayName: "Harvester", quantity: 1 }],
      game: "mm2",
      createdAt: "2026-11-26T04:00:00.000Z",
      status: "unclaimed",
      claimedAt: null,
      robloxUsername: null,
    },
  });
export type ApiOrder = z.infer<typeof apiOrderSchema>;

export const apiCheckStatusResponseSchema = z
  .object({
    authKey: z.string(),
    status: apiOrderStatusSchema,
    claimedAt: z.string().nullable(),
    robloxUsername: z.string().nullable(),
  })
  .meta({
    id: "OrderStatus",
    example: {
      authKey: "Qm9vTWFnaWNLZXk",
      status: "pending",
      claimedAt: "2026-11-26T04:05:00.000Z",
      robloxUsername: "Builderman",
    },
  });

export const apiOrdersQuerySchema = z.object({
  cursor: z.string().max(200).optional().describe("nextCursor of the previous page"),
  limit: z.coerce.number().int().min(1).max(API_ORDERS_PAGE_MAX).default(API_ORDERS_PAGE_DEFAULT),
});
export const apiOrdersPageSchema = z
  .object({
    orders: z.array(apiOrderSchema),
    nextCursor: z
      .string()
      .nullable()
      .describe("Pass as cursor for the next (older) page; null on the last page"),
  })
  .meta({ id: "OrdersPage" });

// --- The seller's API Integration page (session routes) ---

const WEBHOOK_EVENTS = ["order.created", "order.claimed", "order.completed", "order.failed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Headers of a webhook delivery; the signature is HMAC-SHA256 (hex) over `${id}.${timestamp}.${body}`. */
export const WEBHOOK_HEADERS = {
  id: "Autodrop-Webhook-Id",
  timestamp: "Autodrop-Webhook-Timestamp",
  signature: "Autodrop-Webhook-Signature",
} as const;
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export const apiToggleRequestSchema = z.object({ enabled: z.boolean() });
export const apiToggleResponseSchema = z.object({
  enabled: z.boolean(),
  keyPrefix: z.string().nullable(),
  /** The whole key, only in the answer that created it. */
  apiKey: z.string().optional(),
});
export const apiRefreshKeyResponseSchema = z.object({ apiKey: z.string(), keyPrefix: z.string() });

const webhookDeliverySchema = z.object({
  id: z.string(),
  event: z.string(),
  status: z.enum(["pending", "delivered", "failed"]),
  attempts: z.number().int(),
  lastStatusCode: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookEndpointSchema = z.object({ url: z.string(), secret: z.string(), createdAt: z.string() });

export const apiIntegrationStateSchema = z.object({
  enabled: z.boolean(),
  /** Whether the seller's plan allows turning it on (basic or pro, not expired). */
  allowed: z.boolean(),
  keyPrefix: z.string().nullable(),
  baseUrl: z.string(),
  /** In sandbox mode: the receiver a tester may point the webhook at. */
  sandboxReceiverUrl: z.string().nullable(),
  webhook: webhookEndpointSchema.nullable(),
  deliveries: z.array(webhookDeliverySchema),
  orders: z.array(apiOrderSchema),
});
export type ApiIntegrationState = z.infer<typeof apiIntegrationStateSchema>;

export const webhookEndpointRequestSchema = z.object({ url: z.string().trim().min(1).max(2000) });
