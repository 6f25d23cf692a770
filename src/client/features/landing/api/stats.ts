import { statsEndpoints } from "@contract/endpoints/stats";
import { useQuery } from "@tanstack/react-query";
import { endpointQuery } from "@/lib/queries";

const STATS_STALE_MS = 5 * 60 * 1000;

export function usePublicStats() {
  return useQuery({ ...endpointQuery(statsEndpoints.stats), staleTime: STATS_STALE_MS });
}
