-- Costs and analytics (issue 29, decisions 045 and 046). A seller's unit cost per item; no row means none set.
CREATE TABLE "item_costs" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "item_id" uuid NOT NULL REFERENCES "items"("id") ON DELETE CASCADE,
  "unit_cost" numeric(14, 2) NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "item_costs_pkey" PRIMARY KEY ("user_id", "item_id"),
  CONSTRAINT "item_costs_non_negative" CHECK ("unit_cost" >= 0)
);
--> statement-breakpoint
-- Per seller, game and hour or UTC day of the orders' creation: what the analytics and the dashboard's Profit read
-- (through the view analytics_stats below). Every change's deltas are written by the triggers below in its own
-- transaction, since an order's outcome (claimed,
-- delivered, refunded) changes long after its bucket is over.
CREATE TABLE "analytics_stats_folded" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "span" text NOT NULL,
  "bucket" timestamp with time zone NOT NULL,
  "game" text NOT NULL,
  "orders" integer NOT NULL,
  "revenue" numeric(16, 2) NOT NULL,
  "claimed" integer NOT NULL,
  "delivered" integer NOT NULL,
  "failed" integer NOT NULL,
  "failed_revenue" numeric(16, 2) NOT NULL,
  CONSTRAINT "analytics_stats_folded_pkey" PRIMARY KEY ("user_id", "span", "bucket", "game"),
  CONSTRAINT "analytics_stats_folded_span_check" CHECK ("span" IN ('day', 'hour'))
);
--> statement-breakpoint
-- The same per item: units sold, their share of the orders' revenue (by units, 6 decimals) and units delivered.
CREATE TABLE "analytics_item_stats_folded" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "span" text NOT NULL,
  "bucket" timestamp with time zone NOT NULL,
  "game" text NOT NULL,
  "item_id" uuid NOT NULL,
  "units" integer NOT NULL,
  "revenue" numeric(20, 6) NOT NULL,
  "delivered_units" integer NOT NULL,
  CONSTRAINT "analytics_item_stats_folded_pkey" PRIMARY KEY ("user_id", "span", "bucket", "game", "item_id"),
  CONSTRAINT "analytics_item_stats_folded_span_check" CHECK ("span" IN ('day', 'hour'))
);
--> statement-breakpoint
-- How long orders took to be claimed (creation to claim) and delivered (claim to completion), per UTC day of their
-- creation, counted in bins 25% wide (analytics_bin), so a median over any days is a sum of a few rows.
CREATE TABLE "analytics_durations_folded" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "day" timestamp with time zone NOT NULL,
  "kind" text NOT NULL,
  "bin" smallint NOT NULL,
  "n" integer NOT NULL,
  CONSTRAINT "analytics_durations_folded_pkey" PRIMARY KEY ("user_id", "day", "kind", "bin"),
  CONSTRAINT "analytics_durations_folded_kind_check" CHECK ("kind" IN ('claim', 'deliver'))
);
--> statement-breakpoint
-- Every Roblox username that claimed a seller's orders (case-insensitive), with its orders and revenue.
CREATE TABLE "analytics_buyers_folded" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "buyer" text NOT NULL,
  "username" text NOT NULL,
  "orders" integer NOT NULL,
  "revenue" numeric(16, 2) NOT NULL,
  "last_order_at" timestamp with time zone NOT NULL,
  CONSTRAINT "analytics_buyers_folded_pkey" PRIMARY KEY ("user_id", "buyer")
);
--> statement-breakpoint
-- Order transactions never update a shared row (decision 045): the triggers below only append what a change adds
-- or takes away to these delta tables (no key, so no row lock another writer waits on), analytics_fold() moves
-- them into the _folded tables in the background, and the views with the tables' old names add up both.
CREATE TABLE "analytics_stats_delta" (LIKE "analytics_stats_folded", FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE);
--> statement-breakpoint
CREATE TABLE "analytics_item_stats_delta" (LIKE "analytics_item_stats_folded", FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE);
--> statement-breakpoint
CREATE TABLE "analytics_durations_delta" (LIKE "analytics_durations_folded", FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE);
--> statement-breakpoint
CREATE TABLE "analytics_buyers_delta" (LIKE "analytics_buyers_folded", FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE);
--> statement-breakpoint
CREATE VIEW "analytics_stats" AS
SELECT user_id, span, bucket, game, sum(orders)::integer AS orders, sum(revenue) AS revenue, sum(claimed)::integer AS claimed, sum(delivered)::integer AS delivered, sum(failed)::integer AS failed, sum(failed_revenue) AS failed_revenue
  FROM (SELECT * FROM analytics_stats_folded UNION ALL SELECT * FROM analytics_stats_delta) u
 GROUP BY user_id, span, bucket, game;
