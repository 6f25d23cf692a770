import type { AnalyticsResponse } from "@contract/analytics";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { bucketLabel, formatUsd } from "./dashboard";

const AXIS = { fontSize: 12, fill: "var(--muted-foreground)" };
const TOOLTIP_STYLE = {
  background: "var(--popover)",
  border: "1px solid var(--border)",
  borderRadius: 8,
  color: "var(--popover-foreground)",
};

/**
 * Revenue and profit per hour or day, the previous period's dashed beside them. Hidden from assistive technology
 * like the dashboard's other charts: the table below carries the same numbers.
 */
export function RevenueProfitChart({ data }: { data: AnalyticsResponse }) {
  const rows = data.series.map((p) => ({
    label: bucketLabel(p.bucket, data.span),
    revenue: Number(p.revenue),
    profit: Number(p.profit),
    previousRevenue: Number(p.previousRevenue),
    previousProfit: Number(p.previousProfit),
  }));
  return (
    <>
      <div aria-hidden="true" className="h-72">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="label" tick={AXIS} stroke="var(--border)" minTickGap={16} />
            <YAxis tick={AXIS} stroke="var(--border)" width={48} tickFormatter={(v: number) => `$${v}`} />
            <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(v) => formatUsd(String(v))} />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Line
              type="monotone"
              dataKey="revenue"
              name="Revenue"
              stroke="var(--chart-1)"
              strokeWidth={2}
              dot={false}
            />
            <Line
              type="monotone"
              dataKey="profit"
              name="Profit"
              stroke="var(--chart-2)"
              strokeWidth={2}
              dot={false}
            />
            <Line
              type="monotone"
              dataKey="previousRevenue"
              name="Revenue, previous period"
              stroke="var(--chart-1)"
              strokeDasharray="4 4"
              strokeOpacity={0.6}
              dot={false}
            />
            <Line
              type="monotone"
              dataKey="previousProfit"
              name="Profit, previous period"
              stroke="var(--chart-2)"
              strokeDasharray="4 4"
              strokeOpacity={0.6}
              dot={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      {/* A table ignores the 1 px width of sr-only, so a wrapper clips it too (else it widens the page). */}
      <div className="sr-only">
        <table className="sr-only">
          <caption>
            Revenue and profit per {data.span === "hour" ? "hour" : "day"}, with the previous period
          </caption>
          <thead>
            <tr>
              <th scope="col">{data.span === "hour" ? "Hour" : "Day"}</th>
              <th scope="col">Revenue</th>
              <th scope="col">Profit</th>
              <th scope="col">Revenue, previous period</th>
              <th scope="col">Profit, previous period</th>
            </tr>
          </thead>
          <tbody>
            {data.series.map((p, i) => (
              <tr key={p.bucket}>
                <th scope="row">{rows[i]?.label}</th>
                <td>{formatUsd(p.revenue)}</td>
                <td>{formatUsd(p.profit)}</td>
                <td>{formatUsd(p.previousRevenue)}</td>
                <td>{formatUsd(p.previousProfit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
