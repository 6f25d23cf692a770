import { MutationCache, QueryClient } from "@tanstack/react-query";
import { dismissErrorToasts } from "./toast";

/**
 * Spec 000 §9: no automatic retries, no refetch on focus, no polling, data never stale by time. A call that
 * succeeds closes the error toast of an earlier failure (the mutation's own callbacks run after, so a success
 * that is itself bad news still shows its toast).
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    mutationCache: new MutationCache({ onSuccess: () => dismissErrorToasts() }),
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
