import { DEFAULT_DASHBOARD_PERIOD } from "./dashboard.js";
import { endpointUrl } from "./endpoint.js";
import { apiIntegrationEndpoints } from "./endpoints/api-integration.js";
import { dashboardEndpoints } from "./endpoints/dashboard.js";
import { inventoryEndpoints } from "./endpoints/inventory.js";
import { listingsEndpoints } from "./endpoints/listings.js";
import { ordersEndpoints } from "./endpoints/orders.js";
import { paymentsEndpoints } from "./endpoints/payments.js";
import { ORDER_PAGE_SIZE } from "./orders.js";
import type { PAGE_PATHS } from "./pages.js";

type PagePath = (typeof PAGE_PATHS)[number];

/**
 * The calls a signed-in screen makes whatever the seller's plan as it first renders, by URL exactly as its queries
 * ask them (the same endpoints and inputs). The server preloads them in that screen's HTML with the session call
 * (decision 062), so on a phone the answers are in by the time the page's code has run instead of being asked
 * after it. A call some plans do not make (the inventory's pending withdrawal) is not here: an unused preload is a
 * wasted download. `tests/e2e/page-preloads.spec.ts` checks each is asked once, by the preload.
 */
export const PAGE_FIRST_CALLS: Partial<Record<PagePath, readonly string[]>> = {
  "/dashboard": [endpointUrl(dashboardEndpoints.dashboard, { query: { period: DEFAULT_DASHBOARD_PERIOD } })],
  "/inventory": [endpointUrl(inventoryEndpoints.list, {})],
  "/listings": [endpointUrl(listingsEndpoints.list, {})],
  "/orders": [endpointUrl(ordersEndpoints.list, { query: { limit: ORDER_PAGE_SIZE } })],
  "/subscription": [endpointUrl(paymentsEndpoints.userInvoices, {})],
  "/api-integration": [endpointUrl(apiIntegrationEndpoints.state, {})],
};
