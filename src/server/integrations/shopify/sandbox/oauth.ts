import type { FastifyInstance } from "fastify";
import { sendPage } from "../../sandbox-home.js";
import { oauthQueryHmac } from "../hmac.js";
import * as pages from "./pages.js";
import { BASE, type ShopifySandbox, type ShopParams } from "./shared.js";
import { findSandboxShop, issueAccessToken, issueAuthCode, redeemAuthCode } from "./store.js";

/** OAuth: the authorize page, its approval, and the code exchange (with Shopify's hmac, state and shop). */
export function registerOAuth(scope: FastifyInstance, { ctx, shopOf }: ShopifySandbox): void {
  type AuthorizeQuery = { client_id?: string; scope?: string; redirect_uri?: string; state?: string };
  const checkAuthorize = (q: AuthorizeQuery): string | null => {
    if (q.client_id !== ctx.config.shopifyApiKey)
      return "Oauth error invalid_request: The client_id is not valid for any app.";
    if (!q.redirect_uri?.startsWith(`${ctx.config.publicUrl}/`)) {
      return "Oauth error invalid_request: The redirect_uri is not whitelisted.";
    }
    if (!q.scope) return "Oauth error invalid_scope: No scopes were requested.";
    return null;
  };

  scope.get<{ Params: ShopParams; Querystring: AuthorizeQuery }>(
    `${BASE}/:shop/admin/oauth/authorize`,
    async (request, reply) => {
      const shop = await shopOf(request, reply);
      if (!shop) return reply;
      const problem = checkAuthorize(request.query);
      if (problem) return sendPage(reply, 400, "Install app", pages.errorPage(problem));
      const { client_id, scope: scopes, redirect_uri, state } = request.query;
      return sendPage(
        reply,
        200,
        "Install app",
        pages.authorizePage({
          shop: shop.domain,
          scopes: scopes!.split(",").filter(Boolean),
          fields: {
            client_id: client_id!,
            scope: scopes!,
            redirect_uri: redirect_uri!,
            state: state ?? "",
          },
        }),
      );
    },
  );

  scope.post<{ Params: ShopParams; Body: AuthorizeQuery }>(
    `${BASE}/:shop/admin/oauth/authorize`,
    async (request, reply) => {
      const shop = await shopOf(request, reply);
      if (!shop) return reply;
      const body = request.body ?? {};
      const problem = checkAuthorize(body);
      if (problem) return sendPage(reply, 400, "Install app", pages.errorPage(problem));
      const code = await issueAuthCode(ctx.db, shop.domain, body.scope!);
      const params: Record<string, string> = {
        code,
        host: Buffer.from(`${shop.domain}/admin`).toString("base64url"),
        shop: shop.domain,
        state: body.state ?? "",
        timestamp: String(Math.floor(Date.now() / 1000)),
      };
      params.hmac = oauthQueryHmac(ctx.config.shopifyApiSecret, params);
      return reply.redirect(`${body.redirect_uri}?${new URLSearchParams(params)}`, 302);
    },
  );

  scope.post<{ Params: ShopParams; Body: { client_id?: string; client_secret?: string; code?: string } }>(
    `${BASE}/:shop/admin/oauth/access_token`,
    async (request, reply) => {
      const shop = await findSandboxShop(ctx.db, request.params.shop);
      const body = request.body ?? {};
      if (
        !shop ||
        body.client_id !== ctx.config.shopifyApiKey ||
        body.client_secret !== ctx.config.shopifyApiSecret
      ) {
        return reply
          .status(400)
          .send({ error: "invalid_client", error_description: "Client credentials are invalid" });
      }
      const granted = body.code ? await redeemAuthCode(ctx.db, shop.domain, body.code) : null;
      if (!granted) {
        return reply.status(400).send({
          error: "invalid_request",
          error_description: "The authorization code was not found or was already used",
        });
      }
      const token = await issueAccessToken(ctx.db, shop.domain, granted.scopes);
      return reply.send({ access_token: token, scope: granted.scopes });
    },
  );
}
