import { isClaimHost, isLocalHost } from "@contract/claim-host";
import { type ClaimAccess, parseClaimAccess } from "../../../contract/claim-address";
import type { OrderAccess } from "../../../contract/claims";

/** The captured reference plus the buyer's game choice in a multi-game order, kept for reloads. */
export interface StoredClaim {
  access: ClaimAccess;
  subOrderId: string | null;
}

/** Where the address bar is left once the reference is captured (a route of its own, on every host). */
export const STRIPPED_CLAIM_PATH = "/claim";
export const CLAIM_STORAGE_KEY = "autodrop.claim";

function sameAccess(a: ClaimAccess, b: ClaimAccess): boolean {
  if (a.kind === "authKey") return b.kind === "authKey" && a.authKey === b.authKey;
  return b.kind === "email" && a.orderId === b.orderId && a.email.toLowerCase() === b.email.toLowerCase();
}

function isAccess(value: unknown): value is ClaimAccess {
  if (!value || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  if (v.kind === "authKey") return typeof v.authKey === "string" && v.authKey !== "";
  return v.kind === "email" && typeof v.orderId === "string" && typeof v.email === "string";
}

type ClaimStorage = Pick<Storage, "getItem" | "setItem">;

/** Storage can be missing or refuse access (private modes): the page then works without surviving a reload. */
export function readStoredClaim(storage: ClaimStorage | null): StoredClaim | null {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CLAIM_STORAGE_KEY) ?? "null");
    if (!parsed || typeof parsed !== "object") return null;
    const { access, subOrderId } = parsed as Record<string, unknown>;
    if (!isAccess(access)) return null;
    return { access, subOrderId: typeof subOrderId === "string" ? subOrderId : null };
  } catch {
    return null;
  }
}

export function writeStoredClaim(storage: ClaimStorage | null, claim: StoredClaim): void {
  try {
    storage?.setItem(CLAIM_STORAGE_KEY, JSON.stringify(claim));
  } catch {
    // Storage refused: the claim still works until the page is reloaded.
  }
}

/**
 * The claim this page works on. A reference in the address wins (and is remembered, keeping the game choice when it
 * names the same order); otherwise the remembered one. `strip` says the address must be cleaned.
 */
export function captureClaim(
  location: { pathname: string; search: string },
  storage: ClaimStorage | null,
): { claim: StoredClaim | null; strip: boolean } {
  const stored = readStoredClaim(storage);
  const fromAddress = parseClaimAccess(location.pathname, location.search);
  if (!fromAddress) return { claim: stored, strip: false };
  const claim =
    stored && sameAccess(stored.access, fromAddress) ? stored : { access: fromAddress, subOrderId: null };
  writeStoredClaim(storage, claim);
  return { claim, strip: true };
}

/** CLAIM_HOST may be written as a bare host, with a port or as a URL; the page compares hostnames. */
export function claimHostname(claimHost: string | null | undefined): string | null {
  const value = claimHost?.trim().toLowerCase();
  if (!value) return null;
  try {
    return new URL(value.includes("://") ? value : `https://${value}`).hostname || null;
  } catch {
    return null;
  }
}

/**
 * Spec 001 §2: the claim page works on the claim host and on localhost. Without a configured CLAIM_HOST, the
 * dedicated host is any claim. subdomain (the rule "/" uses).
 */
export function isAuthorisedClaimHost(hostname: string, claimHost: string | null | undefined): boolean {
  if (isLocalHost(hostname)) return true;
  const configured = claimHostname(claimHost);
  return configured ? hostname.toLowerCase() === configured : isClaimHost(hostname);
}

/**
 * The domain the Access Restricted screen names: the configured claim host, else localhost (the one place a claim
 * page surely works without CLAIM_HOST; a guessed claim. subdomain may not exist).
 */
export function authorisedClaimDomain(claimHost: string | null | undefined): string {
  return claimHostname(claimHost) ?? "localhost";
}

/** The proof of access every claim call carries, naming the (sub-)order acted on. */
export function accessBody(access: ClaimAccess, orderId: string): OrderAccess {
  return access.kind === "email" ? { orderId, email: access.email } : { authKey: access.authKey, orderId };
}
