CREATE SEQUENCE "public"."sandbox_shopify_ids" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 9007199254740993 CACHE 1;--> statement-breakpoint
CREATE TABLE "dashboard_daily_listing_stats" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"listing_id" uuid NOT NULL,
	"order_count" integer NOT NULL,
	CONSTRAINT "dashboard_daily_listing_stats_user_id_day_listing_id_pk" PRIMARY KEY("user_id","day","listing_id")
);
--> statement-breakpoint
CREATE TABLE "dashboard_daily_stats" (
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"order_count" integer NOT NULL,
	"total_sales" numeric(16, 2) NOT NULL,
	CONSTRAINT "dashboard_daily_stats_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_auth_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"scopes" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_deliveries" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_shopify_deliveries_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop" text NOT NULL,
	"topic" text NOT NULL,
	"webhook_id" text NOT NULL,
	"address" text NOT NULL,
	"order_id" text,
	"status" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_fulfillments" (
	"id" text PRIMARY KEY DEFAULT nextval('sandbox_shopify_ids')::text NOT NULL,
	"order_id" text NOT NULL,
	"shop" text NOT NULL,
	"status" text DEFAULT 'SUCCESS' NOT NULL,
	"tracking_company" text,
	"tracking_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_orders" (
	"id" text PRIMARY KEY DEFAULT nextval('sandbox_shopify_ids')::text NOT NULL,
	"shop" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"total_price" numeric(14, 2) NOT NULL,
	"payload" text NOT NULL,
	"fulfillment_order_id" text DEFAULT nextval('sandbox_shopify_ids')::text NOT NULL,
	"fulfillment_status" text DEFAULT 'unfulfilled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_products" (
	"id" text PRIMARY KEY DEFAULT nextval('sandbox_shopify_ids')::text NOT NULL,
	"shop" text NOT NULL,
	"title" text NOT NULL,
	"handle" text NOT NULL,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_shops" (
	"domain" text PRIMARY KEY NOT NULL,
	"shop_id" text DEFAULT nextval('sandbox_shopify_ids')::text NOT NULL,
	"location_id" text DEFAULT nextval('sandbox_shopify_ids')::text NOT NULL,
	"next_order_number" integer DEFAULT 1001 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"shop" text NOT NULL,
	"scopes" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_variants" (
	"id" text PRIMARY KEY DEFAULT nextval('sandbox_shopify_ids')::text NOT NULL,
	"product_id" text NOT NULL,
	"shop" text NOT NULL,
	"title" text DEFAULT 'Default Title' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sku" text,
	"inventory_item_id" text DEFAULT nextval('sandbox_shopify_ids')::text NOT NULL,
	"inventory_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sandbox_shopify_variants_inventory_item_id_unique" UNIQUE("inventory_item_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_shopify_webhooks" (
	"id" text PRIMARY KEY DEFAULT nextval('sandbox_shopify_ids')::text NOT NULL,
	"shop" text NOT NULL,
	"topic" text NOT NULL,
	"callback_url" text NOT NULL,
	"format" text DEFAULT 'JSON' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_daily_listing_stats" ADD CONSTRAINT "dashboard_daily_listing_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_daily_stats" ADD CONSTRAINT "dashboard_daily_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_auth_codes" ADD CONSTRAINT "sandbox_shopify_auth_codes_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_deliveries" ADD CONSTRAINT "sandbox_shopify_deliveries_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_fulfillments" ADD CONSTRAINT "sandbox_shopify_fulfillments_order_id_sandbox_shopify_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."sandbox_shopify_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_fulfillments" ADD CONSTRAINT "sandbox_shopify_fulfillments_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_orders" ADD CONSTRAINT "sandbox_shopify_orders_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_products" ADD CONSTRAINT "sandbox_shopify_products_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_tokens" ADD CONSTRAINT "sandbox_shopify_tokens_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_variants" ADD CONSTRAINT "sandbox_shopify_variants_product_id_sandbox_shopify_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."sandbox_shopify_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_variants" ADD CONSTRAINT "sandbox_shopify_variants_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_webhooks" ADD CONSTRAINT "sandbox_shopify_webhooks_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_shopify_deliveries_shop_idx" ON "sandbox_shopify_deliveries" USING btree ("shop","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_shopify_orders_shop_idx" ON "sandbox_shopify_orders" USING btree ("shop","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_shopify_products_shop_idx" ON "sandbox_shopify_products" USING btree ("shop");--> statement-breakpoint
CREATE INDEX "sandbox_shopify_variants_product_idx" ON "sandbox_shopify_variants" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_shopify_webhooks_topic_url_key" ON "sandbox_shopify_webhooks" USING btree ("shop","topic","callback_url");--> statement-breakpoint
CREATE INDEX "orders_user_open_idx" ON "orders" USING btree ("user_id") WHERE "orders"."status" IN ('pending', 'unclaimed') AND "orders"."source" <> 'withdrawal' AND ("orders"."game" IS NOT NULL OR "orders"."source" <> 'shopify');--> statement-breakpoint
CREATE INDEX "orders_shop_shopify_order_idx" ON "orders" USING btree ("shop_domain","shopify_order_id");