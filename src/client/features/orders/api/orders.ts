import { ordersEndpoints } from "@contract/endpoints/orders";
import { ORDER_PAGE_SIZE } from "@contract/orders";
import { useInfiniteQuery } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { queryKeyOf } from "@/lib/queries";

/** The seller's orders a page at a time (newest first); each page starts after the last order's cursor. */
export function useOrderPages() {
  return useInfiniteQuery({
    queryKey: queryKeyOf(ordersEndpoints.list, { query: { limit: ORDER_PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      api(
        ordersEndpoints.list,
        { query: { limit: ORDER_PAGE_SIZE, before: pageParam ?? undefined } },
        { signal },
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.length < ORDER_PAGE_SIZE ? null : (last.at(-1)?.cursor ?? null)),
  });
}
