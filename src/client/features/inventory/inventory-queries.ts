import type { BotsUserResponse } from "@contract/bots";
import type { PendingWithdrawalResponse } from "@contract/withdrawals";
import { type QueryClient, useQuery } from "@tanstack/react-query";

/** Query keys are the URLs (the live-updates hook invalidates them on server events). */
export const BOTS_KEY = ["/api/bots/user"] as const;
export const PENDING_WITHDRAWAL_KEY = ["/api/withdrawals/pending"] as const;

export function useSellerBots(enabled: boolean) {
  return useQuery<BotsUserResponse>({ queryKey: BOTS_KEY, enabled });
}

/** Spec 000 §6: only basic and pro may look up (and make) withdrawals, so the call is not made for free. */
export function usePendingWithdrawal(enabled: boolean) {
  return useQuery<PendingWithdrawalResponse>({ queryKey: PENDING_WITHDRAWAL_KEY, enabled });
}

export function invalidateKeys(
  queryClient: QueryClient,
  keys: readonly (readonly string[])[],
): Promise<void> {
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey }))).then(
    () => undefined,
  );
}