--> statement-breakpoint
CREATE VIEW "analytics_item_stats" AS
SELECT user_id, span, bucket, game, item_id, sum(units)::integer AS units, sum(revenue) AS revenue, sum(delivered_units)::integer AS delivered_units
  FROM (SELECT * FROM analytics_item_stats_folded UNION ALL SELECT * FROM analytics_item_stats_delta) u
 GROUP BY user_id, span, bucket, game, item_id;
--> statement-breakpoint
CREATE VIEW "analytics_durations" AS
SELECT user_id, day, kind, bin, sum(n)::integer AS n
  FROM (SELECT * FROM analytics_durations_folded UNION ALL SELECT * FROM analytics_durations_delta) u
 GROUP BY user_id, day, kind, bin;
--> statement-breakpoint
CREATE VIEW "analytics_buyers" AS
SELECT user_id, buyer, max(username) AS username, sum(orders)::integer AS orders, sum(revenue) AS revenue, max(last_order_at) AS last_order_at
  FROM (SELECT * FROM analytics_buyers_folded UNION ALL SELECT * FROM analytics_buyers_delta) u
 GROUP BY user_id, buyer;
--> statement-breakpoint
CREATE FUNCTION analytics_bin(seconds double precision) RETURNS smallint LANGUAGE sql IMMUTABLE AS
$$ SELECT floor(ln(greatest(seconds, 0) + 1) / ln(1.25))::smallint $$;
--> statement-breakpoint
-- What a set of orders (%1$s, a relation of orders rows) with their items (%2$s, of order_items rows) adds to the
-- analytics, times %3$s (1 adds, -1 takes away), written to the tables ending in %4$s (delta or folded). Element 2 is the only one that reads the items. An order counts
-- as the dashboard's do (no withdrawals, no multi-game parents); its revenue is kept while it is paid and neither
-- cancelled, refunded nor refunded after delivery (decision 045).
CREATE FUNCTION analytics_templates() RETURNS text[] LANGUAGE sql IMMUTABLE AS $fn$ SELECT ARRAY[
$q$INSERT INTO analytics_stats_%4$s (user_id, span, bucket, game, orders, revenue, claimed, delivered, failed, failed_revenue)
SELECT o.user_id, s.span, date_trunc(s.span, o.created_at, 'UTC'), COALESCE(o.game, ''),
       %3$s * count(*),
       %3$s * COALESCE(sum(o.total_amount) FILTER (WHERE o.status IN ('unclaimed', 'pending', 'completed', 'failed_no_stock') AND o.refunded_after_delivery_at IS NULL), 0),
       %3$s * count(*) FILTER (WHERE o.claimed_at IS NOT NULL),
       %3$s * count(*) FILTER (WHERE o.status = 'completed'),
       %3$s * count(*) FILTER (WHERE o.status = 'failed_no_stock'),
       %3$s * COALESCE(sum(o.total_amount) FILTER (WHERE o.status = 'failed_no_stock'), 0)
  FROM %1$s o CROSS JOIN (VALUES ('hour'), ('day')) s(span)
 WHERE o.source <> 'withdrawal' AND (o.game IS NOT NULL OR o.source <> 'shopify')
 GROUP BY 1, 2, 3, 4$q$,
$q$INSERT INTO analytics_item_stats_%4$s (user_id, span, bucket, game, item_id, units, revenue, delivered_units)
SELECT o.user_id, s.span, date_trunc(s.span, o.created_at, 'UTC'), COALESCE(o.game, ''), i.item_id,
       %3$s * COALESCE(sum(i.quantity) FILTER (WHERE o.status IN ('unclaimed', 'pending', 'completed', 'failed_no_stock') AND o.refunded_after_delivery_at IS NULL), 0),
       %3$s * COALESCE(sum(round(o.total_amount * i.quantity / q.units, 6)) FILTER (WHERE o.status IN ('unclaimed', 'pending', 'completed', 'failed_no_stock') AND o.refunded_after_delivery_at IS NULL), 0),
       %3$s * COALESCE(sum(i.quantity) FILTER (WHERE o.status = 'completed'), 0)
  FROM %1$s o JOIN %2$s i ON i.order_id = o.id
  JOIN (SELECT order_id, sum(quantity) AS units FROM %2$s u GROUP BY order_id) q ON q.order_id = o.id
  CROSS JOIN (VALUES ('hour'), ('day')) s(span)
 WHERE o.source <> 'withdrawal' AND (o.game IS NOT NULL OR o.source <> 'shopify')
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
-- Statement triggers with transition tables, appending to the delta tables only: a bulk insert is one set-based
-- pass, and only orders whose counted columns changed are taken away and added again. The templates run here, where the transition tables are visible.
CREATE FUNCTION analytics_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  q text;
  changed constant text := '(o.status, o.total_amount, o.claimed_at, o.completed_at, o.refunded_after_delivery_at,'
    ' o.roblox_username, o.game, o.source, o.created_at, o.user_id) IS DISTINCT FROM (n.status, n.total_amount,'
    ' n.claimed_at, n.completed_at, n.refunded_after_delivery_at, n.roblox_username, n.game, n.source, n.created_at, n.user_id)';
  items constant text := '(SELECT i.* FROM order_items i WHERE i.order_id IN (SELECT id FROM new_rows))';
BEGIN
  FOREACH q IN ARRAY analytics_templates() LOOP
    IF TG_OP = 'UPDATE' THEN
      EXECUTE format(q, format('(SELECT o.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE %s)', changed), items, -1, 'delta');
      EXECUTE format(q, format('(SELECT n.* FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE %s)', changed), items, 1, 'delta');
    ELSE
      EXECUTE format(q, 'new_rows', items, 1, 'delta');
    END IF;
  END LOOP;
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE FUNCTION analytics_items_changed() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE
  q constant text := (analytics_templates())[2];
  rel constant text := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  orders_rel text := format('(SELECT * FROM orders WHERE id IN (SELECT order_id FROM %s))', rel);
  now_items text := format('(SELECT i.* FROM order_items i WHERE i.order_id IN (SELECT order_id FROM %s))', rel);
  before_items text;
BEGIN
  before_items := CASE TG_OP
    WHEN 'INSERT' THEN format('(SELECT i.* FROM %s i WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id))', now_items)
    WHEN 'UPDATE' THEN format('(SELECT i.* FROM %s i WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = i.id) UNION ALL SELECT * FROM old_rows)', now_items)
    ELSE format('(SELECT * FROM %s i UNION ALL SELECT * FROM old_rows)', now_items)
  END;
  EXECUTE format(q, orders_rel, before_items, -1, 'delta');
  EXECUTE format(q, orders_rel, now_items, 1, 'delta');
  RETURN NULL;
END $fn$;
--> statement-breakpoint
CREATE TRIGGER analytics_orders_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_orders_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_orders_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_items_inserted AFTER INSERT ON order_items REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_items_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_items_updated AFTER UPDATE ON order_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_items_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_items_deleted AFTER DELETE ON order_items REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_items_changed();
--> statement-breakpoint
-- Moves every delta into the folded tables, one transaction of its own (the dashboard's fold job, every few
-- seconds). It holds no lock but these rows', and upserts in key order, so it waits on no order transaction that
-- waits on it; the advisory lock keeps two instances' folds (and a rebuild) from interleaving.
CREATE FUNCTION analytics_fold() RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF NOT pg_try_advisory_xact_lock(4519019) THEN RETURN; END IF;
  WITH moved AS (DELETE FROM analytics_stats_delta RETURNING *)
  INSERT INTO analytics_stats_folded AS t
  SELECT user_id, span, bucket, game, sum(orders), sum(revenue), sum(claimed), sum(delivered), sum(failed), sum(failed_revenue)
    FROM moved GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, span, bucket, game) DO UPDATE SET orders = t.orders + excluded.orders, revenue = t.revenue + excluded.revenue, claimed = t.claimed + excluded.claimed, delivered = t.delivered + excluded.delivered, failed = t.failed + excluded.failed, failed_revenue = t.failed_revenue + excluded.failed_revenue;
  WITH moved AS (DELETE FROM analytics_item_stats_delta RETURNING *)
  INSERT INTO analytics_item_stats_folded AS t
  SELECT user_id, span, bucket, game, item_id, sum(units), sum(revenue), sum(delivered_units)
    FROM moved GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (user_id, span, bucket, game, item_id) DO UPDATE SET units = t.units + excluded.units, revenue = t.revenue + excluded.revenue, delivered_units = t.delivered_units + excluded.delivered_units;
  WITH moved AS (DELETE FROM analytics_durations_delta RETURNING *)
  INSERT INTO analytics_durations_folded AS t
  SELECT user_id, day, kind, bin, sum(n)
    FROM moved GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
  ON CONFLICT (user_id, day, kind, bin) DO UPDATE SET n = t.n + excluded.n;
  WITH moved AS (DELETE FROM analytics_buyers_delta RETURNING *)
  INSERT INTO analytics_buyers_folded AS t
  SELECT user_id, buyer, max(username), sum(orders), sum(revenue), max(last_order_at)
    FROM moved GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (user_id, buyer) DO UPDATE SET username = greatest(t.username, excluded.username), orders = t.orders + excluded.orders,
     revenue = t.revenue + excluded.revenue, last_order_at = greatest(t.last_order_at, excluded.last_order_at);
