import type { AnalyticsResponse } from "@contract/analytics";
import type { DashboardPeriod } from "@contract/dashboard";
import { endpointUrl } from "@contract/endpoint";
import { dashboardEndpoints } from "@contract/endpoints/dashboard";
import { GAME_NAMES } from "@contract/games";
import { DownloadIcon, SparklesIcon } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { Link } from "wouter";
import { LoadError } from "@/components/load-error";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Skeleton } from "@/components/ui/skeleton";
import { useAnalytics } from "./api/dashboard";
import { changeLabel, durationLabel, formatUsd, PERIOD_LABELS, shareLabel } from "./dashboard";

// recharts in its own chunk, as the dashboard's other charts.
const RevenueProfitChart = lazy(() =>
  import("./analytics-chart").then((m) => ({ default: m.RevenueProfitChart })),
);

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium" });

/** Free's place for the advanced analytics: what Basic and Pro add, and where to get them. */
export function AnalyticsUpgrade() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Advanced Analytics</CardTitle>
        <CardDescription>
          Revenue and profit over time against the previous period, sales per game and item, your claim
          funnel, repeat buyers and a CSV export of your orders come with the Basic and Pro plans.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <Link href="/subscription">
            <SparklesIcon aria-hidden="true" />
            Upgrade Plan
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}

function Change({ percent }: { percent: number | null }) {
  const label = changeLabel(percent);
  return (
    <span className="text-xs text-muted-foreground">
      {label === null ? "Nothing to compare with yet" : `${label} on the previous period`}
    </span>
  );
}

