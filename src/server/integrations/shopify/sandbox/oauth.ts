import type { FastifyInstance } from "fastify";
import { sendPage } from "../../sandbox-home.js";
import * as pages from "./pages.js";
import { BASE, type ShopifySandbox, type ShopParams } from "./shared.js";
import { shopifyQuerySignature } from "./signing.js";
import {
  type ExpiringToken,
  exchangeNonExpiringToken,
  findSandboxShop,
  issueAuthCode,
  issueExpiringToken,
  issueNonExpiringToken,
  redeemAuthCode,
  redeemRefreshToken,
} from "./store.js";

const TOKEN_EXCHANGE_GRANT = "urn:ietf:params:oauth:grant-type:token-exchange";
const OFFLINE_TOKEN_TYPE = "urn:shopify:params:oauth:token-type:offline-access-token";

type TokenRequest = {
  client_id?: string;
  client_secret?: string;
  grant_type?: string;
  code?: string;
  /** 1 asks for an expiring token (Shopify's libraries send "1"); absent or 0, a non-expiring one. */
  expiring?: number | string;
  refresh_token?: string;
  subject_token?: string;
  subject_token_type?: string;
  requested_token_type?: string;
};

/** An expiring token as the token endpoint answers it. */
function tokenResponse(t: ExpiringToken) {
  return {
    access_token: t.accessToken,
    scope: t.scopes,
    expires_in: t.expiresIn,
    refresh_token: t.refreshToken,
    refresh_token_expires_in: t.refreshTokenExpiresIn,
  };
}

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
      const shop = await shopOf(request);
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
      const shop = await shopOf(request);
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
      params.hmac = shopifyQuerySignature(ctx.config.shopifyApiSecret, params);
      return reply.redirect(`${body.redirect_uri}?${new URLSearchParams(params)}`, 302);
    },
  );

  /**
   * The token endpoint's grants: the authorization code (expiring tokens with `expiring=1`, as Shopify issues them),
   * `refresh_token`, and the token exchange of a non-expiring offline token for an expiring one. Errors are
   * Shopify's OAuth bodies: `{error, error_description}`.
   */
  scope.post<{ Params: ShopParams; Body: TokenRequest }>(
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
      const now = ctx.clock();
      const expiring = body.expiring === 1 || body.expiring === "1";
      switch (body.grant_type) {
        case undefined:
        case "authorization_code": {
          const granted = body.code ? await redeemAuthCode(ctx.db, shop.domain, body.code) : null;
          if (!granted) {
            return reply.status(400).send({
              error: "invalid_request",
              error_description: "The authorization code was not found or was already used",
            });
          }
          if (!expiring) {
            const token = await issueNonExpiringToken(ctx.db, shop.domain, granted.scopes);
            return reply.send({ access_token: token, scope: granted.scopes });
          }
          return reply.send(
            tokenResponse(await issueExpiringToken(ctx.db, shop.domain, granted.scopes, now)),
          );
        }
        case "refresh_token": {
          if (!body.refresh_token) {
            return reply
              .status(400)
              .send({ error: "invalid_request", error_description: "Missing parameter: refresh_token" });
          }
          const refreshed = await redeemRefreshToken(ctx.db, shop.domain, body.refresh_token, now);
          if ("refused" in refreshed) {
            // A refresh token Shopify issued but no longer honours (used, revoked, expired) is answered like this
            // (seen on a rotated-out token, community.shopify.dev, June 2026); one it never issued is invalid_grant.
            return refreshed.refused === "inactive"
              ? reply.status(401).send({
                  error: "invalid_request",
                  error_description: "This request requires an active refresh_token",
                })
              : reply
                  .status(400)
                  .send({ error: "invalid_grant", error_description: "The refresh token is invalid" });
          }
          return reply.send(tokenResponse(refreshed));
        }
        case TOKEN_EXCHANGE_GRANT: {
          if (!body.subject_token) {
            return reply.status(400).send({
              error: "missing_subject_token",
              error_description: "Missing parameter: subject_token",
            });
          }
          if (
            body.subject_token_type !== OFFLINE_TOKEN_TYPE ||
            body.requested_token_type !== OFFLINE_TOKEN_TYPE ||
            !expiring
          ) {
            return reply.status(400).send({
              error: "invalid_request",
              error_description: `The sandbox exchanges only a non-expiring offline token for an expiring one (subject_token_type and requested_token_type ${OFFLINE_TOKEN_TYPE}, expiring=1)`,
            });
          }
          const exchanged = await exchangeNonExpiringToken(ctx.db, shop.domain, body.subject_token, now);
          if ("refused" in exchanged) {
            return reply
              .status(400)
              .send({ error: "invalid_subject_token", error_description: "Subject token is invalid" });
          }
          return reply.send(tokenResponse(exchanged));
        }
        default:
          return reply.status(400).send({
            error: "unsupported_grant_type",
            error_description: `The grant type ${body.grant_type} is not supported`,
          });
      }
    },
  );
}
