import type { FastifyInstance } from "fastify";
import { SHOP_DOMAIN_RE } from "../../../../contract/shopify.js";
import { acceptFormPosts, addSandboxEntry, type SandboxContext, sendPage } from "../../sandbox-home.js";
import { registerAdminApi } from "./admin-api.js";
import { registerAdminPages } from "./admin-pages.js";
import { registerControlApi } from "./control.js";
import { registerOrderLifecycle } from "./lifecycle.js";
import { registerOAuth } from "./oauth.js";
import { errorPage } from "./pages.js";
import { BASE, shopifySandbox } from "./shared.js";
import { registerStorefront } from "./storefront.js";
import { registerThankYou } from "./thank-you.js";

/**
 * The Shopify emulator: OAuth (authorize page, code exchange), the Admin GraphQL API, webhook delivery signed with
 * X-Shopify-Hmac-Sha256, a storefront where a tester places orders and a small admin to watch the result.
 */
export async function registerShopifySandbox(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  addSandboxEntry({
    name: "Shopify",
    path: BASE,
    description:
      "Stores (any *.myshopify.com), OAuth, Admin GraphQL, a storefront that places orders and sends orders/create webhooks.",
  });
  const sandbox = shopifySandbox(app, ctx);
  await app.register(async (scope) => {
    acceptFormPosts(scope);
    // Every route that names a store refuses a name that is not a store domain before anything uses it (in a
    // redirect's Location header, a query, a page).
    scope.addHook("onRequest", async (request, reply) => {
      const { shop } = (request.params ?? {}) as { shop?: string };
      if (shop !== undefined && !SHOP_DOMAIN_RE.test(shop.toLowerCase()))
        return sendPage(
          reply,
          400,
          "Unknown store",
          errorPage("A store domain looks like name.myshopify.com."),
        );
    });
    registerOAuth(scope, sandbox);
    registerAdminApi(scope, sandbox);
    registerStorefront(scope, sandbox);
    registerThankYou(scope, sandbox);
    registerControlApi(scope, sandbox);
    registerOrderLifecycle(scope, sandbox);
    registerAdminPages(scope, sandbox);
  });
}
