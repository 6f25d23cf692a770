import type { FastifyInstance } from "fastify";
import { executeAdminGraphql } from "./graphql/index.js";
import { BASE, type ShopifySandbox, type ShopParams } from "./shared.js";
import { findAccessToken, findSandboxShop } from "./store.js";

const INVALID_TOKEN = "[API] Invalid API key or access token (unrecognized login or wrong password)";

/** The Admin GraphQL endpoint: an access token of the shop, a known API version, then the query. */
export function registerAdminApi(scope: FastifyInstance, { ctx }: ShopifySandbox): void {
  scope.post<{ Params: ShopParams & { version: string } }>(
    `${BASE}/:shop/admin/api/:version/graphql.json`,
    async (request, reply) => {
      const shop = await findSandboxShop(ctx.db, request.params.shop);
      const token = request.headers["x-shopify-access-token"];
      const access =
        shop && typeof token === "string" ? await findAccessToken(ctx.db, shop.domain, token) : null;
      if (!shop || !access) return reply.status(401).send({ errors: INVALID_TOKEN });
      if (!/^\d{4}-\d{2}$|^unstable$/.test(request.params.version)) {
        return reply.status(404).send({ errors: "Not Found" });
      }
      const body = (request.body ?? {}) as Record<string, unknown>;
      return reply.send(await executeAdminGraphql({ db: ctx.db, shop, scopes: access.scopes }, body));
    },
  );
}
