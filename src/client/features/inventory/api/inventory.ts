import { botsEndpoints } from "@contract/endpoints/bots";
import { inventoryEndpoints } from "@contract/endpoints/inventory";
import { withdrawalsEndpoints } from "@contract/endpoints/withdrawals";
import { useQuery } from "@tanstack/react-query";
import { endpointQuery } from "@/lib/queries";

export function useSellerBots(enabled: boolean) {
  return useQuery({ ...endpointQuery(botsEndpoints.sellerBots), enabled });
}

/** Spec 000 §6: only basic and pro may look up (and make) withdrawals, so the call is not made for free. */
export function usePendingWithdrawal(enabled: boolean) {
  return useQuery({ ...endpointQuery(withdrawalsEndpoints.pending), enabled });
}

export function useItemCosts() {
  return useQuery(endpointQuery(inventoryEndpoints.costs));
}
