import type { Endpoint, EndpointInput } from "@contract/endpoint";
import { adminEndpoints } from "@contract/endpoints/admin";
import { botsEndpoints } from "@contract/endpoints/bots";
import { itemsEndpoints } from "@contract/endpoints/items";
import { paymentsEndpoints } from "@contract/endpoints/payments";
import { statsEndpoints } from "@contract/endpoints/stats";
import { subscriptionsEndpoints } from "@contract/endpoints/subscriptions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toastError } from "@/lib/error-toast";
import { endpointQuery, invalidateEndpoints } from "@/lib/queries";
import { toast } from "@/lib/toast";

type QueryOf<E extends Endpoint> = NonNullable<EndpointInput<E>["query"]>;

export const useAdminStats = () => useQuery(endpointQuery(adminEndpoints.stats));
export const useRevenue = () => useQuery(endpointQuery(statsEndpoints.stats));
export const useAdminItems = () => useQuery(endpointQuery(itemsEndpoints.adminList));
export const useGameRules = () => useQuery(endpointQuery(botsEndpoints.gameRules));
export const useGameStats = () => useQuery(endpointQuery(adminEndpoints.gameStats));
export const usePoolBots = () => useQuery(endpointQuery(botsEndpoints.adminList));
export const useDiscountCodes = () => useQuery(endpointQuery(paymentsEndpoints.discountCodes));
export const usePaymentsToSettle = () => useQuery(endpointQuery(paymentsEndpoints.paymentsToSettle));

export function useSubscriptionKeys(query: QueryOf<typeof subscriptionsEndpoints.adminKeys>) {
  return useQuery(endpointQuery(subscriptionsEndpoints.adminKeys, { query }));
}

/** The previous page stays on screen while the next one (or another search) loads. */
export function useAdminUsers(query: QueryOf<typeof adminEndpoints.users>) {
  return useQuery({ ...endpointQuery(adminEndpoints.users, { query }), placeholderData: (prev) => prev });
}

export function useAuditLog(query: QueryOf<typeof adminEndpoints.auditLog>) {
  return useQuery({ ...endpointQuery(adminEndpoints.auditLog, { query }), placeholderData: (prev) => prev });
}

/**
 * An admin change: on success a toast and fresh data for what it touched (and the audit log and stat cards); on
 * failure the red toast with the server's message or the action's fallback (spec 001 §8).
 */
export function useAdminMutation<Body, Result = unknown>(opts: {
  request: (body: Body) => Promise<Result>;
  success: (result: Result, body: Body) => string;
  fallback: string;
  /** The endpoints whose queries to refetch, whatever their filters. */
  refresh: readonly Endpoint[];
  onDone?: (result: Result) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: opts.request,
    onSuccess: async (result, body) => {
      toast({ title: "Success", description: opts.success(result, body) });
      opts.onDone?.(result);
      await invalidateEndpoints(queryClient, [
        ...opts.refresh,
        adminEndpoints.auditLog,
        adminEndpoints.stats,
      ]);
    },
    onError: (err) => toastError(err, opts.fallback),
  });
}
