import { eq } from "drizzle-orm";
import {
  CHART_DAYS,
  type DashboardPeriod,
  type DashboardResponse,
  PERIOD_HOURS,
  POPULAR_LISTINGS,
  RECENT_ACTIVITY,
} from "../../../contract/dashboard.js";
import type { AppContext } from "../../context.js";
import { type DbOrTx, txSql } from "../../db/client.js";
import { dashboardDailyListingStats, dashboardDailyStats } from "../../db/schema/index.js";
import { centsToDecimal, toCents } from "../../integrations/shopify/payload.js";
import { SELLER_ORDER_FILTER, SELLER_ORDER_SELECT, toSellerOrder } from "../orders/service.js";

const DAY_MS = 86_400_000;
/** A day is rolled up once it has been over for this long (a transaction begun before midnight may commit late). */
const SETTLE_MS = 10 * 60_000;

/** The orders the dashboard counts: the seller's sales (no withdrawals, no multi-game parents). */
const COUNTED = `${SELLER_ORDER_FILTER} AND o.source <> 'withdrawal'`;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const floorDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * The time frame of one dashboard request. Whole UTC days that are over come from the rollup tables; the
 * period's partial first day and everything since the last rolled day are read live from orders (a day or two
 * of rows through orders_user_created_idx), so a seller's order count does not matter.
 */
export function dashboardWindows(period: DashboardPeriod, now: number) {
  const periodStart = now - PERIOD_HOURS[period] * 3_600_000;
  const today = floorDay(now);
  const chartStart = today - (CHART_DAYS - 1) * DAY_MS;
  const rolledEnd = floorDay(now - SETTLE_MS);
  const fullStart = Math.ceil(periodStart / DAY_MS) * DAY_MS;
  const rolledPeriod = fullStart < rolledEnd;
  return {
    periodStart,
    chartDays: Array.from({ length: CHART_DAYS }, (_, i) => dayOf(chartStart + i * DAY_MS)),
    /** Days to read from the rollups: [rollFrom, rolledEnd). */
    rollFrom: Math.min(fullStart, chartStart),
    rolledEnd,
    /** The period's whole days: [fullStart, rolledEnd) when rolledPeriod. */
    fullStart,
    rolledPeriod,
    /** Live windows: [live1From, live1To) and [live2From, now]. */
    live1From: rolledPeriod ? periodStart : 0,
    live1To: rolledPeriod ? fullStart : 0,
    live2From: rolledPeriod ? rolledEnd : Math.min(periodStart, rolledEnd),
  };
}

/** Rolls up the given days (idempotent: concurrent requests agree through the primary keys). */
async function rollUp(tx: DbOrTx, userId: string, days: string[]): Promise<void> {
  const q = txSql(tx);
  const dayJoin = `o.user_id = $1 AND ${COUNTED}
      AND o.created_at >= (d.day::timestamp AT TIME ZONE 'UTC') AND o.created_at < ((d.day + 1)::timestamp AT TIME ZONE 'UTC')`;
  await q.query(
    `INSERT INTO dashboard_daily_stats (user_id, day, order_count, total_sales)
     SELECT $1, d.day, count(o.id), COALESCE(sum(o.total_amount), 0)
       FROM unnest($2::date[]) AS d(day) LEFT JOIN orders o ON ${dayJoin}
      GROUP BY d.day
     ON CONFLICT DO NOTHING`,
    [userId, days],
  );
  await q.query(
    `INSERT INTO dashboard_daily_listing_stats (user_id, day, listing_id, order_count)
     SELECT $1, d.day, oi.listing_id, count(DISTINCT o.id)
       FROM unnest($2::date[]) AS d(day)
       JOIN orders o ON ${dayJoin}
       JOIN order_items oi ON oi.order_id = o.id AND oi.listing_id IS NOT NULL
      GROUP BY d.day, oi.listing_id
     ON CONFLICT DO NOTHING`,
    [userId, days],
  );
}

/** Forgets a seller's rollups (after orders were written into the past: demo data, benchmarks). */
export async function invalidateDashboardRollups(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(dashboardDailyListingStats).where(eq(dashboardDailyListingStats.userId, userId));
  await db.delete(dashboardDailyStats).where(eq(dashboardDailyStats.userId, userId));
}

interface DailyRow {
  day: string;
  order_count: number;
  total_sales: string;
}

