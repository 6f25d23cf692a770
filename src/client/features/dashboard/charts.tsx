import type { DashboardResponse } from "@contract/dashboard";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { dayLabel } from "./dashboard";

const AXIS = { fontSize: 12, fill: "var(--muted-foreground)" };
const TOOLTIP_STYLE = {
  background: "var(--popover)",
  border: "1px solid var(--border)",
  borderRadius: 8,
  color: "var(--popover-foreground)",
};

/*
 * The charts are hidden from assistive technology (an sr-only table carries the same numbers), so Recharts' keyboard
 * layer is off: a focusable element inside aria-hidden would be reachable but unnamed.
 */

/** Orders per day over the last 7 days; the table beside it carries the same numbers for screen readers. */
export function OrdersCreatedChart({ data }: { data: DashboardResponse["ordersPerDay"] }) {
  const rows = data.map((d) => ({ day: dayLabel(d.date), orders: d.count }));
  return (
    <>
      <div aria-hidden="true" className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <LineChart
            accessibilityLayer={false}
            data={rows}
            margin={{ top: 8, right: 16, bottom: 0, left: -16 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
            <XAxis dataKey="day" tick={AXIS} stroke="var(--border)" />
            <YAxis allowDecimals={false} tick={AXIS} stroke="var(--border)" />
            <Tooltip contentStyle={TOOLTIP_STYLE} />
            <Line
              type="monotone"
              dataKey="orders"
              name="Orders"
              stroke="var(--chart-1)"
              strokeWidth={2}
              dot
            />
          </LineChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Orders created per day</caption>
        <tbody>
          {rows.map((r) => (
            <tr key={r.day}>
              <th scope="row">{r.day}</th>
              <td>{r.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

export function PopularListingsChart({ data }: { data: DashboardResponse["popularListings"] }) {
  if (data.length === 0) {
    return <p className="py-20 text-center text-sm text-muted-foreground">No orders in this period</p>;
  }
  return (
    <>
      <div aria-hidden="true" className="h-64">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart
            accessibilityLayer={false}
            data={data}
            layout="vertical"
            margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
          >
            <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={AXIS} stroke="var(--border)" />
            <YAxis
              type="category"
              dataKey="title"
              width={120}
              tick={AXIS}
              stroke="var(--border)"
              tickFormatter={(title: string) => (title.length > 18 ? `${title.slice(0, 17)}…` : title)}
            />
            <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: "var(--muted)" }} />
            <Bar
              dataKey="orderCount"
              name="Orders"
              fill="var(--chart-2)"
              radius={[0, 4, 4, 0]}
              maxBarSize={32}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <table className="sr-only">
        <caption>Orders per listing</caption>
        <tbody>
          {data.map((l) => (
            <tr key={l.listingId}>
              <th scope="row">{l.title}</th>
              <td>{l.orderCount}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
