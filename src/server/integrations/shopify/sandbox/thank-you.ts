import type { FastifyInstance } from "fastify";
import claimButtonTexts from "../../../../../extensions/claim-button/locales/en.default.json" with {
  type: "json",
};
import { claimUrl } from "../../../../../extensions/claim-button/src/claim-url.js";
import { html, sendPage } from "../../sandbox-home.js";
import { lineSummary, sandboxShopPath } from "./pages.js";
import { BASE, type ShopifySandbox, type ShopParams } from "./shared.js";
import { findSandboxOrder, type SandboxOrder } from "./store.js";

/** Where the storefront's checkout sends the buyer: the order's Thank you page. */
export const thankYouPath = (shop: string, orderId: string) =>
  sandboxShopPath(shop, `/store/orders/${orderId}/thank-you`);

/**
 * The Thank you page as Shopify shows it after checkout, with the block the checkout extension renders there
 * (extensions/claim-button): the same texts and the link from the same builder, with this server as the claim
 * page address.
 */
function thankYouPage(shop: string, order: SandboxOrder, claimBase: string) {
  const link = claimUrl(claimBase, order.id, order.email ?? undefined);
  return html`<h1>Thank you for your purchase!</h1>
<p class="lead">${shop} · Order ${order.name} · confirmation sent to ${order.email ?? "no e-mail"}</p>
<div class="card">
<p><strong>Items:</strong> ${lineSummary(order)}</p>
<p><strong>Total:</strong> $${order.totalPrice}</p>
</div>
${
  link
    ? html`<div class="card" data-testid="claim-block">
<p>${claimButtonTexts.hint}</p>
<p><a class="button" href="${link}" target="_blank" rel="noopener">${claimButtonTexts.claim}</a></p>
</div>`
    : ""
}
<p class="hint"><a href="${sandboxShopPath(shop, "/store")}">Continue shopping</a> ·
<a href="${sandboxShopPath(shop, `/admin/orders/${order.id}`)}">This order in the store's admin</a></p>`;
}

export function registerThankYou(scope: FastifyInstance, { ctx, shopOf }: ShopifySandbox): void {
  scope.get<{ Params: ShopParams & { id: string } }>(
    `${BASE}/:shop/store/orders/:id/thank-you`,
    async (request, reply) => {
      const shop = await shopOf(request);
      const order = await findSandboxOrder(ctx.db, shop.domain, request.params.id);
      if (!order) return sendPage(reply, 404, "Order", html`<p>No such order in this store.</p>`);
      return sendPage(reply, 200, "Thank you", thankYouPage(shop.domain, order, ctx.config.publicUrl));
    },
  );
}
