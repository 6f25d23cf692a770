import { apiIntegrationEndpoints } from "@contract/endpoints/api-integration";
import { useQuery } from "@tanstack/react-query";
import { endpointQuery } from "@/lib/queries";
import type { OpenApiDocument } from "../openapi";

/** The contract checks it is a JSON object; its shape is OpenAPI 3.1's, which the page reads as such. */
export function useOpenApiDocument() {
  return useQuery({
    ...endpointQuery(apiIntegrationEndpoints.openapi),
    select: (doc) => doc as unknown as OpenApiDocument,
  });
}
