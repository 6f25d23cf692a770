/**
 * The Bot API (docs/bot-api.md) as data: the admin's API Documentation tab renders all of it, and the public
 * OpenAPI document lists the endpoints spec 001 §7 names among the public API's routes (`inSpecApi`), so the two
 * describe those routes alike.
 */
export interface BotApiEndpoint {
  method: "GET" | "POST";
  /** The route, path parameters in braces as in OpenAPI. */
  path: string;
  /** Optional query parameters. */
  query?: string[];
  summary: string;
  request?: string;
  response: string;
  errors?: [status: number, meaning: string][];
  /** One of spec 001 §7's admin/bot routes, which integrators with an API key see (and get a 403 from). */
  inSpecApi?: true;
}

/** The path as the tab shows it: query parameters after it, each as `name={name}`. */
export const shownPath = (e: BotApiEndpoint) =>
  e.query ? `${e.path}?${e.query.map((q) => `${q}={${q}}`).join("&")}` : e.path;

export const BOT_API_AUTH = {
  header: "Authorization: Bearer adbot_…",
  keys: 'An admin issues keys with POST /api/admin/bot-keys {"name"}; the key is shown once and stored as a hash. DELETE /api/admin/bot-keys/{id} revokes one.',
  rateLimit: "1,200 requests per minute per key; over it 429 with Retry-After (seconds).",
} as const;

/** The Bot API's errors: `{error, code}`, the code stable for programs (a status's own unless the error names one). */
export const BOT_API_ERRORS: [status: number, code: string, meaning: string][] = [
  [400, "invalid_request", "Bad input; the message names the field"],
  [401, "invalid_bot_key", "Invalid or missing bot key"],
  [
    403,
    "forbidden",
    "A signed-in user who is not an admin, a seller's API key (code admin_required), a refused trade",
  ],
  [404, "not_found", "Unknown bot, order or user"],
  [409, "conflict", "A state conflict (an order that is not pending, a bot with no seller)"],
  [429, "rate_limited", "Rate limit exceeded"],
  [500, "internal_error", "Server error"],
];

/** The code a Bot API error carries when it names none: its status's. */
export function botErrorCode(status: number): string {
  const row =
    BOT_API_ERRORS.find(([s]) => s === status) ??
    BOT_API_ERRORS.find(([s]) => s === (status >= 500 ? 500 : 400));
  return row![1];
}

export const BOT_API_ENDPOINTS: BotApiEndpoint[] = [
  {
    method: "GET",
    path: "/api/bot/bots",
    query: ["game"],
    summary: "The pool bots (of one game when given) the agent plays.",
    response: '[{ "id", "botUsername", "game", "assigned", "status", "onlineUntil" }]',
  },
  {
    method: "POST",
    path: "/api/bot/heartbeat",
    summary: "A bot in game; inside a Turn On window it becomes online.",
    request: '{ "botUsername" }',
    response: '{ "botUsername", "status", "onlineUntil" }',
    errors: [[404, "Bot not found"]],
  },
  {
    method: "GET",
    path: "/api/bot/work",
    query: ["botUsername"],
    summary:
      "What to do now: trade partners to accept, the game's code names, friend requests and pending orders.",
    response:
      '{ "bot", "allowedPartners": [robloxUserId], "codeNames": [..], "friendRequests": [..], "orders": [..] }',
  },
  {
    method: "POST",
    path: "/api/bot/friend-requests/{id}/sent",
    summary: "A friend request was sent in game.",
    response: '{ "success": true }',
    errors: [[404, "unknown request"]],
  },
  {
    method: "POST",
    path: "/api/bot/deposits",
    summary:
      "A completed trade from the seller or a whitelisted user; credits the seller's inventory once per tradeRef.",
    request: '{ "botUsername", "partnerRobloxUserId", "items": [{ "codeName", "quantity" }], "tradeRef" }',
    response:
      '{ "success": true, "depositId", "duplicate", "sellerId", "credited": [{ "codeName", "itemId", "quantity" }] }',
    errors: [
      [400, "unknown codeName"],
      [403, "partner not the owner or whitelisted"],
      [409, "bot not assigned"],
    ],
  },
  {
    method: "GET",
    path: "/api/admin/orders/pending",
    query: ["game"],
    summary: "Pending orders of every seller, oldest first, with the seller's bot.",
    response:
      '[{ "id", "source", "game", "robloxUsername", "robloxUserId", "orderItems", "botUsername", "createdAt" }]',
    inSpecApi: true,
  },
  {
    method: "POST",
    path: "/api/admin/orders/{orderId}/complete",
    summary: "The items were handed over: the reservation becomes a delivery and the order completes.",
    request: '{ "status": "completed" }',
    response: '{ "success": true, "order": { "id", "status", "completedAt" } }',
    errors: [
      [404, "unknown order"],
      [409, "Order is not pending"],
    ],
    inSpecApi: true,
  },
  {
    method: "GET",
    path: "/api/inventory/{userId}",
    summary: "A seller's inventory with what open orders hold.",
    response:
      '[{ "id", "itemId", "quantity", "reserved", "item": { "publicName", "codeName", "game", "imageUrl" } }]',
    errors: [[404, "unknown user"]],
    inSpecApi: true,
  },
  {
    method: "GET",
    path: "/api/users/by-roblox/{robloxUserId}",
    summary: "The Autodrop user with that Roblox account.",
    response: '{ "id", "username", "robloxUserId" }',
    errors: [[404, "unknown user"]],
    inSpecApi: true,
  },
  {
    method: "POST",
    path: "/api/admin/users/{userId}/items",
    summary: "Adds available units to a user's inventory (an admin_grant ledger row).",
    request: '{ "itemId", "quantity" }',
    response: '{ "success": true, "itemId", "quantity" }',
    errors: [
      [400, "retired item"],
      [404, "unknown item or user"],
    ],
  },
];
