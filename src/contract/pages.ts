/**
 * Every path the single-page app shows a page for (src/client/app/routes.tsx, plus "/"). The server answers these
 * with 200 and any other path with the app's not-found page and HTTP 404. A client test keeps the two lists equal.
 */
export const PAGE_PATHS = [
  "/",
  "/login",
  "/claim",
  "/claim/:authKey",
  "/claim/:orderId/:email",
  "/documentation",
  "/dashboard",
  "/inventory",
  "/listings",
  "/orders",
  "/api-integration",
  "/store-settings",
  "/subscription",
  "/admin-controls",
] as const;

/** A route path's pattern: each `:param` one path segment, a trailing slash allowed. */
export function routePattern(path: string): RegExp {
  return new RegExp(`^${path.replace(/:[A-Za-z]+/g, "[^/]+")}/?$`);
}

const PATTERNS = PAGE_PATHS.map(routePattern);

/** Whether the app has a page at this pathname (no query string). */
export function isPagePath(pathname: string): boolean {
  return PATTERNS.some((pattern) => pattern.test(pathname));
}
