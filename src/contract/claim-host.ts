/** Where the buyer claim page lives (spec 000 §2, 001 §2). The claim host is recognised by hostname. */

const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);
const CLAIM_QUERY_PARAMS = ["orderId", "email", "authKey"];

export function isLocalHost(hostname: string): boolean {
  return LOCAL_HOSTS.has(hostname.toLowerCase());
}

/** The dedicated claim host is any `claim.` subdomain; local development counts as one too. */
export function isClaimHost(hostname: string): boolean {
  return isLocalHost(hostname) || hostname.toLowerCase().startsWith("claim.");
}

/** True when the address carries a claim reference: a /claim/... path or orderId, email or authKey query parameters. */
export function hasClaimParams(pathname: string, search: string): boolean {
  if (pathname === "/claim" || pathname.startsWith("/claim/")) return true;
  const params = new URLSearchParams(search);
  return CLAIM_QUERY_PARAMS.some((name) => params.has(name));
}

/**
 * What a signed-out visitor sees at "/". On the claim host it is the claim page; on localhost, which is also the
 * development and test host, only when a claim reference is present, so that the landing page stays reachable.
 */
export function showsClaimAtRoot(hostname: string, search: string): boolean {
  if (!isClaimHost(hostname)) return false;
  return !isLocalHost(hostname) || hasClaimParams("/", search);
}
