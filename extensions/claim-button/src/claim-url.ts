/**
 * The buyer's claim link for a Shopify order: {base}/claim/{orderId}/{email} (spec 001 §2). Checkout gives the
 * order as a gid (gid://shopify/OrderIdentity/123 on the thank-you page, gid://shopify/Order/123 on the order
 * status page); both end in the order's numeric id, which is what Autodrop stores. Null when anything is missing,
 * so the button is simply not shown.
 */
export function claimUrl(
  base: string | undefined,
  orderGid: string | undefined,
  email: string | undefined,
): string | null {
  const root = base?.trim().replace(/\/+$/, "");
  if (!root || !/^https:\/\/[^\s/]+/.test(root)) return null;
  const id = /^gid:\/\/shopify\/(?:Order|OrderIdentity)\/(\d+)$/.exec(orderGid ?? "")?.[1];
  const address = email?.trim();
  if (!id || !address) return null;
  return `${root}/claim/${id}/${encodeURIComponent(address)}`;
}
