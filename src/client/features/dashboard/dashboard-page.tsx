import {
  DASHBOARD_PERIODS,
  type DashboardPeriod,
  type DashboardResponse,
  DEFAULT_DASHBOARD_PERIOD,
} from "@contract/dashboard";
import { activeTier, hasPaidTier } from "@contract/plans";
import { landingErrorText } from "@contract/texts";
import {
  BoxesIcon,
  ClockIcon,
  DollarSignIcon,
  type LucideIcon,
  StoreIcon,
  TrendingUpIcon,
} from "lucide-react";
import { lazy, type ReactNode, Suspense, useEffect, useState } from "react";
import { Link } from "wouter";
import { LoadError } from "@/components/load-error";
import { OrderStatusBadge } from "@/components/order-status-badge";
import { PageHeader } from "@/components/page-header";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { dropSearchParam } from "@/lib/address";
import { useAuth } from "@/lib/auth";
import { formatDateTime } from "@/lib/format";
import { AnalyticsSection, AnalyticsUpgrade } from "./analytics-section";
import { useDashboard } from "./api/dashboard";
import { ClaimButtonDialog } from "./claim-button-dialog";
import { dayLabel, formatUsd, PERIOD_LABELS } from "./dashboard";

// recharts is most of the dashboard's weight: a chunk of its own, so the cards and recent activity show while it loads.
const OrdersCreatedChart = lazy(() => import("./charts").then((m) => ({ default: m.OrdersCreatedChart })));
const PopularListingsChart = lazy(() =>
  import("./charts").then((m) => ({ default: m.PopularListingsChart })),
);
const chartFallback = <Skeleton className="h-64 w-full" />;

function StatCard({
  title,
  icon: Icon,
  value,
  caption,
}: {
  title: string;
  icon: LucideIcon;
  value: ReactNode;
  caption: ReactNode;
}) {
  return (
    <Card className="gap-2">
      <CardHeader className="flex flex-row items-center justify-between">
        <CardTitle as="h2" className="text-sm font-medium">
          {title}
        </CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden="true" />
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
        <div className="text-xs text-muted-foreground">{caption}</div>
      </CardContent>
    </Card>
  );
}

/** What Profit leaves out: nothing, every cost (none set yet), or the units of items without a cost. */
function ProfitCaption({ data }: { data: DashboardResponse }) {
  if (!data.costsSet)
    return (
      <>
        No costs set, so this is revenue.{" "}
        <Link href="/inventory" className="underline underline-offset-2">
          Set costs
        </Link>
      </>
    );
  if (data.uncostedUnits > 0)
    return (
      <>
        {data.uncostedUnits.toLocaleString()} delivered {data.uncostedUnits === 1 ? "unit" : "units"} without
        a cost.{" "}
        <Link href="/inventory" className="underline underline-offset-2">
          Set costs
        </Link>
      </>
    );
  return <>{PERIOD_LABELS[data.period]}, after costs</>;
}