/** A small table that scrolls sideways on a narrow screen, with the cue that says so. */
function DataTable({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  return (
    <ScrollRegion label={label}>
      <table className="w-full text-sm">
        <thead className="text-left text-muted-foreground">
          <tr>
            {columns.map((c, i) => (
              <th
                key={c}
                scope="col"
                className={`py-2 pr-3 font-medium whitespace-nowrap ${i > 0 ? "text-right" : ""}`}
              >
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="[&_td]:py-2 [&_td]:pr-3 [&_td]:whitespace-nowrap [&_td:not(:first-child)]:text-right [&_tr]:border-t">
          {children}
        </tbody>
      </table>
    </ScrollRegion>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>
);

function Funnel({ funnel }: { funnel: AnalyticsResponse["funnel"] }) {
  const steps = [
    { label: "Orders", n: funnel.orders, share: null },
    { label: "Claimed", n: funnel.claimed, share: shareLabel(funnel.claimed, funnel.orders) },
    { label: "Delivered", n: funnel.delivered, share: shareLabel(funnel.delivered, funnel.orders) },
  ];
  return (
    <div className="grid gap-4">
      <ol className="grid grid-cols-3 gap-2 text-center">
        {steps.map((s) => (
          <li key={s.label} className="rounded-lg bg-muted/50 p-3">
            <p className="text-xs text-muted-foreground">{s.label}</p>
            <p className="text-xl font-bold">{s.n.toLocaleString()}</p>
            {s.share && <p className="text-xs text-muted-foreground">{s.share} of orders</p>}
          </li>
        ))}
      </ol>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted-foreground">Median time to claim</dt>
        <dd className="text-right font-medium">{durationLabel(funnel.medianClaimSeconds)}</dd>
        <dt className="text-muted-foreground">Median time to deliver after the claim</dt>
        <dd className="text-right font-medium">{durationLabel(funnel.medianDeliverSeconds)}</dd>
        <dt className="text-muted-foreground">Failed for lack of stock</dt>
        <dd className="text-right font-medium">
          {funnel.failed.toLocaleString()} {funnel.failed === 1 ? "order" : "orders"},{" "}
          {formatUsd(funnel.failedRevenue)}
        </dd>
      </dl>
    </div>
  );
}

/** Basic and Pro: revenue and profit over time, sales per game and item, the claim funnel and repeat buyers. */
export function AnalyticsSection({ period }: { period: DashboardPeriod }) {
  const { data, error, refetch, isFetching } = useAnalytics(period);

  if (error && !data)
    return (
      <LoadError
        title="Could not load the analytics"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  if (!data) return <Skeleton className="h-96 w-full" role="status" aria-label="Loading analytics" />;

  const { totals } = data;
  return (
    <section aria-labelledby="analytics-heading" className="grid min-w-0 gap-6" aria-busy={isFetching}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="analytics-heading" className="text-lg font-semibold">
          Analytics
        </h2>
        <Button asChild variant="outline" size="sm">
          <a href={endpointUrl(dashboardEndpoints.ordersCsv, { query: { period } })} download>
            <DownloadIcon aria-hidden="true" />
            Download Orders CSV
          </a>
        </Button>
      </div>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle as="h3">Revenue and Profit</CardTitle>
          <CardDescription>
            {PERIOD_LABELS[period]} by the {data.span}, the previous period dashed
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <div className="grid grid-cols-2 gap-4">
            <div>
              <p className="text-xs text-muted-foreground">Revenue</p>
              <p className="text-2xl font-bold">{formatUsd(totals.revenue)}</p>
              <Change percent={totals.revenueChange} />
            </div>
            <div>
              <p className="text-xs text-muted-foreground">Profit</p>
              <p className="text-2xl font-bold">{formatUsd(totals.profit)}</p>
              <Change percent={totals.profitChange} />
            </div>
          </div>
          {totals.uncostedUnits > 0 && (
            <p className="text-xs text-muted-foreground">
              {totals.uncostedUnits.toLocaleString()} delivered{" "}
              {totals.uncostedUnits === 1 ? "unit has" : "units have"} no cost set, so{" "}
              {totals.uncostedUnits === 1 ? "its" : "their"} cost is not in the profit.{" "}
              <Link href="/inventory" className="underline underline-offset-2">
                Set costs in Inventory
              </Link>
            </p>
          )}
          <Suspense fallback={<Skeleton className="h-72 w-full" />}>
            <RevenueProfitChart data={data} />
          </Suspense>
        </CardContent>
      </Card>

      {/* min-w-0: a grid item as wide as its table would push the page sideways at 390 px instead of scrolling. */}
      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Sales by Game</CardTitle>
          </CardHeader>
          <CardContent>
            {data.games.length === 0 ? (
              <Empty>No orders in this period</Empty>
            ) : (
              <DataTable label="Sales by game" columns={["Game", "Orders", "Units", "Revenue"]}>
                {data.games.map((g) => (
                  <tr key={g.game}>
                    <td>{GAME_NAMES[g.game]}</td>
                    <td>{g.orders.toLocaleString()}</td>
                    <td>{g.units.toLocaleString()}</td>
                    <td>{formatUsd(g.revenue)}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">Top Items</CardTitle>
            <CardDescription>By revenue; an order's total is shared among its items by units</CardDescription>
          </CardHeader>
          <CardContent>
            {data.items.length === 0 ? (
              <Empty>No orders in this period</Empty>
            ) : (
              <DataTable label="Top items" columns={["Item", "Units", "Revenue", "Profit"]}>
                {data.items.map((i) => (
                  <tr key={`${i.itemId}-${i.game}`}>
                    <td className="max-w-40 truncate">{i.name}</td>
                    <td>{i.units.toLocaleString()}</td>
                    <td>{formatUsd(i.revenue)}</td>
                    <td>
                      {i.profit === null ? (
                        <span className="text-muted-foreground">No cost set</span>
                      ) : (
                        formatUsd(i.profit)
                      )}
                    </td>
                  </tr>
                ))}
              </DataTable>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">Claim Funnel</CardTitle>
            <CardDescription>From order to claim to delivery</CardDescription>
          </CardHeader>
          <CardContent>
            <Funnel funnel={data.funnel} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h3">Repeat Buyers</CardTitle>
            <CardDescription>
              Buyers who ordered in this period and have more than one order with you
            </CardDescription>
          </CardHeader>
          <CardContent>
            {data.repeatBuyers.length === 0 ? (
              <Empty>No repeat buyers in this period yet</Empty>
            ) : (
              <DataTable
                label="Repeat buyers"
                columns={["ROBLOX username", "Orders", "Revenue", "Last order"]}
              >
                {data.repeatBuyers.map((b) => (
                  <tr key={b.username}>
                    <td className="max-w-40 truncate">{b.username}</td>
                    <td>{b.orders.toLocaleString()}</td>
                    <td>{formatUsd(b.revenue)}</td>
                    <td>{dateFormat.format(new Date(b.lastOrderAt))}</td>
                  </tr>
                ))}
              </DataTable>
            )}
          </CardContent>
        </Card>
      </div>
    </section>
  );
}
