import { apiIntegrationEndpoints } from "@contract/endpoints/api-integration";
import { useQuery } from "@tanstack/react-query";
import { endpointQuery } from "@/lib/queries";

export const apiIntegrationStateQuery = endpointQuery(apiIntegrationEndpoints.state);

export function useApiIntegrationState() {
  return useQuery(apiIntegrationStateQuery);
}
