import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api";
import { toastError } from "@/lib/error-toast";
import { toast } from "@/lib/toast";

/** Query keys are the URLs the default fetcher GETs. */
export const ADMIN_KEYS = {
  stats: ["/api/admin/stats"],
  revenue: ["/api/stats"],
  items: ["/api/admin/items"],
  gameRules: ["/api/admin/game-rules"],
  gameStats: ["/api/admin/game-stats"],
  bots: ["/api/admin/bots"],
  discountCodes: ["/api/admin/discount-codes"],
  paymentsToSettle: ["/api/admin/payments-to-settle"],
  keys: (query: string) => [`/api/admin/subscription-keys${query}`],
  users: (query: string) => [`/api/admin/users${query}`],
  audit: (query: string) => [`/api/admin/audit-log${query}`],
} as const;

/** Every audit view and key list, whatever its filter, starts with these URLs. */
const prefixed = (prefix: string) => (key: QueryKey) => String(key[0]).startsWith(prefix);

/**
 * An admin change: on success a toast and fresh data for what it touched (and the audit log); on failure the red
 * toast with the server's message or the action's fallback (spec 001 §8).
 */
export function useAdminMutation<Body, Result = unknown>(opts: {
  request: (body: Body) => { method: string; url: string; body?: unknown };
  success: (result: Result, body: Body) => string;
  fallback: string;
  /** URL prefixes of the queries to refetch. */
  refresh: string[];
  onDone?: (result: Result) => void;
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => {
      const { method, url, body: payload } = opts.request(body);
      return apiRequest<Result>(method, url, payload);
    },
    onSuccess: async (result, body) => {
      toast({ title: "Success", description: opts.success(result, body) });
      opts.onDone?.(result);
      await Promise.all(
        [...opts.refresh, "/api/admin/audit-log", "/api/admin/stats"].map((prefix) =>
          queryClient.invalidateQueries({ predicate: (q) => prefixed(prefix)(q.queryKey) }),
        ),
      );
    },
    onError: (err) => toastError(err, opts.fallback),
  });
}
