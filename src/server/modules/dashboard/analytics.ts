import type { AnalyticsResponse } from "../../../contract/analytics.js";
import { TOP_BUYERS, TOP_ITEMS } from "../../../contract/analytics.js";
import type { DashboardPeriod } from "../../../contract/dashboard.js";
import type { Game } from "../../../contract/games.js";
import { fromUnits, toUnits, USD_DECIMALS } from "../../../contract/money.js";
import type { AppContext } from "../../context.js";
import { missing } from "../../db/rows.js";
import { changePercent, medianFromBins, profitWindows, seriesRange } from "./analytics-ranges.js";
import type { Range } from "./windows.js";

const iso = (ms: number) => new Date(ms).toISOString();
const cents = (decimal: string | null) => (decimal === null ? 0n : toUnits(decimal, USD_DECIMALS));
const usd = (units: bigint) => fromUnits(units, USD_DECIMALS);

/** Rows of one table over a period's pieces ($2..$7: days, leading hours, trailing hours). */
const PIECES = `((s.span = 'day' AND s.bucket >= $2 AND s.bucket < $3)
  OR (s.span = 'hour' AND ((s.bucket >= $4 AND s.bucket < $5) OR (s.bucket >= $6 AND s.bucket < $7))))`;
const ITEM_COST_JOIN = "LEFT JOIN item_costs c ON c.user_id = s.user_id AND c.item_id = s.item_id";

const BUYER_ORDER = `ORDER BY orders DESC, last_order_at DESC, buyer LIMIT ${TOP_BUYERS}`;

/**
 * The repeat buyers of a seller ($1) who ordered since $2, as the view analytics_buyers sums them, but without the
 * view: grouping all of a seller's buyers (200,000 in the benchmark) costs 150 ms. The buyers without unfolded
 * deltas are final in the folded table, so their first rows in analytics_buyers_repeat_idx are the top ones; the few
 * buyers with deltas are summed apart and compete with them (decision 053).
 */
export const REPEAT_BUYERS = `WITH d AS (
    SELECT buyer, max(username) AS username, sum(orders) AS orders, sum(revenue) AS revenue, max(last_order_at) AS last_order_at
      FROM analytics_buyers_delta WHERE user_id = $1 GROUP BY buyer),
  changed AS (
    SELECT d.buyer, greatest(f.username, d.username) AS username, (COALESCE(f.orders, 0) + d.orders)::int AS orders,
           COALESCE(f.revenue, 0) + d.revenue AS revenue, greatest(f.last_order_at, d.last_order_at) AS last_order_at
      FROM d LEFT JOIN analytics_buyers_folded f ON f.user_id = $1 AND f.buyer = d.buyer),
  unchanged AS (
    SELECT buyer, username, orders, revenue, last_order_at FROM analytics_buyers_folded f
     WHERE user_id = $1 AND orders > 1 AND last_order_at >= $2 AND NOT EXISTS (SELECT 1 FROM d WHERE d.buyer = f.buyer)
     ${BUYER_ORDER})
SELECT username, orders, revenue::text AS revenue, last_order_at
  FROM (SELECT * FROM unchanged UNION ALL SELECT * FROM changed WHERE orders > 1 AND last_order_at >= $2) b
 ${BUYER_ORDER}`;

export interface PeriodProfit {
  profit: string;
  costsSet: boolean;
  uncostedUnits: number;
}

/**
 * The dashboard's Profit for a rolling period: the revenue the period's orders kept less the current unit cost of
 * every unit they delivered; units of items without a cost are counted apart (decision 045).
 */
