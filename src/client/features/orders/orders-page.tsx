import type { SellerOrder } from "@contract/orders";
import { ShoppingCartIcon } from "lucide-react";
import { useEffect, useId, useMemo, useState } from "react";
import { LoadError } from "@/components/load-error";
import { PageHeader } from "@/components/page-header";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { EmptyState } from "@/components/ui/empty-state";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/lib/auth";
import { useOrderPages } from "./api/orders";
import { OrderCard } from "./order-card";
import {
  filterBySource,
  filterByTab,
  ORDER_TABS,
  type OrderTab,
  type SourceFilter,
  tabCounts,
} from "./orders";

function SourceCheckbox({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id}>{label}</Label>
    </div>
  );
}

function OrderList({ orders, shopifyStore }: { orders: SellerOrder[]; shopifyStore: string | null }) {
  if (orders.length === 0) {
    return (
      <EmptyState
        icon={<ShoppingCartIcon aria-hidden="true" />}
        title="No orders found"
        description="Orders from your Shopify store and your API integration appear here."
      />
    );
  }
  return (
    <div className="grid gap-4">
      {orders.map((order) => (
        <OrderCard key={order.id} order={order} shopifyStore={shopifyStore} />
      ))}
    </div>
  );
}

export function OrdersPage() {
  const { user } = useAuth();
  const {
    data,
    isLoading,
    error,
    refetch,
    isFetching,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
  } = useOrderPages();
  const loaded = useMemo(() => data?.pages.flat() ?? [], [data]);
  const [sources, setSources] = useState<SourceFilter>({ shopify: true, api: true });
  const [tab, setTab] = useState<OrderTab>("all");

  const shown = useMemo(() => filterBySource(loaded, sources), [loaded, sources]);
  const counts = tabCounts(shown);
  const matching = filterByTab(shown, tab).length;

  // "Load more orders" loads pages until one brings an order the filters show, or there are none left: a page of
  // orders the filters hide would otherwise change nothing on screen and leave the button standing.
  // The number of pages is what changes when one arrives (the fetching flag may flip and back within one render).
  const [seekingFrom, setSeekingFrom] = useState<number | null>(null);
  const pageCount = data?.pages.length ?? 0;
  useEffect(() => {
    if (seekingFrom === null || isFetchingNextPage || pageCount === 0) return;
    if (matching > seekingFrom || !hasNextPage || isFetchNextPageError) setSeekingFrom(null);
    else void fetchNextPage();
  }, [
    seekingFrom,
    isFetchingNextPage,
    pageCount,
    matching,
    hasNextPage,
    isFetchNextPageError,
    fetchNextPage,
  ]);
  const tabLabels: Record<OrderTab, string> = {
    all: "All Orders",
    unclaimed: `Unclaimed (${counts.unclaimed})`,
    pending: `Pending (${counts.pending})`,
    completed: `Completed (${counts.completed})`,
  };

  return (
    <>
      <PageHeader title="Orders" description="Orders from your Shopify store and your API integration." />
      <fieldset className="flex flex-wrap gap-6">
        <legend className="sr-only">Order sources</legend>
        <SourceCheckbox
          label="Shopify Orders"
          checked={sources.shopify}
          onChange={(shopify) => setSources((s) => ({ ...s, shopify }))}
        />
        <SourceCheckbox
          label="API Orders"
          checked={sources.api}
          onChange={(api) => setSources((s) => ({ ...s, api }))}
        />
      </fieldset>

      {error ? (
        <LoadError
          title="Could not load orders"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <Tabs value={tab} onValueChange={(value) => setTab(value as OrderTab)}>
          <TabsList aria-label="Order status">
            {ORDER_TABS.map((t) => (
              <TabsTrigger key={t} value={t}>
                {tabLabels[t]}
              </TabsTrigger>
            ))}
          </TabsList>
          {ORDER_TABS.map((t) => (
            <TabsContent key={t} value={t} className="mt-2">
              {isLoading ? (
                <div className="grid gap-4" role="status" aria-label="Loading orders">
                  {[0, 1, 2].map((i) => (
                    <Skeleton key={i} className="h-40" />
                  ))}
                </div>
              ) : (
                <OrderList orders={filterByTab(shown, t)} shopifyStore={user?.shopifyStore ?? null} />
              )}
            </TabsContent>
          ))}
        </Tabs>
      )}
      {hasNextPage && (
        <div className="flex justify-center">
          <Button
            variant="outline"
            onClick={() => setSeekingFrom(matching)}
            disabled={isFetchingNextPage || seekingFrom !== null}
          >
            {isFetchingNextPage || seekingFrom !== null ? "Loading…" : "Load more orders"}
          </Button>
        </div>
      )}
    </>
  );
}
