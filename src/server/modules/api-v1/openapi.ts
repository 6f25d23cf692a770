import fastifySwagger from "@fastify/swagger";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { type ZodType, z } from "zod";
import {
  API_ERROR_CODES,
  API_RATE_LIMITS,
  API_TEXTS,
  defaultApiErrorCode,
  IDEMPOTENCY_TTL_HOURS,
} from "../../../contract/api.js";
import { BOT_API_ENDPOINTS, BOT_API_ERRORS } from "../../../contract/bot-api-reference.js";
import {
  completeOrderResponseSchema,
  pendingOrderListSchema,
  userByRobloxResponseSchema,
} from "../../../contract/botapi.js";
import { apiIntegrationEndpoints } from "../../../contract/endpoints/api-integration.js";
import { inventoryDetailListSchema } from "../../../contract/inventory.js";
import type { Config } from "../../config.js";
import { missing } from "../../db/rows.js";
import { clientErrorOf } from "../../http/error-handler.js";

export const OPENAPI_PATH = apiIntegrationEndpoints.openapi.path;
export const PUBLIC_API_TAG = "Public API";
export const BOT_TAG = "Delivery bot and admin";

const errorRef = { $ref: "#/components/schemas/Error" };
const pathParameter = (name: string) => ({ name, in: "path", required: true, schema: { type: "string" } });
const queryParameter = (name: string) => ({ name, in: "query", required: false, schema: { type: "string" } });
const botErrorSchema = {
  type: "object",
  properties: {
    error: { type: "string", description: "What went wrong, for a person" },
    code: {
      type: "string",
      enum: [...new Set(BOT_API_ERRORS.map(([, code]) => code))],
      description: "What went wrong, for a program: stable across releases",
    },
  },
  required: ["error", "code"],
};

/**
 * The spec's bot and admin endpoints, named and typed: their answers as the Bot API's own response schemas give
 * them, so a generated client knows what it gets.
 */
const BOT_OPERATIONS: Record<string, { operationId: string; response: ZodType }> = {
  "GET /api/admin/orders/pending": { operationId: "listPendingOrders", response: pendingOrderListSchema },
  "POST /api/admin/orders/{orderId}/complete": {
    operationId: "completeOrder",
    response: completeOrderResponseSchema,
  },
  "GET /api/inventory/{userId}": { operationId: "getSellerInventory", response: inventoryDetailListSchema },
  "GET /api/users/by-roblox/{robloxUserId}": {
    operationId: "getUserByRobloxId",
    response: userByRobloxResponseSchema,
  },
};

/** A zod schema as the JSON Schema of an answer (without the dialect: the document's is 3.1's). */
function responseSchema(schema: ZodType): Record<string, unknown> {
  const { $schema: _, ...json } = z.toJSONSchema(schema, { io: "output" });
  return json;
}

/**
 * The spec's admin and bot endpoints (001 §7) live in the Bot API (docs/bot-api.md) and take a bot key or an admin
 * session, not a seller's API key: listed so integrators see them and their 403, from the same data as the admin's
 * API Documentation tab. Their errors are `{error, code}` with the Bot API's own codes.
 */
