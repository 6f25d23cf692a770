import { z } from "zod";
import { sellerOrderSchema } from "./orders.js";

export const DASHBOARD_PERIODS = ["24h", "7d", "30d", "90d"] as const;
const dashboardPeriodSchema = z.enum(DASHBOARD_PERIODS);
export type DashboardPeriod = z.infer<typeof dashboardPeriodSchema>;
export const DEFAULT_DASHBOARD_PERIOD: DashboardPeriod = "7d";
export const PERIOD_HOURS: Record<DashboardPeriod, number> = {
  "24h": 24,
  "7d": 168,
  "30d": 720,
  "90d": 2160,
};

/** Spec 000 §9: the chart covers 7 days, the popular list has 5 entries, recent activity 5 orders. */
const CHART_DAYS = 7;
export const POPULAR_LISTINGS = 5;
export const RECENT_ACTIVITY = 5;

export const DAY_MS = 86_400_000;
/** The start of the UTC day that holds `ms`: the dashboard's day buckets are UTC days. */
export const utcDayStart = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;
/** The UTC days (their starts, oldest first, today last) of the Orders Created chart at `now`. */
export const chartDayStarts = (now: number) =>
  Array.from({ length: CHART_DAYS }, (_, i) => utcDayStart(now) - (CHART_DAYS - 1 - i) * DAY_MS);

export const dashboardQuerySchema = z.object({
  period: dashboardPeriodSchema.default(DEFAULT_DASHBOARD_PERIOD),
});

export const dashboardResponseSchema = z.object({
  period: dashboardPeriodSchema,
  /** Sum of the period's order totals, a decimal string. */
  totalSales: z.string(),
  /**
   * Revenue of the period's orders that were paid and not cancelled or refunded, less the cost of the items they
   * delivered (decision 045), a decimal string. Costs not set count as nothing: see the next two.
   */
  profit: z.string(),
  /** Whether the seller has set a cost for any item: without, Profit is only revenue ("no costs set"). */
  costsSet: z.boolean(),
  /** Units the period's orders delivered whose item has no cost set, so their cost is not in `profit`. */
  uncostedUnits: z.number().int(),
  activeListings: z.number().int(),
  inventoryItems: z.number().int(),
  /** Orders awaiting fulfillment (status pending or unclaimed), whenever they were placed. */
  pendingOrders: z.number().int(),
  /** One entry per UTC day, oldest first, today last. */
  ordersPerDay: z.array(z.object({ date: z.string(), count: z.number().int() })),
  popularListings: z.array(
    z.object({ listingId: z.string(), title: z.string(), orderCount: z.number().int() }),
  ),
  recentActivity: z.array(sellerOrderSchema),
});
export type DashboardResponse = z.infer<typeof dashboardResponseSchema>;