/** The rolled days from rollFrom to rolledEnd, computing the ones not rolled up yet. */
async function rolledDays(
  ctx: AppContext,
  userId: string,
  from: number,
  to: number,
): Promise<Map<string, DailyRow>> {
  const read = async () => {
    const { rows } = await ctx.database.raw.query<DailyRow>(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day, order_count, total_sales::text AS total_sales
         FROM dashboard_daily_stats WHERE user_id = $1 AND day >= $2::date AND day < $3::date`,
      [userId, dayOf(from), dayOf(to)],
    );
    return new Map(rows.map((r) => [r.day, r]));
  };
  const have = await read();
  const missing: string[] = [];
  for (let d = from; d < to; d += DAY_MS) if (!have.has(dayOf(d))) missing.push(dayOf(d));
  if (missing.length === 0) return have;
  await ctx.db.transaction((tx) => rollUp(tx, userId, missing));
  return read();
}

/** GET /api/dashboard: the four cards, the 7-day chart, the top listings and the latest orders. */
export async function dashboard(
  ctx: AppContext,
  userId: string,
  period: DashboardPeriod,
  now = Date.now(),
): Promise<DashboardResponse> {
  const w = dashboardWindows(period, now);
  const liveWhere = `o.user_id = $1 AND ${COUNTED}
      AND ((o.created_at >= $2 AND o.created_at < $3) OR o.created_at >= $4)`;
  const liveParams = [userId, new Date(w.live1From), new Date(w.live1To), new Date(w.live2From)];

  // The rollups first: the popular-listings query reads them too.
  const rolled = await rolledDays(ctx, userId, w.rollFrom, w.rolledEnd);
  const [live, popular, cards, recent] = await Promise.all([
    ctx.database.raw.query<{ day: string; in_period: boolean; n: number; total: string }>(
      `SELECT to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, o.created_at >= $5 AS in_period,
              count(*)::int AS n, COALESCE(sum(o.total_amount), 0)::text AS total
         FROM orders o WHERE ${liveWhere}
        GROUP BY 1, 2`,
      [...liveParams, new Date(w.periodStart)],
    ),
    ctx.database.raw.query<{ listing_id: string; title: string; n: number }>(
      // Summed per listing before the join: a join per rolled-up row would cost a lookup each.
      `SELECT l.id AS listing_id, l.title, t.n
         FROM (
           SELECT listing_id, sum(n)::int AS n FROM (
             SELECT listing_id, order_count AS n FROM dashboard_daily_listing_stats
              WHERE user_id = $1 AND $6::boolean AND day >= $7::date AND day < $8::date
             UNION ALL
             SELECT oi.listing_id, count(DISTINCT o.id) AS n
               FROM orders o JOIN order_items oi ON oi.order_id = o.id
              WHERE ${liveWhere} AND o.created_at >= $5 AND oi.listing_id IS NOT NULL
              GROUP BY oi.listing_id
           ) x GROUP BY listing_id
         ) t
         JOIN listings l ON l.id = t.listing_id AND l.user_id = $1
        ORDER BY t.n DESC, l.title
        LIMIT ${POPULAR_LISTINGS}`,
      [...liveParams, new Date(w.periodStart), w.rolledPeriod, dayOf(w.fullStart), dayOf(w.rolledEnd)],
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
  ]);

  let sales = 0n;
  for (const [day, r] of rolled) {
    if (w.rolledPeriod && day >= dayOf(w.fullStart)) sales += toCents(r.total_sales);
  }
  const liveCounts = new Map<string, number>();
  for (const r of live.rows) {
    if (r.in_period) sales += toCents(r.total);
    if (r.day >= dayOf(w.rolledEnd)) liveCounts.set(r.day, (liveCounts.get(r.day) ?? 0) + r.n);
  }
  const rolledEndDay = dayOf(w.rolledEnd);

  return {
    period,
    totalSales: centsToDecimal(sales),
    activeListings: cards.rows[0].active_listings,
    inventoryItems: Number(cards.rows[0].inventory_items),
    pendingOrders: cards.rows[0].pending_orders,
    ordersPerDay: w.chartDays.map((date) => ({
      date,
      count: date < rolledEndDay ? (rolled.get(date)?.order_count ?? 0) : (liveCounts.get(date) ?? 0),
    })),
    popularListings: popular.rows.map((r) => ({ listingId: r.listing_id, title: r.title, orderCount: r.n })),
    recentActivity: recent.rows.map((r) => toSellerOrder(ctx.config, r)),
  };
}