export async function periodProfit(
  ctx: AppContext,
  userId: string,
  period: DashboardPeriod,
  now: number,
): Promise<PeriodProfit> {
  const w = profitWindows(period, now);
  const pieces = [w.days, ...w.hours].flatMap((r: Range) => [iso(r.from), iso(r.to)]);
  const { rows } = await ctx.database.raw.query<{
    revenue: string;
    cost: string;
    uncosted: number;
    costs_set: boolean;
  }>(
    `SELECT (SELECT COALESCE(sum(s.revenue), 0)::text FROM analytics_stats s WHERE s.user_id = $1 AND ${PIECES}) AS revenue,
            i.cost, i.uncosted,
            EXISTS (SELECT 1 FROM item_costs WHERE user_id = $1) AS costs_set
       FROM (SELECT COALESCE(sum(s.delivered_units * c.unit_cost), 0)::text AS cost,
                    COALESCE(sum(s.delivered_units) FILTER (WHERE c.unit_cost IS NULL), 0)::int AS uncosted
               FROM analytics_item_stats s ${ITEM_COST_JOIN} WHERE s.user_id = $1 AND ${PIECES}) i`,
    [userId, ...pieces],
  );
  const [r = missing("the profit row")] = rows;
  return {
    profit: usd(cents(r.revenue) - cents(r.cost)),
    costsSet: r.costs_set,
    uncostedUnits: r.uncosted,
  };
}

interface ItemRow {
  item_id: string;
  game: Game;
  name: string;
  units: number;
  revenue: string;
  delivered: number;
  unit_cost: string | null;
}

