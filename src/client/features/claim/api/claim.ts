import type { ClaimAccess } from "@contract/claim-address";
import type { ClaimOrderView, ClaimSubOrderView } from "@contract/claims";
import type { Game } from "@contract/games";
import { type QueryClient, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiUnchecked } from "@/lib/api";
import { claimsEndpoints as endpoints } from "@/lib/claim-endpoints";
import { queryKeyOf, uncheckedEndpointQuery } from "@/lib/queries";
import { validateRobloxUsername } from "@/lib/roblox";
import { accessBody } from "../access";
import { claimTarget, isWaitingForBuyer, pollInterval } from "../order-view";

/** The order the reference names (for a multi-game purchase: the parent with its sub-orders). */
function orderKey(access: ClaimAccess) {
  return access.kind === "email"
    ? queryKeyOf(endpoints.orderByEmail, { params: { orderId: access.orderId, email: access.email } })
    : queryKeyOf(endpoints.orderByAuthKey, { params: { authKey: access.authKey } });
}

function fetchOrder(access: ClaimAccess, signal: AbortSignal): Promise<ClaimOrderView> {
  return access.kind === "email"
    ? apiUnchecked(
        endpoints.orderByEmail,
        { params: { orderId: access.orderId, email: access.email } },
        { signal },
      )
    : apiUnchecked(endpoints.orderByAuthKey, { params: { authKey: access.authKey } }, { signal });
}

/** Step 1's confirmation, which locks the username. */
function claimOrder(access: ClaimAccess, orderId: string, robloxUsername: string) {
  return access.kind === "email"
    ? apiUnchecked(endpoints.claimByEmail, { body: { orderId, email: access.email, robloxUsername } })
    : apiUnchecked(endpoints.claimByAuthKey, { body: { authKey: access.authKey, orderId, robloxUsername } });
}

/** The private server of the chosen game's bot. */
function privateServerQuery(access: ClaimAccess, orderId: string, game: Game | null) {
  const query = { game: game ?? undefined };
  return access.kind === "email"
    ? uncheckedEndpointQuery(endpoints.privateServerByEmail, {
        params: { orderId, email: access.email },
        query,
      })
    : uncheckedEndpointQuery(endpoints.privateServerByAuthKey, {
        params: { authKey: access.authKey },
        query,
      });
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

const configQuery = () => uncheckedEndpointQuery(endpoints.config);

export function useClaimConfig() {
  return useQuery(configQuery());
}

/**
 * The page's first two calls, into the cache before its first render (decision 060): the server started both with
 * the page, so they have usually answered by the time its script runs, and the first render then shows the order
 * rather than a spinner. Failures are kept for the page to show, not thrown.
 */
export function prefetchClaim(queryClient: QueryClient, access: ClaimAccess | null): Promise<unknown> {
  return Promise.all([
    queryClient.prefetchQuery(configQuery()),
    access &&
      queryClient.prefetchQuery({
        queryKey: orderKey(access),
        queryFn: ({ signal }) => fetchOrder(access, signal),
      }),
  ]);
}

/** The order (a multi-game purchase with its sub-orders), re-read every second while the chosen order awaits the trade. */
export function useClaimOrder(access: ClaimAccess | null, subOrderId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: access ? orderKey(access) : ["claim-order"],
    queryFn: ({ signal }) =>
      access ? fetchOrder(access, signal) : Promise.reject(new Error("no order named")),
    enabled: enabled && access !== null,
    // A failed first read (prefetchClaim) is shown as it is; the page's Try Again reads it again.
    retryOnMount: false,
    refetchInterval: (query) => pollInterval(query.state.data, subOrderId),
    // The buyer accepts the trade in ROBLOX and comes back to this tab: the page is current on their return.
    refetchOnWindowFocus: (query) => pollInterval(query.state.data, subOrderId) !== false,
  });
}

/** The bot's answer is cached per order and username, so a re-render or a re-mount never turns it on twice. */
function turnOnKey(orderId: string, robloxUsername: string | null) {
  return [...queryKeyOf(endpoints.turnOnBot), orderId, robloxUsername];
}

/** Every claim mutation ends by re-reading the order, which moves the page to its next state. */
function useRefreshOrder(access: ClaimAccess) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: orderKey(access) });
}

export function useValidateUsername() {
  return useMutation({ mutationFn: validateRobloxUsername });
}

/** Step 1's confirmation: the claim locks the username to the order. */
export function useClaimOrderMutation(access: ClaimAccess, order: ClaimSubOrderView) {
  const refresh = useRefreshOrder(access);
  return useMutation({
    mutationFn: (robloxUsername: string) => claimOrder(access, order.id, robloxUsername),
    onSuccess: refresh,
  });
}

/** Change Username: the order goes back to step 1 and the bot must be turned on again afterwards. */
export function useResetUsername(access: ClaimAccess, order: ClaimSubOrderView) {
  const queryClient = useQueryClient();
  const refresh = useRefreshOrder(access);
  return useMutation({
    mutationFn: () => apiUnchecked(endpoints.resetUsername, { body: accessBody(access, order.id) }),
    onSuccess: async () => {
      queryClient.removeQueries({ queryKey: [...queryKeyOf(endpoints.turnOnBot), order.id] });
      await refresh();
    },
  });
}

/** Step 2: the seller's bot for the order's game is turned on; the order becomes pending. */
export function useTurnOnBot(access: ClaimAccess, order: ClaimSubOrderView, enabled: boolean) {
  const refresh = useRefreshOrder(access);
  return useQuery({
    queryKey: turnOnKey(order.id, order.robloxUsername),
    enabled,
    queryFn: async () => {
      // An order that names no game is refused by the server, with its message shown as the load error.
      const game = order.game as Game;
      const answer = await apiUnchecked(endpoints.turnOnBot, {
        body: { ...accessBody(access, order.id), game },
      });
      await refresh();
      return answer;
    },
  });
}

export function usePrivateServer(access: ClaimAccess, order: ClaimSubOrderView, enabled: boolean) {
  return useQuery({ ...privateServerQuery(access, order.id, order.game), enabled });
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
        await apiUnchecked(endpoints.friendRequest, {
          body: {
            ...accessBody(access, order.id),
            username: order.robloxUsername ?? "",
            botUserId,
            game: order.game ?? undefined,
          },
        });
        return "sent";
      } catch (err) {
        await refresh();
        const fresh = queryClient.getQueryData<ClaimOrderView>(orderKey(access));
        const status = fresh ? claimTarget(fresh, order.id)?.status : undefined;
        if (status && !isWaitingForBuyer(status)) return "moved on";
        throw err;
      }
    },
  });
}
