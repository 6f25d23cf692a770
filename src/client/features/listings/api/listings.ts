import { listingsEndpoints } from "@contract/endpoints/listings";
import { shopifyEndpoints } from "@contract/endpoints/shopify";
import { useQuery } from "@tanstack/react-query";
import { endpointQuery } from "@/lib/queries";

export function useListings() {
  return useQuery(endpointQuery(listingsEndpoints.list));
}

/** Spec 000 §7: the store's products are read only while the link dialog is open, and afresh at each opening. */
export function useStoreProducts(dialogOpen: boolean) {
  return useQuery({
    ...endpointQuery(shopifyEndpoints.products),
    enabled: dialogOpen,
    refetchOnMount: "always",
  });
}
