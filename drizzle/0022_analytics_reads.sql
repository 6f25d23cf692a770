-- Issue 29's repeat buyers and issue 30's dashboard rollups (decision 053).
-- The repeat buyers of a period are the first rows of this index (most orders, latest first) that ordered in the
-- period; the reader adds the seller's few unfolded deltas itself, since the grouping view cannot use an index.
CREATE INDEX "analytics_buyers_repeat_idx" ON "analytics_buyers_folded" ("user_id", "orders" DESC, "last_order_at" DESC, "buyer") WHERE "orders" > 1;
--> statement-breakpoint
-- Which sellers have orders in a bucket: the dashboard's rollup job sums the buckets that settled for them only.
CREATE INDEX "analytics_stats_folded_bucket_idx" ON "analytics_stats_folded" ("span", "bucket");
--> statement-breakpoint
-- The settled hour up to which the rollup job has summed every seller's buckets (one row); NULL makes it check
-- every seller's buckets again (after orders were written into the past: demo data, imports).
CREATE TABLE "dashboard_rollup_mark" (
  "only" boolean PRIMARY KEY DEFAULT true,
  "rolled_to" timestamp with time zone,
  CONSTRAINT "dashboard_rollup_mark_only" CHECK ("only")
);
--> statement-breakpoint
INSERT INTO "dashboard_rollup_mark" ("rolled_to") VALUES (NULL);
