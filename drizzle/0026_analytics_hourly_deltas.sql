-- The analytics triggers wrote every change twice to the stats and item-stats deltas, once for its hour and once
-- for its UTC day: four delta rows for an order of one item, each with a foreign-key check of its seller. UTC days
-- are whole UTC hours, so the deltas now keep hours only and the days are summed from them where deltas are read:
-- by the fold, which writes both spans to the folded tables, and by the views. The rebuild still writes both spans
-- to the folded tables directly (decision 066).
--
-- The delta tables lose their foreign keys: each delta row copies the seller of an order row that passed the same
-- check in the same statement (orders.user_id), so checking it again is a second SPI query per row for nothing. The
-- folded tables keep theirs; the fold drops a deleted seller's deltas, as the cascade did.
--
-- Deltas written before this migration come in hour and day pairs, which the new fold and views would count twice
-- for the day: they are folded first, by the fold as it was. Order writers wait for the migration (the lock on
-- orders and order_items is taken before any trigger of theirs runs), so none writes a pair after it, and the
-- advisory lock waits for another instance's fold.
LOCK TABLE orders, order_items IN SHARE ROW EXCLUSIVE MODE;
--> statement-breakpoint
SELECT pg_advisory_xact_lock(4519019);
--> statement-breakpoint
SELECT analytics_fold();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION analytics_templates() RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$ SELECT ARRAY[
$q$INSERT INTO analytics_stats_%4$s (user_id, span, bucket, game, orders, revenue, claimed, delivered, failed, failed_revenue)
SELECT o.user_id, s.span, date_trunc(s.span, o.created_at, 'UTC'), COALESCE(o.game, ''),
       %3$s * count(*),
       %3$s * COALESCE(sum(o.total_amount) FILTER (WHERE o.status IN ('unclaimed', 'pending', 'completed', 'failed_no_stock') AND o.refunded_after_delivery_at IS NULL), 0),
       %3$s * count(*) FILTER (WHERE o.claimed_at IS NOT NULL),
       %3$s * count(*) FILTER (WHERE o.status = 'completed'),
       %3$s * count(*) FILTER (WHERE o.status = 'failed_no_stock'),
       %3$s * COALESCE(sum(o.total_amount) FILTER (WHERE o.status = 'failed_no_stock'), 0)
  FROM %1$s o CROSS JOIN (VALUES ('hour'), ('day')) s(span)
 WHERE o.source <> 'withdrawal' AND (o.game IS NOT NULL OR o.source <> 'shopify') AND (s.span = 'hour' OR %4$L = 'folded')
 GROUP BY 1, 2, 3, 4$q$,
$q$INSERT INTO analytics_item_stats_%4$s (user_id, span, bucket, game, item_id, units, revenue, delivered_units)
SELECT o.user_id, s.span, date_trunc(s.span, o.created_at, 'UTC'), COALESCE(o.game, ''), i.item_id,
       %3$s * COALESCE(sum(i.quantity) FILTER (WHERE o.status IN ('unclaimed', 'pending', 'completed', 'failed_no_stock') AND o.refunded_after_delivery_at IS NULL), 0),
       %3$s * COALESCE(sum(round(o.total_amount * i.quantity / q.units, 6)) FILTER (WHERE o.status IN ('unclaimed', 'pending', 'completed', 'failed_no_stock') AND o.refunded_after_delivery_at IS NULL), 0),
       %3$s * COALESCE(sum(i.quantity) FILTER (WHERE o.status = 'completed'), 0)
  FROM %1$s o JOIN %2$s i ON i.order_id = o.id
  JOIN (SELECT order_id, sum(quantity) AS units FROM %2$s u GROUP BY order_id) q ON q.order_id = o.id
  CROSS JOIN (VALUES ('hour'), ('day')) s(span)
 WHERE o.source <> 'withdrawal' AND (o.game IS NOT NULL OR o.source <> 'shopify') AND (s.span = 'hour' OR %4$L = 'folded')
 GROUP BY 1, 2, 3, 4, 5$q$,
$q$INSERT INTO analytics_durations_%4$s (user_id, day, kind, bin, n)
SELECT o.user_id, date_trunc('day', o.created_at, 'UTC'), d.kind, analytics_bin(d.secs::float8), %3$s * count(*)
  FROM %1$s o CROSS JOIN LATERAL (VALUES
         ('claim', extract(epoch FROM o.claimed_at - o.created_at)),
         ('deliver', CASE WHEN o.status = 'completed' THEN extract(epoch FROM o.completed_at - o.claimed_at) END)
       ) d(kind, secs)
 WHERE o.source <> 'withdrawal' AND (o.game IS NOT NULL OR o.source <> 'shopify') AND d.secs IS NOT NULL
 GROUP BY 1, 2, 3, 4$q$,
$q$INSERT INTO analytics_buyers_%4$s (user_id, buyer, username, orders, revenue, last_order_at)
SELECT o.user_id, lower(o.roblox_username), max(o.roblox_username), %3$s * count(*),
       %3$s * COALESCE(sum(o.total_amount) FILTER (WHERE o.status IN ('unclaimed', 'pending', 'completed', 'failed_no_stock') AND o.refunded_after_delivery_at IS NULL), 0),
       max(o.created_at)
  FROM %1$s o
 WHERE o.source <> 'withdrawal' AND (o.game IS NOT NULL OR o.source <> 'shopify') AND o.roblox_username IS NOT NULL
 GROUP BY 1, 2$q$
] $fn$;
--> statement-breakpoint
SELECT analytics_generate_triggers();
--> statement-breakpoint
-- What the unfolded deltas count for, by span: a delta row for its own span and, an hour, for its day too. The
-- views below and the dashboard's rollup job read them through these.
CREATE VIEW "analytics_stats_unfolded" AS
SELECT * FROM analytics_stats_delta
UNION ALL
SELECT user_id, 'day', date_trunc('day', bucket, 'UTC'), game, orders, revenue, claimed, delivered, failed, failed_revenue
  FROM analytics_stats_delta WHERE span = 'hour';