/** GET /api/analytics: the advanced analytics of a period, all from the analytics tables (a few hundred rows). */
export async function analytics(
  ctx: AppContext,
  userId: string,
  period: DashboardPeriod,
  now: number,
): Promise<AnalyticsResponse> {
  const r = seriesRange(period, now);
  const both = [userId, r.span, iso(r.previousFrom), iso(r.to)];
  const current = [userId, r.span, iso(r.from), iso(r.to)];
  const q = ctx.database.raw;
  const [revenue, costs, games, items, durations, buyers] = await Promise.all([
    q.query<{ at: number; revenue: string }>(
      `SELECT (extract(epoch FROM bucket) * 1000)::float8 AS at, sum(revenue)::text AS revenue
         FROM analytics_stats WHERE user_id = $1 AND span = $2 AND bucket >= $3 AND bucket < $4 GROUP BY bucket`,
      both,
    ),
    q.query<{ at: number; cost: string; uncosted: number }>(
      `SELECT (extract(epoch FROM s.bucket) * 1000)::float8 AS at, COALESCE(sum(s.delivered_units * c.unit_cost), 0)::text AS cost,
              COALESCE(sum(s.delivered_units) FILTER (WHERE c.unit_cost IS NULL), 0)::int AS uncosted
         FROM analytics_item_stats s ${ITEM_COST_JOIN}
        WHERE s.user_id = $1 AND s.span = $2 AND s.bucket >= $3 AND s.bucket < $4 GROUP BY s.bucket`,
      both,
    ),
    q.query<{
      game: Game;
      orders: number;
      revenue: string;
      claimed: number;
      delivered: number;
      failed: number;
      failed_revenue: string;
    }>(
      `SELECT game, sum(orders)::int AS orders, sum(revenue)::text AS revenue, sum(claimed)::int AS claimed,
              sum(delivered)::int AS delivered, sum(failed)::int AS failed, sum(failed_revenue)::text AS failed_revenue
         FROM analytics_stats WHERE user_id = $1 AND span = $2 AND bucket >= $3 AND bucket < $4 GROUP BY game`,
      current,
    ),
    q.query<ItemRow>(
      `SELECT s.item_id, s.game, i.public_name AS name, s.units, s.revenue, s.delivered, c.unit_cost::text AS unit_cost
         FROM (SELECT user_id, item_id, game, sum(units)::int AS units, sum(revenue)::text AS revenue,
                      sum(delivered_units)::int AS delivered
                 FROM analytics_item_stats WHERE user_id = $1 AND span = $2 AND bucket >= $3 AND bucket < $4
                GROUP BY user_id, item_id, game) s
         JOIN items i ON i.id = s.item_id ${ITEM_COST_JOIN}`,
      current,
    ),
    q.query<{ kind: "claim" | "deliver"; bin: number; n: number }>(
      `SELECT kind, bin, sum(n)::int AS n FROM analytics_durations
        WHERE user_id = $1 AND day >= $2 AND day < $3 GROUP BY kind, bin`,
      [userId, iso(r.firstDay), iso(r.to)],
    ),
    q.query<{ username: string; orders: number; revenue: string; last_order_at: Date }>(REPEAT_BUYERS, [
      userId,
      iso(r.from),
    ]),
  ]);

  const step = r.to - r.from;
  const revenueAt = new Map(revenue.rows.map((x) => [x.at, cents(x.revenue)]));
  const costAt = new Map(costs.rows.map((x) => [x.at, cents(x.cost)]));
  const profitAt = (at: number) => (revenueAt.get(at) ?? 0n) - (costAt.get(at) ?? 0n);
  const series = r.buckets.map((at) => ({
    bucket: iso(at),
    revenue: usd(revenueAt.get(at) ?? 0n),
    profit: usd(profitAt(at)),
    previousRevenue: usd(revenueAt.get(at - step) ?? 0n),
    previousProfit: usd(profitAt(at - step)),
  }));
  const sum = (f: (at: number) => bigint, shift: number) =>
    r.buckets.reduce((t, at) => t + f(at - shift), 0n);
  const totalRevenue = sum((at) => revenueAt.get(at) ?? 0n, 0);
  const previousRevenue = sum((at) => revenueAt.get(at) ?? 0n, step);
  const totalProfit = sum(profitAt, 0);
  const previousProfit = sum(profitAt, step);

  const unitsPerGame = new Map<string, number>();
  for (const i of items.rows) unitsPerGame.set(i.game, (unitsPerGame.get(i.game) ?? 0) + i.units);
  const itemRevenue = (i: ItemRow) => cents(i.revenue);
  const funnel = games.rows.reduce(
    (f, g) => ({
      orders: f.orders + g.orders,
      claimed: f.claimed + g.claimed,
      delivered: f.delivered + g.delivered,
      failed: f.failed + g.failed,
      failedRevenue: f.failedRevenue + cents(g.failed_revenue),
    }),
    { orders: 0, claimed: 0, delivered: 0, failed: 0, failedRevenue: 0n },
  );
  const binsOf = (kind: "claim" | "deliver") => durations.rows.filter((d) => d.kind === kind);

  return {
    period,
    span: r.span,
    from: iso(r.from),
    to: iso(r.to),
    series,
    totals: {
      revenue: usd(totalRevenue),
      profit: usd(totalProfit),
      previousRevenue: usd(previousRevenue),
      previousProfit: usd(previousProfit),
      revenueChange: changePercent(totalRevenue, previousRevenue),
      profitChange: changePercent(totalProfit, previousProfit),
      uncostedUnits: costs.rows.filter((x) => x.at >= r.from).reduce((t, x) => t + x.uncosted, 0),
    },
    games: games.rows
      .map((g) => ({
        game: g.game,
        orders: g.orders,
        units: unitsPerGame.get(g.game) ?? 0,
        revenue: g.revenue,
      }))
      .sort((a, b) => Number(cents(b.revenue) - cents(a.revenue)) || a.game.localeCompare(b.game))
      .map((g) => ({ ...g, revenue: usd(cents(g.revenue)) })),
    items: items.rows
      .sort(
        (a, b) =>
          Number(itemRevenue(b) - itemRevenue(a)) || b.units - a.units || a.name.localeCompare(b.name),
      )
      .slice(0, TOP_ITEMS)
      .map((i) => ({
        itemId: i.item_id,
        name: i.name,
        game: i.game,
        units: i.units,
        revenue: usd(itemRevenue(i)),
        profit: i.unit_cost === null ? null : usd(itemRevenue(i) - BigInt(i.delivered) * cents(i.unit_cost)),
      })),
    funnel: {
      orders: funnel.orders,
      claimed: funnel.claimed,
      delivered: funnel.delivered,
      failed: funnel.failed,
      failedRevenue: usd(funnel.failedRevenue),
      medianClaimSeconds: medianFromBins(binsOf("claim")),
      medianDeliverSeconds: medianFromBins(binsOf("deliver")),
    },
    repeatBuyers: buyers.rows.map((b) => ({
      username: b.username,
      orders: b.orders,
      revenue: usd(cents(b.revenue)),
      lastOrderAt: new Date(b.last_order_at).toISOString(),
    })),
  };
}
