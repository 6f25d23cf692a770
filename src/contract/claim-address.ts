/**
 * How a claim link names its order (spec 001 §2). Shared: the claim page reads it from its address, and the server
 * reads the same address to start the page's order call along with the page (decision 060). No zod, so the claim
 * page's bundle gains no schemas from it.
 */

/** How a buyer names an order: its id with its e-mail, or its authKey. */
export type ClaimAccess =
  | { kind: "email"; orderId: string; email: string }
  | { kind: "authKey"; authKey: string };

function segment(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  try {
    return decodeURIComponent(raw).trim() || null;
  } catch {
    return null;
  }
}

function queryValue(params: URLSearchParams, name: string): string | null {
  return params.get(name)?.trim() || null;
}

/** Reads /claim/{orderId}/{email}, /claim/{authKey}, or the query parameters orderId and email, or authKey. */
export function parseClaimAccess(pathname: string, search: string): ClaimAccess | null {
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] === "claim" && parts.length === 3) {
    const orderId = segment(parts[1]);
    const email = segment(parts[2]);
    if (orderId && email) return { kind: "email", orderId, email };
  }
  if (parts[0] === "claim" && parts.length === 2) {
    const authKey = segment(parts[1]);
    if (authKey) return { kind: "authKey", authKey };
  }
  const params = new URLSearchParams(search);
  const authKey = queryValue(params, "authKey");
  if (authKey) return { kind: "authKey", authKey };
  const orderId = queryValue(params, "orderId");
  const email = queryValue(params, "email");
  return orderId && email ? { kind: "email", orderId, email } : null;
}