function withBotPaths(doc: Record<string, unknown>): Record<string, unknown> {
  const paths = { ...(doc.paths as Record<string, Record<string, unknown>>) };
  for (const e of BOT_API_ENDPOINTS.filter((endpoint) => endpoint.inSpecApi)) {
    const operation = BOT_OPERATIONS[`${e.method} ${e.path}`];
    if (!operation) throw new Error(`no Bot API operation for ${e.method} ${e.path}`);
    // Any of them can answer the Bot API's 401 and 403; the endpoint's own meanings come after (and win).
    const errors = new Map([
      ...BOT_API_ERRORS.filter(([status]) => status === 401 || status === 403).map(
        ([status, , meaning]) => [status, meaning] as const,
      ),
      ...(e.errors ?? []),
    ]);
    paths[e.path] = {
      ...paths[e.path],
      [e.method.toLowerCase()]: {
        operationId: operation.operationId,
        summary: e.summary,
        description: `Bot key or admin only.${e.request ? ` Body: \`${e.request}\`.` : ""}`,
        tags: [BOT_TAG],
        security: [{ bearerAuth: [] }],
        parameters: [
          ...[...e.path.matchAll(/\{(\w+)\}/g)].map(([, name = missing("the path parameter's name")]) =>
            pathParameter(name),
          ),
          ...(e.query ?? []).map(queryParameter),
        ],
        responses: {
          "200": {
            description: `\`${e.response}\``,
            content: { "application/json": { schema: responseSchema(operation.response) } },
          },
          ...Object.fromEntries(
            [...errors].map(([status, meaning]) => [
              String(status),
              {
                description: meaning,
                content: { "application/json": { schema: status === 403 ? errorRef : botErrorSchema } },
              },
            ]),
          ),
        },
      },
    };
  }
  return { ...doc, paths };
}

/** What each status of the public API means, and the codes it carries (docs/api.md, "Errors"). */
const STATUS_MEANINGS: Record<number, string> = {
  400: "The request cannot be served as sent",
  401: "No API key, or one that is wrong or was refreshed; no rate-limit headers (there is no key to count)",
  403: "The key's seller may not use the API now (or the route is not for API keys)",
  404: "No such order of yours",
  409: "The order is past the point where this can be done",
  422: "The Idempotency-Key was used with another request body",
  429: "Too many requests with this key: wait Retry-After seconds",
  500: "Our fault; safe to retry with the same Idempotency-Key",
};

function errorDescription(status: number): string {
  const codes = Object.entries(API_ERROR_CODES)
    .filter(([, s]) => s === status)
    .map(([code]) => `\`${code}\``);
  return `${STATUS_MEANINGS[status]}. Code: ${codes.join(", ")}.`;
}

/** Response headers, defined once in components.headers. */
const HEADERS = {
  "RateLimit-Limit": {
    description: "Requests this key may make in the current window (reads and writes are counted apart)",
    schema: { type: "integer" },
  },
  "RateLimit-Remaining": { description: "Requests left in the current window", schema: { type: "integer" } },
  "RateLimit-Reset": { description: "Seconds until the window starts over", schema: { type: "integer" } },
  "Retry-After": { description: "Seconds to wait before trying again", schema: { type: "integer" } },
  "Idempotent-Replayed": {
    description: "`true` when an earlier request with the same Idempotency-Key created this order",
    schema: { type: "string", enum: ["true"] },
  },
} as const;
const headerRef = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

/** The route schema's key for the description of its success answer (moved onto the response here). */
export const SUCCESS_DESCRIPTION = "x-success-description";

/**
 * Every public operation's answers described, with the headers they carry: the rate-limit headers on every answer
 * to a valid key (all but 401), Retry-After on 429, Idempotent-Replayed on create-order's 201.
 */
