import { eq } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { type DbOrTx, txSql } from "../../db/client.js";
import { dashboardListingStats, dashboardRollupMark, dashboardStats } from "../../db/schema/dashboard.js";
import { SELLER_ORDER_FILTER } from "../orders/index.js";
import { bucketsIn, HOURLY_HORIZON_MS, type Range, rollupTargets, SPAN_MS, type Span } from "./windows.js";

/** The orders the dashboard counts: the seller's sales (no withdrawals, no multi-game parents). */
export const COUNTED = `${SELLER_ORDER_FILTER} AND o.source <> 'withdrawal'`;

const iso = (ms: number) => new Date(ms).toISOString();

/** One seller's bucket of one span, by its start. */
export interface Bucket {
  userId: string;
  span: Span;
  start: number;
}

/**
 * Rolls up the given buckets, each at most once in the list (idempotent: the job and concurrent requests agree
 * through the primary keys). The sellers' hourly rows past the longest period are dropped at the same time, so they
 * do not pile up.
 */
export async function rollUp(tx: DbOrTx, buckets: readonly Bucket[], now: number): Promise<void> {
  if (buckets.length === 0) return;
  const q = txSql(tx);
  const params = [
    buckets.map((b) => b.userId),
    buckets.map((b) => b.span),
    buckets.map((b) => iso(b.start)),
    buckets.map((b) => iso(b.start + SPAN_MS[b.span])),
  ];
  const from =
    "unnest($1::uuid[], $2::text[], $3::timestamptz[], $4::timestamptz[]) AS b(user_id, span, start, stop)";
  const bucketJoin = `o.user_id = b.user_id AND ${COUNTED} AND o.created_at >= b.start AND o.created_at < b.stop`;
  await q.query(
    `INSERT INTO dashboard_stats (user_id, span, bucket, order_count, total_sales)
     SELECT b.user_id, b.span, b.start, count(o.id), COALESCE(sum(o.total_amount), 0)
       FROM ${from} LEFT JOIN orders o ON ${bucketJoin}
      GROUP BY b.user_id, b.span, b.start
     ON CONFLICT DO NOTHING`,
    params,
  );
  await q.query(
    `INSERT INTO dashboard_listing_stats (user_id, span, bucket, listing_id, order_count)
     SELECT b.user_id, b.span, b.start, oi.listing_id, count(DISTINCT o.id)
       FROM ${from}
       JOIN orders o ON ${bucketJoin}
       JOIN order_items oi ON oi.order_id = o.id AND oi.listing_id IS NOT NULL
      GROUP BY b.user_id, b.span, b.start, oi.listing_id
     ON CONFLICT DO NOTHING`,
    params,
  );
  const hourly = [...new Set(buckets.filter((b) => b.span === "hour").map((b) => b.userId))];
  if (hourly.length === 0) return;
  for (const table of ["dashboard_stats", "dashboard_listing_stats"])
    await q.query(`DELETE FROM ${table} WHERE user_id = ANY($1::uuid[]) AND span = 'hour' AND bucket < $2`, [
      hourly,
      iso(now - HOURLY_HORIZON_MS),
    ]);
}

/**
 * The dashboard's background rollups (decision 053): once per settled hour, sums every bucket that a request of any
 * period reads until the next hour settles and that has no rollup yet, for each seller with orders in any of them
 * (found through the analytics rows), so no request pays for rolling up the past. Runs with the analytics fold; the mark row makes
 * it a no-op until the next hour settles, and serialises instances.
 */
export async function rollUpSettled(ctx: AppContext, now: number): Promise<void> {
  const targets = rollupTargets(now);
  const settledTo = iso(Math.max(...targets.hours.map((r) => r.to)));
  // The periods' hours overlap: each bucket once.
  const wanted = new Map<string, [Span, string]>();
  const add = (ranges: readonly Range[], span: Span) => {
    for (const r of ranges) for (const t of bucketsIn(r, span)) wanted.set(`${span}${t}`, [span, iso(t)]);
  };
  add([targets.days], "day");
  add(targets.hours, "hour");
  const spans = [...wanted.values()].map(([span]) => span);
  const starts = [...wanted.values()].map(([, start]) => start);
  await ctx.db.transaction(async (tx) => {
    const q = txSql(tx);
    const { rows: marks } = await q.query<{ done: boolean }>(
      "SELECT COALESCE(rolled_to >= $1, false) AS done FROM dashboard_rollup_mark FOR UPDATE",
      [settledTo],
    );
    if (marks[0]?.done) return;
    // Every bucket of each seller with orders in any of them, so that a request rolls up no empty one either. The
    // unfolded deltas are hours, each counted for its day too (migration 0026).
    const { rows } = await q.query<{ user_id: string; span: Span; at: number }>(
      `WITH t AS (SELECT * FROM unnest($1::text[], $2::timestamptz[]) AS t(span, bucket)),
       sellers AS (SELECT f.user_id FROM t JOIN analytics_stats_folded f ON f.span = t.span AND f.bucket = t.bucket
                   UNION
                   SELECT d.user_id FROM t JOIN analytics_stats_unfolded d ON d.span = t.span AND d.bucket = t.bucket)
       SELECT s.user_id, t.span, (extract(epoch FROM t.bucket) * 1000)::float8 AS at
         FROM sellers s CROSS JOIN t
        WHERE NOT EXISTS (SELECT 1 FROM dashboard_stats x WHERE x.user_id = s.user_id AND x.span = t.span AND x.bucket = t.bucket)`,
      [spans, starts],
    );
    await rollUp(
      tx,
      rows.map((r) => ({ userId: r.user_id, span: r.span, start: r.at })),
      now,
    );
    await q.query("UPDATE dashboard_rollup_mark SET rolled_to = $1", [settledTo]);
  });
}

/**
 * Forgets a seller's rollups after orders were written into the past (demo data, benchmarks): the next run of the
 * rollup job sums them again, or the seller's next request does what is still missing.
 */
export async function invalidateDashboardRollups(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(dashboardListingStats).where(eq(dashboardListingStats.userId, userId));
  await db.delete(dashboardStats).where(eq(dashboardStats.userId, userId));
  await db.update(dashboardRollupMark).set({ rolledTo: null });
}
