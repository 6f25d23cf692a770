import { apiIntegrationEndpoints } from "@contract/endpoints/api-integration";
import { useQuery } from "@tanstack/react-query";
import { endpointQuery } from "@/lib/queries";

export function useApiIntegrationState() {
  return useQuery(endpointQuery(apiIntegrationEndpoints.state));
}