function withResponseDocs(doc: Record<string, unknown>): Record<string, unknown> {
  const paths = doc.paths as Record<string, Record<string, Record<string, unknown>>>;
  for (const ops of Object.values(paths)) {
    for (const op of Object.values(ops)) {
      if (!(op.tags as string[] | undefined)?.includes(PUBLIC_API_TAG)) continue;
      const success = op[SUCCESS_DESCRIPTION] as string;
      delete op[SUCCESS_DESCRIPTION];
      const responses = op.responses as Record<string, Record<string, unknown>>;
      for (const [code, response] of Object.entries(responses)) {
        const status = Number(code);
        response.description = status < 300 ? success : errorDescription(status);
        const headers: Record<string, unknown> = {};
        if (status !== 401)
          for (const name of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"] as const)
            headers[name] = headerRef(name);
        if (status === 429) headers["Retry-After"] = headerRef("Retry-After");
        if (status === 201 && op.operationId === "createOrder")
          headers["Idempotent-Replayed"] = headerRef("Idempotent-Replayed");
        if (Object.keys(headers).length > 0) response.headers = headers;
      }
    }
  }
  const components = doc.components as Record<string, unknown>;
  return { ...doc, components: { ...components, headers: HEADERS } };
}

const DESCRIPTION = `Sell your Autodrop inventory from your own site or bot: read your inventory, create an order, send the buyer its claimUrl, follow its status.

**Authentication**: \`Authorization: Bearer <API key>\`. Turn the API on and get the key at /api-integration (Basic or Pro plan). Keys start with \`ad_live_\` (\`ad_test_\` in the sandbox).

**Rate limits**: ${API_RATE_LIMITS.reads} reads (GET) and ${API_RATE_LIMITS.writes} writes per minute per key. Every answer to a request with a valid key carries \`RateLimit-Limit\`, \`RateLimit-Remaining\` and \`RateLimit-Reset\` (seconds), its 403s included; a 429 carries \`Retry-After\`. A 401 (no key, or an unknown one) has no key to count against and carries none.

**Idempotency**: send \`Idempotency-Key\` on create-order. The same key with the same body within ${IDEMPOTENCY_TTL_HOURS} h answers the first order again (\`Idempotent-Replayed: true\`); the same key with another body is a 422.

**Errors**: \`{"error": "...", "code": "..."}\` with a stable machine code: ${Object.entries(API_ERROR_CODES)
  .map(([code, status]) => `${status} \`${code}\``)
  .join(", ")}.

**Orders list**: \`GET /api/v1/orders\` (cursor-paginated), also at the spec's \`GET /api/orders\` for a request with an API key; without one, \`/api/orders\` is the seller's session route.`;

/** @fastify/swagger in the public API's context: every route registered there (and not hidden) is in the document. */
export async function registerOpenApi(api: FastifyInstance, config: Config): Promise<void> {
  await api.register(fastifySwagger, {
    openapi: {
      openapi: "3.1.0",
      info: { title: "Autodrop public API", version: "1.0.0", description: DESCRIPTION },
      servers: [{ url: config.publicUrl, description: config.sandbox ? "Sandbox" : "Production" }],
      tags: [
        { name: PUBLIC_API_TAG, description: "Bearer API key" },
        {
          name: BOT_TAG,
          description: "Bot keys and admins only: a seller's API key gets 403 admin_required",
        },
      ],
      components: {
        securitySchemes: {
          bearerAuth: { type: "http", scheme: "bearer", description: "Your API key from /api-integration" },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
}

const cached = new WeakMap<FastifyInstance, Record<string, unknown>>();

/** The generated document plus the bot endpoints, built once per app. */
export function openApiDocument(api: FastifyInstance): Record<string, unknown> {
  let doc = cached.get(api);
  if (!doc) {
    doc = withBotPaths(
      withResponseDocs(structuredClone(api.swagger()) as unknown as Record<string, unknown>),
    );
    cached.set(api, doc);
  }
  return doc;
}
/**
 * The public API's errors: `{error, code}` with the status's code when the error names none; never a stack.
 * `errorFirst` may answer an error that comes before the one thrown (a key a route checks in its handler).
 */
export function registerApiErrorHandler(
  api: FastifyInstance,
  errorFirst: (request: FastifyRequest, reply: FastifyReply) => Promise<unknown> = async () => null,
): void {
  api.setErrorHandler(async (thrown: FastifyError, request, reply) => {
    const err = ((await errorFirst(request, reply)) ?? thrown) as FastifyError;
    const answer = clientErrorOf(err);
    if (!answer) {
      request.log.error({ err }, "public API request failed");
      return reply.status(500).send({ error: API_TEXTS.internal, code: "internal_error" });
    }
    // Integrators get one status for a body they must fix, however it was wrong.
    const status = answer.status === 413 ? 400 : answer.status;
    const error = answer.unreadableBody ? "Invalid request body" : answer.error;
    const code = answer.code ?? (answer.where ? "invalid_request" : defaultApiErrorCode(status));
    return reply
      .status(status)
      .headers(answer.headers ?? {})
      .send({ error, code });
  });
}
