-- Order lifecycle after intake (decision 028): payment, cancellation, refunds, recovery.
ALTER TABLE "orders" ADD COLUMN "refunded_after_delivery_at" timestamp with time zone;
--> statement-breakpoint
-- The latest Shopify state of an order as its lifecycle webhooks told it (orders/paid, orders/updated,
-- orders/cancelled), kept even when it arrives before orders/create; updated_at orders the events.
CREATE TABLE "shopify_order_states" (
  "shop_domain" text NOT NULL,
  "shopify_order_id" text NOT NULL,
  "financial_status" text,
  "cancelled_at" timestamp with time zone,
  "shopify_updated_at" timestamp with time zone NOT NULL,
  "last_event_id" text,
  "received_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "shopify_order_states_pkey" PRIMARY KEY ("shop_domain", "shopify_order_id")
);
--> statement-breakpoint
-- Each refunds/create once (by refund id); applied_at is set by the transaction that released its lines.
CREATE TABLE "shopify_refunds" (
  "shop_domain" text NOT NULL,
  "refund_id" text NOT NULL,
  "shopify_order_id" text NOT NULL,
  "lines" jsonb NOT NULL,
  "received_at" timestamp with time zone DEFAULT now() NOT NULL,
  "applied_at" timestamp with time zone,
  CONSTRAINT "shopify_refunds_pkey" PRIMARY KEY ("shop_domain", "refund_id")
);
--> statement-breakpoint
CREATE INDEX "shopify_refunds_order_idx" ON "shopify_refunds" ("shop_domain", "shopify_order_id") WHERE "applied_at" IS NULL;
--> statement-breakpoint
-- The restock retry's work list, oldest first; the unpaid release's work list.
CREATE INDEX "orders_failed_idx" ON "orders" ("user_id", "created_at") WHERE "status" = 'failed_no_stock';
--> statement-breakpoint
CREATE INDEX "orders_awaiting_payment_idx" ON "orders" ("created_at") WHERE "status" = 'awaiting_payment';
--> statement-breakpoint
-- The purchase was not paid when it was taken in: a failed order retried later waits for the payment too.
ALTER TABLE "orders" ADD COLUMN "payment_pending" boolean DEFAULT false NOT NULL;
