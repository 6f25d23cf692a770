import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { GraphQLError, type GraphQLResolveInfo, getDirectiveValues } from "graphql";
import { at } from "../../../../db/rows.js";
import { sandboxShopifyIdempotencyKeys } from "../../../../db/schema/index.js";
import type { GraphqlContext } from "./common.js";

/**
 * The mutations that take @idempotent ("Making idempotency mandatory for inventory adjustments and refund
 * mutations", Shopify changelog, December 2025); of these the app calls only inventorySetQuantities.
 */
export const IDEMPOTENT_MUTATIONS = [
  "inventorySetQuantities",
  "inventoryAdjustQuantities",
  "inventoryMoveQuantities",
  "inventorySetOnHandQuantities",
  "refundCreate",
  "inventoryShipmentCreate",
  "inventoryShipmentCreateInTransit",
  "inventoryShipmentReceive",
] as const;

/** The key of the field's @idempotent directive; a runtime error when the version requires one and it is missing. */
function idempotencyKey(ctx: GraphqlContext, info: GraphQLResolveInfo): string | null {
  const directive = info.schema.getDirective("idempotent");
  const values = directive
    ? getDirectiveValues(directive, at(info.fieldNodes, 0), info.variableValues)
    : undefined;
  const key = typeof values?.key === "string" ? values.key : null;
  if (key === null && ctx.rules.idempotentDirective === "required") {
    throw new GraphQLError(
      `The @idempotent directive is required for ${info.fieldName}. Pass a unique key, for example @idempotent(key: "<uuid>").`,
      {
        extensions: {
          code: "BAD_REQUEST",
          documentation: "https://shopify.dev/docs/api/usage/idempotent-requests",
        },
      },
    );
  }
  if (key !== null && !key.trim()) {
    throw new GraphQLError("The idempotency key must not be blank.", { extensions: { code: "BAD_REQUEST" } });
  }
  return key;
}

/**
 * Runs a mutation under its idempotency key: the first call runs and its result is kept; a replay of the key with
 * the same arguments answers that first result without running again; the key with other arguments is refused.
 */
export async function runIdempotent<T>(
  ctx: GraphqlContext,
  info: GraphQLResolveInfo,
  args: unknown,
  mismatch: () => T,
  run: () => Promise<T>,
): Promise<T> {
  const key = idempotencyKey(ctx, info);
  if (key === null) return run();
  const requestHash = createHash("sha256")
    .update(`${info.fieldName}\n${JSON.stringify(args)}`)
    .digest("hex");
  const where = and(
    eq(sandboxShopifyIdempotencyKeys.shop, ctx.shop.domain),
    eq(sandboxShopifyIdempotencyKeys.key, key),
  );
  const [first] = await ctx.db.select().from(sandboxShopifyIdempotencyKeys).where(where);
  if (first) return first.requestHash === requestHash ? (first.response as T) : mismatch();
  const result = await run();
  await ctx.db
    .insert(sandboxShopifyIdempotencyKeys)
    .values({ shop: ctx.shop.domain, key, field: info.fieldName, requestHash, response: result })
    .onConflictDoNothing();
  return result;
}
