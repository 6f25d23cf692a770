-- The rollups are derived from orders and rebuilt on demand, so the daily tables are dropped, not converted.
CREATE TABLE "dashboard_listing_stats" (
	"user_id" uuid NOT NULL,
	"span" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"listing_id" uuid NOT NULL,
	"order_count" integer NOT NULL,
	CONSTRAINT "dashboard_listing_stats_user_id_span_bucket_listing_id_pk" PRIMARY KEY("user_id","span","bucket","listing_id"),
	CONSTRAINT "dashboard_listing_stats_span_check" CHECK ("dashboard_listing_stats"."span" IN ('day', 'hour'))
);
--> statement-breakpoint
CREATE TABLE "dashboard_stats" (
	"user_id" uuid NOT NULL,
	"span" text NOT NULL,
	"bucket" timestamp with time zone NOT NULL,
	"order_count" integer NOT NULL,
	"total_sales" numeric(16, 2) NOT NULL,
	CONSTRAINT "dashboard_stats_user_id_span_bucket_pk" PRIMARY KEY("user_id","span","bucket"),
	CONSTRAINT "dashboard_stats_span_check" CHECK ("dashboard_stats"."span" IN ('day', 'hour'))
);
--> statement-breakpoint
DROP TABLE "dashboard_daily_listing_stats" CASCADE;--> statement-breakpoint
DROP TABLE "dashboard_daily_stats" CASCADE;--> statement-breakpoint
ALTER TABLE "dashboard_listing_stats" ADD CONSTRAINT "dashboard_listing_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_stats" ADD CONSTRAINT "dashboard_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;