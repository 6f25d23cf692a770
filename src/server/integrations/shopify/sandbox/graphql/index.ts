import { graphql } from "graphql";
import type { GraphqlContext } from "./common.js";
import { inventoryResolvers } from "./inventory.js";
import { orderResolvers } from "./orders.js";
import { productResolvers } from "./products.js";
import { schema } from "./schema.js";
import { shopResolvers } from "./shop.js";
import { webhookResolvers } from "./webhooks.js";

export type { GraphqlContext } from "./common.js";

/** Every query and mutation field of the schema, resolved per Shopify object. */
const root = {
  ...shopResolvers,
  ...productResolvers,
  ...inventoryResolvers,
  ...orderResolvers,
  ...webhookResolvers,
};

/** Runs one Admin GraphQL request for a shop with the token's scopes; answers Shopify's response body. */
export async function executeAdminGraphql(
  ctx: GraphqlContext,
  body: { query?: unknown; variables?: unknown; operationName?: unknown },
): Promise<{ data?: unknown; errors?: unknown }> {
  if (typeof body.query !== "string" || !body.query.trim()) {
    return { errors: [{ message: "Parameter Missing or Invalid", extensions: { code: "BAD_REQUEST" } }] };
  }
  const result = await graphql({
    schema,
    source: body.query,
    rootValue: root,
    contextValue: ctx,
    variableValues: (body.variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: typeof body.operationName === "string" ? body.operationName : undefined,
  });
  const out: { data?: unknown; errors?: unknown; extensions: unknown } = {
    extensions: {
      cost: {
        requestedQueryCost: 10,
        actualQueryCost: 10,
        throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1990, restoreRate: 100 },
      },
    },
  };
  if (result.data !== undefined) out.data = result.data;
  if (result.errors?.length) out.errors = result.errors.map((e) => e.toJSON());
  return out;
}
