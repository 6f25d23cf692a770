import "@shopify/ui-extensions/preact";
import { render } from "preact";
import { claimPageBase, claimUrl } from "./claim-url.js";

/**
 * The extension both targets run: a short hint and the Claim your items button, linking to this order's claim
 * page. The seller's setting, the buyer's e-mail and the texts come from the `shopify` global; each target says
 * where its order id is. Reading signals' `.value` while rendering re-renders when they change (a seller typing
 * the address in the editor, the order status page's order arriving).
 */
export function claimButtonExtension(orderGid: () => string | undefined) {
  return async () => {
    render(<ClaimBlock orderGid={orderGid} />, document.body);
  };
}

function ClaimBlock({ orderGid }: { orderGid: () => string | undefined }) {
  const { i18n } = shopify;
  const base = claimPageBase(shopify.settings.value.claim_base_url);
  if (!base) {
    // Setup advice is for the seller placing the block in the editor; buyers get no block rather than a dead link.
    if (!shopify.extension.editor) return null;
    return <s-banner tone="warning">{i18n.translate("setClaimPage")}</s-banner>;
  }
  const url = claimUrl(base, orderGid(), shopify.buyerIdentity?.email.value);
  if (!url) return null;
  // A new tab: the thank-you page shows only once, so the buyer keeps it while claiming.
  return (
    <s-stack gap="base">
      <s-text>{i18n.translate("hint")}</s-text>
      <s-button href={url} target="_blank" variant="primary">
        {i18n.translate("claim")}
      </s-button>
    </s-stack>
  );
}
