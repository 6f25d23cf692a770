import {
  execute,
  type FragmentDefinitionNode,
  GraphQLError,
  getOperationAST,
  Kind,
  parse,
  validate,
} from "graphql";
import type { GraphqlContext } from "./common.js";
import { actualCost, type Bucket, costExtension, MAX_QUERY_COST, refill, requestedCost } from "./cost.js";
import { inventoryResolvers } from "./inventory.js";
import { orderResolvers } from "./orders.js";
import { productResolvers } from "./products.js";
import { schemaFor } from "./schema.js";
import { shopResolvers } from "./shop.js";
import { webhookResolvers } from "./webhooks.js";

export type { GraphqlContext } from "./common.js";
export { isKnownApiVersion, rulesFor } from "./version.js";

/** Every query and mutation field of the schema, resolved per Shopify object. */
const root = {
  ...shopResolvers,
  ...productResolvers,
  ...inventoryResolvers,
  ...orderResolvers,
  ...webhookResolvers,
};

type Response = { data?: unknown; errors?: unknown[]; extensions?: unknown };

const failure = (message: string, extensions: Record<string, unknown>): Response => ({
  errors: [{ message, extensions }],
});

/**
 * Runs one Admin GraphQL request for a shop as Shopify does: parsed and validated against the version's schema,
 * its cost counted (a query over the single-query limit is refused, one the shop's bucket cannot pay is throttled),
 * then executed; the answer carries the cost extension. `buckets` holds each shop's leaky bucket.
 */
export async function executeAdminGraphql(
  ctx: GraphqlContext,
  body: { query?: unknown; variables?: unknown; operationName?: unknown },
  buckets: Map<string, Bucket>,
  now: number,
): Promise<Response> {
  if (typeof body.query !== "string" || !body.query.trim()) {
    return failure("Parameter Missing or Invalid", { code: "BAD_REQUEST" });
  }
  const schema = schemaFor(ctx.rules);
  let document: ReturnType<typeof parse>;
  try {
    document = parse(body.query);
  } catch (err) {
    return { errors: [(err as GraphQLError).toJSON()] };
  }
  const invalid = validate(schema, document);
  if (invalid.length) return { errors: invalid.map((e) => e.toJSON()) };
  const operationName = typeof body.operationName === "string" ? body.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  if (!operation) return failure("Could not determine the operation to run", { code: "BAD_REQUEST" });
  const variables = (body.variables ?? {}) as Record<string, unknown>;
  const fragments: Record<string, FragmentDefinitionNode> = {};
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments[d.name.value] = d;

  let requested: number;
  try {
    requested = requestedCost(schema, operation, fragments, variables);
  } catch (err) {
    // A variable of the wrong type: execution reports it the way Shopify does.
    requested = 0;
    if (!(err instanceof GraphQLError)) throw err;
  }
  let bucket = refill(buckets.get(ctx.shop.domain), now);
  if (requested > MAX_QUERY_COST) {
    return failure(
      `Query cost is ${requested}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
      { code: "MAX_COST_EXCEEDED", cost: requested, maxCost: MAX_QUERY_COST },
    );
  }
  if (requested > bucket.available) {
    buckets.set(ctx.shop.domain, bucket);
    return {
      ...failure("Throttled", {
        code: "THROTTLED",
        documentation: "https://shopify.dev/api/usage/rate-limits",
      }),
      extensions: costExtension(requested, null, bucket),
    };
  }
  const result = await execute({
    schema,
    document,
    rootValue: root,
    contextValue: ctx,
    variableValues: variables,
    operationName,
  });
  const actual = Math.min(requested, actualCost(result.data, operation.operation === "mutation"));
  bucket = { ...bucket, available: bucket.available - actual };
  buckets.set(ctx.shop.domain, bucket);
  const out: Response = {};
  if (result.data !== undefined) out.data = result.data;
  if (result.errors?.length) out.errors = result.errors.map((e) => e.toJSON());
  out.extensions = costExtension(requested, actual, bucket);
  return out;
}
