/**
 * What changes with the Admin API version in the URL, for the operations the app uses. Shopify publishes a stable
 * version each quarter (YYYY-01, -04, -07, -10); unstable has every change of the newest one.
 */
export interface ApiVersionRules {
  /**
   * absent before 2026-01 (the directive is unknown, so using it fails validation), optional in 2026-01, required
   * from 2026-04 on the mutations Shopify lists (a runtime error without it).
   */
  idempotentDirective: "absent" | "optional" | "required";
  /** From 2026-04 every quantity of inventorySetQuantities states changeFromQuantity (null opts out of the check). */
  changeFromQuantityRequired: boolean;
}

/**
 * The Admin API version the emulator serves in full and signs its webhooks with (X-Shopify-API-Version): the one
 * the app pins, written here on the emulator's side so the two never share a constant.
 */
export const EMULATED_API_VERSION = "2026-07";

const STABLE_VERSION = /^(\d{4})-(01|04|07|10)$/;

/** True for a version Shopify publishes: a quarter's stable version or unstable. */
export function isKnownApiVersion(version: string): boolean {
  return version === "unstable" || STABLE_VERSION.test(version);
}

export function rulesFor(version: string): ApiVersionRules {
  const at = version === "unstable" ? "9999-99" : version;
  return {
    idempotentDirective: at < "2026-01" ? "absent" : at < "2026-04" ? "optional" : "required",
    changeFromQuantityRequired: at >= "2026-04",
  };
}
