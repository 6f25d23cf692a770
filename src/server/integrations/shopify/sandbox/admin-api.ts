import type { FastifyInstance } from "fastify";
import type { Bucket } from "./graphql/cost.js";
import { executeAdminGraphql, isKnownApiVersion, rulesFor } from "./graphql/index.js";
import { BASE, type ShopifySandbox, type ShopParams } from "./shared.js";
import { findAccessToken, findSandboxShop } from "./store.js";

const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";

/**
 * The Admin GraphQL endpoint: an access token of the shop, a published API version (whose rules the answer
 * follows), then the query. The cost buckets live in this process: one emulator's view of a shop's rate limit.
 */
export function registerAdminApi(scope: FastifyInstance, { ctx }: ShopifySandbox): void {
  const buckets = new Map<string, Bucket>();
  scope.post<{ Params: ShopParams & { version: string } }>(
    `${BASE}/:shop/admin/api/:version/graphql.json`,
    async (request, reply) => {
      const shop = await findSandboxShop(ctx.db, request.params.shop);
      const token = request.headers["x-shopify-access-token"];
      const access =
        shop && typeof token === "string" ? await findAccessToken(ctx.db, shop.domain, token) : null;
      if (!shop || !access) return reply.status(401).send({ errors: INVALID_TOKEN });
      const { version } = request.params;
      if (!isKnownApiVersion(version)) {
        return reply.status(404).send({ errors: "Not Found" });
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      const gql = { db: ctx.db, shop, scopes: access.scopes, rules: rulesFor(version) };
      // Wall time, not ctx.clock: the bucket refills as real seconds pass even when a test fixes the app's clock.
      return reply.send(await executeAdminGraphql(gql, body, buckets, Date.now()));
    },
  );
}
