/** Texts shared by the server and the client (exact spec wording). */

/** The 503 every call that needs Roblox answers when Roblox cannot be reached (login, lookups, avatars). */
export const ROBLOX_UNAVAILABLE = "Service unavailable: ROBLOX could not be reached. Please try again.";

/**
 * The Shopify connection outcomes the server reports by redirecting to `/?error=<code>` (spec 000 §2); the
 * landing page shows the matching text in a destructive alert.
 */
const LANDING_ERRORS = {
  store_already_linked:
    "This Shopify store is already linked to another user. Please contact support if you believe this is an error.",
  oauth_failed: "Shopify connection failed. Please try again.",
  token_failed: "Failed to obtain Shopify access token. Please try again.",
  oauth_error: "An error occurred during Shopify setup. Please try again.",
} as const;
type LandingErrorCode = keyof typeof LANDING_ERRORS;

export function landingErrorText(code: string | null | undefined): string | null {
  return code && Object.hasOwn(LANDING_ERRORS, code) ? LANDING_ERRORS[code as LandingErrorCode] : null;
}
