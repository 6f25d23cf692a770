import type { FastifyInstance } from "fastify";
import type { Bucket } from "./graphql/cost.js";
import { executeAdminGraphql, isKnownApiVersion, rulesFor } from "./graphql/index.js";
import { BASE, type ShopifySandbox, type ShopParams } from "./shared.js";
import { findAccessToken, findSandboxShop } from "./store.js";

const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";
const NON_EXPIRING_REFUSED =
  "Non-expiring access tokens are no longer accepted for the Admin API. Start using expiring offline tokens.";

/**
 * The Admin GraphQL endpoint: an access token of the shop, a published API version (whose rules the answer
 * follows), then the query. An expired token is answered like an unknown one (401). The sandbox app counts as a
 * public app created after April 1, 2026 (decision 032): a non-expiring token is refused with 403. The cost
 * buckets live in this process: one emulator's view of a shop's rate limit.
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
      if (!shop || !access || (access.expiresAt && access.expiresAt.getTime() <= ctx.clock())) {
        return reply
          .status(401)
          .header("www-authenticate", 'Basic Realm="Shopify API Authentication"')
          .send({ errors: INVALID_TOKEN });
      }
      if (!access.expiresAt) return reply.status(403).send({ errors: NON_EXPIRING_REFUSED });
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