END $fn$;
--> statement-breakpoint
-- Computes a seller's analytics afresh from their orders: the backfill below, and after orders were written with
-- the triggers off (a bulk import, the benchmark's year of orders).
CREATE FUNCTION analytics_rebuild(seller uuid) RETURNS void LANGUAGE plpgsql AS $fn$
DECLARE q text;
BEGIN
  PERFORM pg_advisory_xact_lock(4519019);
  DELETE FROM analytics_stats_delta WHERE user_id = seller;
  DELETE FROM analytics_item_stats_delta WHERE user_id = seller;
  DELETE FROM analytics_durations_delta WHERE user_id = seller;
  DELETE FROM analytics_buyers_delta WHERE user_id = seller;
  DELETE FROM analytics_stats_folded WHERE user_id = seller;
  DELETE FROM analytics_item_stats_folded WHERE user_id = seller;
  DELETE FROM analytics_durations_folded WHERE user_id = seller;
  DELETE FROM analytics_buyers_folded WHERE user_id = seller;
  FOREACH q IN ARRAY analytics_templates() LOOP
    EXECUTE format(q, format('(SELECT * FROM orders WHERE user_id = %L)', seller),
      format('(SELECT i.* FROM order_items i JOIN orders o ON o.id = i.order_id WHERE o.user_id = %L)', seller), 1, 'folded');
  END LOOP;
END $fn$;
--> statement-breakpoint
-- The orders taken in before this migration.
SELECT analytics_rebuild(id) FROM users;