function RecentActivity({ orders }: { orders: DashboardResponse["recentActivity"] }) {
  if (orders.length === 0)
    return <p className="py-6 text-center text-sm text-muted-foreground">No recent activity</p>;
  return (
    <ul className="divide-y">
      {orders.map((order) => (
        <li key={order.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3 text-sm">
          <span className="font-medium">
            {order.shopifyOrderNumber ? `Order #${order.shopifyOrderNumber.replace(/^#/, "")}` : "API order"}
          </span>
          <OrderStatusBadge status={order.status} />
          <span className="text-muted-foreground">{order.robloxUsername ?? "Not claimed yet"}</span>
          {/* An API order has no price of its own (the seller's shop charged the buyer), so no $0.00. */}
          {order.orderSource === "api" ? (
            <Badge variant="outline" className="ml-auto">
              API
            </Badge>
          ) : (
            <span className="ml-auto font-medium">{formatUsd(order.totalAmount)}</span>
          )}
          <time className="w-full text-xs text-muted-foreground sm:w-auto" dateTime={order.createdAt}>
            {formatDateTime(order.createdAt)}
          </time>
        </li>
      ))}
    </ul>
  );
}

export function DashboardPage() {
  const { user } = useAuth();
  const [period, setPeriod] = useState<DashboardPeriod>(DEFAULT_DASHBOARD_PERIOD);
  const { data, isLoading, error, refetch, isFetching } = useDashboard(period);
  const [claimButtonHelp, setClaimButtonHelp] = useState(false);
  const [connectError, setConnectError] = useState<string | null>(null);
  const shopifyStore = user?.shopifyStore ?? null;
  const setupCompleted = user?.setupCompleted ?? false;
  const advanced = user ? hasPaidTier(activeTier(user)) : false;

  // Flags the Shopify connection leaves in the address: show what they say once, then drop them.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get("shopify_linked") === "true" && shopifyStore) {
      setClaimButtonHelp(true);
      dropSearchParam("shopify_linked");
    }
    // While setup is open the wizard reports a failed connection itself.
    const failure = setupCompleted ? landingErrorText(params.get("error")) : null;
    if (failure) {
      setConnectError(failure);
      dropSearchParam("error");
    }
  }, [shopifyStore, setupCompleted]);

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Your sales, listings, inventory and orders at a glance."
        actions={
          <fieldset className="flex gap-1 rounded-lg bg-muted p-1">
            <legend className="sr-only">Period</legend>
            {DASHBOARD_PERIODS.map((p) => (
              <Button
                key={p}
                size="sm"
                variant={p === period ? "default" : "ghost"}
                aria-pressed={p === period}
                title={PERIOD_LABELS[p]}
                onClick={() => setPeriod(p)}
              >
                {p}
              </Button>
            ))}
          </fieldset>
        }
      />

      {connectError && (
        <Alert variant="destructive">
          <AlertTitle>Shopify connection</AlertTitle>
          <AlertDescription>{connectError}</AlertDescription>
        </Alert>
      )}

      {error && !data ? (
        <LoadError
          title="Could not load the dashboard"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : isLoading || !data ? (
        <div
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5"
          role="status"
          aria-label="Loading dashboard"
        >
          {[0, 1, 2, 3, 4].map((i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      ) : (
        <div className="grid gap-6" aria-busy={isFetching}>
          <section aria-label="Summary" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
            <StatCard
              title="Total Sales"
              icon={DollarSignIcon}
              value={formatUsd(data.totalSales)}
              caption={PERIOD_LABELS[data.period]}
            />
            <StatCard
              title="Profit"
              icon={TrendingUpIcon}
              value={formatUsd(data.profit)}
              caption={<ProfitCaption data={data} />}
            />
            <StatCard
              title="Active Listings"
              icon={StoreIcon}
              value={data.activeListings.toLocaleString()}
              caption="Listed in your store"
            />
            <StatCard
              title="Inventory Items"
              icon={BoxesIcon}
              value={data.inventoryItems.toLocaleString()}
              caption="Items in storage"
            />
            <StatCard
              title="Pending Orders"
              icon={ClockIcon}
              value={data.pendingOrders.toLocaleString()}
              caption="Awaiting fulfillment"
            />
          </section>

          <div className="grid gap-6 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Orders Created</CardTitle>
                <CardDescription>
                  {data.ordersPerDay.length > 0
                    ? `${dayLabel(data.ordersPerDay[0]?.date ?? "")} to ${dayLabel(data.ordersPerDay.at(-1)?.date ?? "")}`
                    : "Last 7 days"}
                </CardDescription>
              </CardHeader>
              <CardContent>
                <Suspense fallback={chartFallback}>
                  <OrdersCreatedChart data={data.ordersPerDay} />
                </Suspense>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Most Popular Listings</CardTitle>
                <CardDescription>Top 5 by orders, {PERIOD_LABELS[data.period].toLowerCase()}</CardDescription>
              </CardHeader>
              <CardContent>
                <Suspense fallback={chartFallback}>
                  <PopularListingsChart data={data.popularListings} />
                </Suspense>
              </CardContent>
            </Card>
          </div>

          {advanced ? <AnalyticsSection period={period} /> : <AnalyticsUpgrade />}

          <Card>
            <CardHeader>
              <CardTitle>Recent Activity</CardTitle>
              <CardDescription>Your latest orders</CardDescription>
            </CardHeader>
            <CardContent>
              <RecentActivity orders={data.recentActivity} />
            </CardContent>
          </Card>
        </div>
      )}

      {shopifyStore && (
        <ClaimButtonDialog
          open={claimButtonHelp}
          onOpenChange={setClaimButtonHelp}
          shopifyStore={shopifyStore}
        />
      )}
    </>
  );
}
