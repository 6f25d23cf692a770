import type { DashboardPeriod } from "@contract/dashboard";
import { dashboardEndpoints } from "@contract/endpoints/dashboard";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { endpointQuery } from "@/lib/queries";

/** Live updates refetch it for every period when orders change; the last period shows while the next loads. */
export function useDashboard(period: DashboardPeriod) {
  return useQuery({
    ...endpointQuery(dashboardEndpoints.dashboard, { query: { period } }),
    placeholderData: keepPreviousData,
  });
}

export function useAnalytics(period: DashboardPeriod) {
  return useQuery({
    ...endpointQuery(dashboardEndpoints.analytics, { query: { period } }),
    placeholderData: keepPreviousData,
  });
}
