/**
 * The claim link a Shopify buyer follows: {base}/claim/{orderId}/{email} (spec 001 §2), where orderId is Shopify's
 * numeric order id, which Autodrop's claim routes accept with the order's e-mail (decision 007). Pure and free of
 * dependencies, so the checkout extension and the server's own pages build the same link.
 */

/** A checkout order gid (OrderIdentity on the thank-you page, Order on the order status page) or the bare id. */
const SHOPIFY_ORDER = /^(?:gid:\/\/shopify\/(?:Order|OrderIdentity)\/)?(\d+)$/;

/**
 * The seller's "Claim page address" setting as a link base, or null when it is not one: https only (the link
 * carries the buyer's e-mail), no credentials, query or fragment, and no trailing slash.
 */
export function claimPageBase(setting: unknown): string | null {
  if (typeof setting !== "string") return null;
  let url: URL;
  try {
    url = new URL(setting.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || url.username || url.password || url.search || url.hash) return null;
  return url.href.replace(/\/+$/, "");
}

/** {base}/claim/{orderId}/{email} for a Shopify order, or null without an order id or an e-mail (no link then). */
export function claimUrl(base: string, order: string | undefined, email: string | undefined): string | null {
  const id = SHOPIFY_ORDER.exec(order ?? "")?.[1];
  const address = email?.trim();
  if (!id || !address) return null;
  return `${base.replace(/\/+$/, "")}/claim/${id}/${encodeURIComponent(address)}`;
}
