import type {
  ClaimConfigResponse,
  ClaimOrderView,
  ClaimResponse,
  ClaimSubOrderView,
  PrivateServerResponse,
  TurnOnBotResponse,
} from "@contract/claims";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiRequest } from "@/lib/api";
import { validateRobloxUsername } from "@/lib/roblox";
import { accessBody, type ClaimAccess, claimRequest, orderUrl, privateServerUrl } from "./access";
import { claimTarget, isWaitingForBuyer, pollInterval } from "./order-view";

const CLAIM_CONFIG_URL = "/api/claim/config";

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

export function useClaimConfig() {
  return useQuery<ClaimConfigResponse>({ queryKey: [CLAIM_CONFIG_URL] });
}

/** The order (a multi-game purchase with its sub-orders), re-read every second while the chosen order awaits the trade. */
export function useClaimOrder(access: ClaimAccess | null, subOrderId: string | null, enabled: boolean) {
  return useQuery<ClaimOrderView>({
    queryKey: [access ? orderUrl(access) : "claim-order"],
    enabled: enabled && access !== null,
    refetchInterval: (query) => pollInterval(query.state.data, subOrderId),
    // The buyer accepts the trade in ROBLOX and comes back to this tab: the page is current on their return.
    refetchOnWindowFocus: (query) => pollInterval(query.state.data, subOrderId) !== false,
  });
}

/** The bot's answer is cached per order and username, so a re-render or a re-mount never turns it on twice. */
function turnOnKey(orderId: string, robloxUsername: string | null) {
  return ["/api/bots/turn-on", orderId, robloxUsername];
}

/** Every claim mutation ends by re-reading the order, which moves the page to its next state. */
function useRefreshOrder(access: ClaimAccess) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: [orderUrl(access)] });
}

export function useValidateUsername() {
  return useMutation({ mutationFn: validateRobloxUsername });
}

/** Step 1's confirmation: the claim locks the username to the order. */
export function useClaimOrderMutation(access: ClaimAccess, order: ClaimSubOrderView) {
  const refresh = useRefreshOrder(access);
  return useMutation({
    mutationFn: (robloxUsername: string) => {
      const { url, body } = claimRequest(access, order.id, robloxUsername);
      return apiRequest<ClaimResponse>("POST", url, body);
    },
    onSuccess: refresh,
  });
}

/** Change Username: the order goes back to step 1 and the bot must be turned on again afterwards. */
export function useResetUsername(access: ClaimAccess, order: ClaimSubOrderView) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrder(access);
  return useMutation({
    mutationFn: () =>
      apiRequest<ClaimResponse>("POST", "/api/orders/claim/reset-username", accessBody(access, order.id)),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: ["/api/bots/turn-on", order.id] });
      await refresh();
    },
  });
}

/** Step 2: the seller's bot for the order's game is turned on; the order becomes pending. */
export function useTurnOnBot(access: ClaimAccess, order: ClaimSubOrderView, enabled: boolean) {
  const refresh = useRefreshOrder(access);
  return useQuery<TurnOnBotResponse>({
    queryKey: turnOnKey(order.id, order.robloxUsername),
    enabled,
    queryFn: async () => {
      const answer = await apiRequest<TurnOnBotResponse>("POST", "/api/bots/turn-on", {
        ...accessBody(access, order.id),
        game: order.game,
      });
      await refresh();
      return answer;
    },
  });
}

export function usePrivateServer(access: ClaimAccess, order: ClaimSubOrderView, enabled: boolean) {
  return useQuery<PrivateServerResponse>({
    queryKey: [privateServerUrl(access, order.id, order.game)],
    enabled,
  });
}

/**
 * "sent", or "moved on" when the request was refused because the order is no longer waiting for the buyer (the bot
 * delivered meanwhile): the order is re-read on any refusal, and the page then shows where it is instead of an error.
 */
export function useFriendRequest(access: ClaimAccess, order: ClaimSubOrderView) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrder(access);
  return useMutation({
    mutationFn: async (botUserId: number | null): Promise<"sent" | "moved on"> => {
      try {
        await apiRequest("POST", "/api/friend-requests", {
          ...accessBody(access, order.id),
          username: order.robloxUsername ?? "",
          botUserId,
          game: order.game ?? undefined,
        });
        return "sent";
      } catch (err) {
        await refresh();
        const fresh = queryClient.getQueryData<ClaimOrderView>([orderUrl(access)]);
        const status = fresh ? claimTarget(fresh, order.id)?.status : undefined;
        if (status && !isWaitingForBuyer(status)) return "moved on";
        throw err;
      }
    },
  });
}
