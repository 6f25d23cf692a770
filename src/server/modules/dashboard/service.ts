import {
  type DashboardPeriod,
  type DashboardResponse,
  POPULAR_LISTINGS,
  RECENT_ACTIVITY,
} from "../../../contract/dashboard.js";
import type { AppContext } from "../../context.js";
import { at } from "../../db/rows.js";
import { centsToDecimal, toCents } from "../../integrations/shopify/index.js";
import { SELLER_ORDER_SELECT, toSellerOrder } from "../orders/index.js";
import { periodProfit } from "./analytics.js";
import { COUNTED, rollUp } from "./rollups.js";
import {
  bucketsIn,
  type DashboardWindows,
  dashboardWindows,
  dayOf,
  type Range,
  type Span,
} from "./windows.js";

const iso = (ms: number) => new Date(ms).toISOString();
/** Ranges as (from, to) timestamps: empty ones are passed too, so a statement's text never changes. */
const rangeParams = (ranges: readonly Range[]) => ranges.flatMap((r) => [iso(r.from), iso(r.to)]);

interface RolledRow {
  span: Span;
  at: number;
  order_count: number;
  total_sales: string;
}

/**
 * The rollups a request reads (days and hours). The rollup job keeps them summed; a bucket it has not summed yet
 * (the job behind, a seller's rollups just invalidated) is rolled up here.
 */
async function rolledBuckets(ctx: AppContext, userId: string, w: DashboardWindows, now: number) {
  const read = async () => {
    const { rows } = await ctx.database.raw.query<RolledRow>(
      `SELECT span, (extract(epoch FROM bucket) * 1000)::float8 AS at, order_count, total_sales::text AS total_sales
         FROM dashboard_stats
        WHERE user_id = $1 AND ((span = 'day' AND bucket >= $2 AND bucket < $3)
           OR (span = 'hour' AND ((bucket >= $4 AND bucket < $5) OR (bucket >= $6 AND bucket < $7))))`,
      [userId, ...rangeParams([w.days]), ...rangeParams(w.hours)],
    );
    return rows;
  };
  const rows = await read();
  const have = new Set(rows.map((r) => `${r.span}${r.at}`));
  const missing = (span: Span, ranges: readonly Range[]) =>
    ranges.flatMap((r) => bucketsIn(r, span)).filter((t) => !have.has(`${span}${t}`));
  const days = missing("day", [w.days]);
  const hours = missing("hour", w.hours);
  if (days.length === 0 && hours.length === 0) return rows;
  const bucket = (span: Span) => (start: number) => ({ userId, span, start });
  await ctx.db.transaction((tx) =>
    rollUp(tx, [...days.map(bucket("day")), ...hours.map(bucket("hour"))], now),
  );
  return read();
}

/** GET /api/dashboard: the four cards, the 7-day chart, the top listings and the latest orders. */
export async function dashboard(
  ctx: AppContext,
  userId: string,
  period: DashboardPeriod,
  now = ctx.clock(),
): Promise<DashboardResponse> {
  const w = dashboardWindows(period, now);
  const liveWhere = `o.user_id = $1 AND ${COUNTED}
      AND ((o.created_at >= $2 AND o.created_at < $3) OR o.created_at >= $4)`;
  const liveParams = [userId, ...rangeParams([w.liveLeading]), iso(w.liveTrailingFrom)];

  // The rollups first: the popular-listings query reads them too.
  const rolled = await rolledBuckets(ctx, userId, w, now);
  const [live, popular, cards, recent, profit] = await Promise.all([
    ctx.database.raw.query<{ day: string; trailing: boolean; n: number; total: string }>(
      `SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, o.created_at >= $4 AS trailing,
              count(*)::int AS n, COALESCE(sum(o.total_amount), 0)::text AS total
         FROM orders o WHERE ${liveWhere}
        GROUP BY 1, 2`,
      liveParams,
    ),
    ctx.database.raw.query<{ listing_id: string; title: string; n: number }>(
      // Summed per listing before the join: a join per rolled-up row would cost a lookup each.
      `SELECT l.id AS listing_id, l.title, t.n
         FROM (
           SELECT listing_id, sum(n)::int AS n FROM (
             SELECT listing_id, order_count AS n FROM dashboard_listing_stats
              WHERE user_id = $1 AND ((span = 'day' AND bucket >= $5 AND bucket < $6)
                 OR (span = 'hour' AND ((bucket >= $7 AND bucket < $8) OR (bucket >= $9 AND bucket < $10))))
             UNION ALL
             SELECT oi.listing_id, count(DISTINCT o.id) AS n
               FROM orders o JOIN order_items oi ON oi.order_id = o.id
              WHERE ${liveWhere} AND oi.listing_id IS NOT NULL
              GROUP BY oi.listing_id
           ) x GROUP BY listing_id
         ) t
         JOIN listings l ON l.id = t.listing_id AND l.user_id = $1
        ORDER BY t.n DESC, l.title
        LIMIT ${POPULAR_LISTINGS}`,
      [...liveParams, ...rangeParams([w.periodDays]), ...rangeParams(w.periodHours)],
    ),
    ctx.database.raw.query<{ active_listings: number; inventory_items: string; pending_orders: number }>(
      `SELECT (SELECT count(*)::int FROM listings WHERE user_id = $1 AND is_active) AS active_listings,
              (SELECT COALESCE(sum(available), 0)::text FROM inventory_balances WHERE user_id = $1) AS inventory_items,
              (SELECT count(*)::int FROM orders o
                WHERE o.user_id = $1 AND o.status IN ('pending', 'unclaimed') AND o.source <> 'withdrawal'
                  AND (o.game IS NOT NULL OR o.source <> 'shopify')) AS pending_orders`,
      [userId],
    ),
    ctx.database.raw.query<Parameters<typeof toSellerOrder>[1]>(
      `${SELLER_ORDER_SELECT} WHERE o.user_id = $1 AND ${COUNTED} ORDER BY o.created_at DESC, o.id DESC LIMIT ${RECENT_ACTIVITY}`,
      [userId],
    ),
    periodProfit(ctx, userId, period, now),
  ]);

  let sales = 0n;
  const perDay = new Map<string, number>();
  const countDay = (day: string, n: number) => perDay.set(day, (perDay.get(day) ?? 0) + n);
  const inRanges = (t: number, ranges: readonly Range[]) => ranges.some((r) => t >= r.from && t < r.to);
  for (const r of rolled) {
    const periodRanges = r.span === "day" ? [w.periodDays] : w.periodHours;
    if (inRanges(r.at, periodRanges)) sales += toCents(r.total_sales);
    // Days before dayEnd are rolled whole; later ones add up their hours (the period's leading hours lie in a
    // rolled day) and their live orders.
    if (r.span === "day" || r.at >= w.dayEnd) countDay(dayOf(r.at), r.order_count);
  }
  for (const r of live.rows) {
    sales += toCents(r.total);
    if (r.trailing) countDay(r.day, r.n);
  }

  return {
    period,
    totalSales: centsToDecimal(sales),
    ...profit,
    activeListings: at(cards.rows, 0).active_listings,
    inventoryItems: Number(at(cards.rows, 0).inventory_items),
    pendingOrders: at(cards.rows, 0).pending_orders,
    ordersPerDay: w.chartDays.map((date) => ({ date, count: perDay.get(date) ?? 0 })),
    popularListings: popular.rows.map((r) => ({ listingId: r.listing_id, title: r.title, orderCount: r.n })),
    recentActivity: recent.rows.map((r) => toSellerOrder(ctx.config, r)),
  };
}