--> statement-breakpoint
CREATE VIEW "analytics_item_stats_unfolded" AS
SELECT * FROM analytics_item_stats_delta
UNION ALL
SELECT user_id, 'day', date_trunc('day', bucket, 'UTC'), game, item_id, units, revenue, delivered_units
  FROM analytics_item_stats_delta WHERE span = 'hour';
--> statement-breakpoint
CREATE OR REPLACE VIEW "analytics_stats" AS
SELECT user_id, span, bucket, game, sum(orders)::integer AS orders, sum(revenue) AS revenue, sum(claimed)::integer AS claimed, sum(delivered)::integer AS delivered, sum(failed)::integer AS failed, sum(failed_revenue) AS failed_revenue
  FROM (SELECT * FROM analytics_stats_folded UNION ALL SELECT * FROM analytics_stats_unfolded) u
 GROUP BY user_id, span, bucket, game;
--> statement-breakpoint
CREATE OR REPLACE VIEW "analytics_item_stats" AS
SELECT user_id, span, bucket, game, item_id, sum(units)::integer AS units, sum(revenue) AS revenue, sum(delivered_units)::integer AS delivered_units
  FROM (SELECT * FROM analytics_item_stats_folded UNION ALL SELECT * FROM analytics_item_stats_unfolded) u
 GROUP BY user_id, span, bucket, game, item_id;
--> statement-breakpoint
-- As before, but an hour's delta is folded into its hour and its day, and the deltas of a seller no longer there are
-- dropped (the delta tables have no foreign key to cascade them; the folded tables' keys would refuse them).
CREATE OR REPLACE FUNCTION analytics_fold() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT pg_try_advisory_xact_lock(4519019) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM analytics_stats_delta RETURNING *)
  INSERT INTO analytics_stats_folded AS t
  SELECT m.user_id, s.span, date_trunc(s.span, m.bucket, 'UTC'), m.game, sum(m.orders), sum(m.revenue), sum(m.claimed), sum(m.delivered), sum(m.failed), sum(m.failed_revenue)
    FROM moved m JOIN (VALUES ('hour'), ('day')) s(span) ON s.span = m.span OR s.span = 'day'
   WHERE m.user_id IN (SELECT id FROM users)
   GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, span, bucket, game) DO UPDATE SET orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue, claimed = t.claimed + excluded.claimed, delivered = t.delivered + excluded.delivered, failed = t.failed + excluded.failed, failed_revenue = t.failed_revenue + excluded.failed_revenue;
  WITH moved AS (DELETE FROM analytics_item_stats_delta RETURNING *)
  INSERT INTO analytics_item_stats_folded AS t
  SELECT m.user_id, s.span, date_trunc(s.span, m.bucket, 'UTC'), m.game, m.item_id, sum(m.units), sum(m.revenue), sum(m.delivered_units)
    FROM moved m JOIN (VALUES ('hour'), ('day')) s(span) ON s.span = m.span OR s.span = 'day'
   WHERE m.user_id IN (SELECT id FROM users)
   GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (user_id, span, bucket, game, item_id) DO UPDATE SET units = t.units + excluded.units, revenue = t.revenue + excluded.revenue, delivered_units = t.delivered_units + excluded.delivered_units;
  WITH moved AS (DELETE FROM analytics_durations_delta RETURNING *)
  INSERT INTO analytics_durations_folded AS t
  SELECT user_id, day, kind, bin, sum(n)
    FROM moved WHERE user_id IN (SELECT id FROM users) GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, day, kind, bin) DO UPDATE SET n = t.n + excluded.n;
  WITH moved AS (DELETE FROM analytics_buyers_delta RETURNING *)
  INSERT INTO analytics_buyers_folded AS t
  SELECT user_id, buyer, max(username), sum(orders), sum(revenue), max(last_order_at)
    FROM moved WHERE user_id IN (SELECT id FROM users) GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, buyer) DO UPDATE SET username = greatest(t.username, excluded.username), orders = t.orders + excluded.orders,
     revenue = t.revenue + excluded.revenue, last_order_at = greatest(t.last_order_at, excluded.last_order_at);
END $fn$;
--> statement-breakpoint
ALTER TABLE "analytics_stats_delta" DROP CONSTRAINT "analytics_stats_delta_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "analytics_item_stats_delta" DROP CONSTRAINT "analytics_item_stats_delta_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "analytics_durations_delta" DROP CONSTRAINT "analytics_durations_delta_user_id_fkey";
--> statement-breakpoint
ALTER TABLE "analytics_buyers_delta" DROP CONSTRAINT "analytics_buyers_delta_user_id_fkey";
