import { DEFAULT_DASHBOARD_PERIOD } from "@contract/dashboard";
import type { QueryClient } from "@tanstack/react-query";
import { apiIntegrationStateQuery } from "@/features/api-integration/api/api-integration";
import { dashboardQuery } from "@/features/dashboard/api/dashboard";
import { listingsQuery } from "@/features/listings/api/listings";
import { orderPagesQuery } from "@/features/orders/api/orders";
import { userInvoicesQuery } from "@/features/subscription/api/subscription";
import { hasSignedInHint } from "@/lib/auth";
import { inventoryQuery } from "@/lib/inventory";
import type { LazyPagePath } from "./page-loaders";

/**
 * Each seller screen's first queries, the ones whose calls its HTML preloads (contract/page-first-calls.ts,
 * decision 062). Started as the app starts, they take the preloaded answers while the screen's chunk is still
 * loading, so the screen's first render already has its data: on the inventory, its images are asked for with
 * that render instead of one render later.
 */
const PAGE_FIRST_QUERIES: Partial<Record<LazyPagePath, (queryClient: QueryClient) => Promise<void>>> = {
  "/dashboard": (client) => client.prefetchQuery(dashboardQuery(DEFAULT_DASHBOARD_PERIOD)),
  "/inventory": (client) => client.prefetchQuery(inventoryQuery),
  "/listings": (client) => client.prefetchQuery(listingsQuery),
  "/orders": (client) => client.prefetchInfiniteQuery(orderPagesQuery),
  "/subscription": (client) => client.prefetchQuery(userInvoicesQuery),
  "/api-integration": (client) => client.prefetchQuery(apiIntegrationStateQuery),
};

/** Starts the first queries of the seller screen at `pathname`, in a browser holding the signed-in hint. */
export function startFirstQueries(queryClient: QueryClient, pathname: string): void {
  if (!hasSignedInHint()) return;
  const path = (pathname.replace(/\/$/, "") || "/") as LazyPagePath;
  void PAGE_FIRST_QUERIES[path]?.(queryClient);
}
