import type { Listing } from "@contract/listings";
import type { StoreProduct } from "@contract/shopify";
import { useQuery } from "@tanstack/react-query";

/** Query keys are the URLs (the live-updates hook invalidates them on server events). */
export const LISTINGS_KEY = ["/api/listings"] as const;
const STORE_PRODUCTS_KEY = ["/api/shopify/products"] as const;

export function useListings() {
  return useQuery<Listing[]>({ queryKey: LISTINGS_KEY });
}

/** Spec 000 §7: the store's products are read only while the link dialog is open, and afresh at each opening. */
export function useStoreProducts(dialogOpen: boolean) {
  return useQuery<StoreProduct[]>({
    queryKey: STORE_PRODUCTS_KEY,
    enabled: dialogOpen,
    refetchOnMount: "always",
  });
}
