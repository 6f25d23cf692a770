ALTER TABLE "crypto_invoices" ADD COLUMN "provider" text DEFAULT 'plisio' NOT NULL;--> statement-breakpoint
ALTER TABLE "crypto_invoices" ADD COLUMN "expected_confirmations" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "crypto_invoices" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "crypto_invoices_user_created_idx" ON "crypto_invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "crypto_invoices_open_idx" ON "crypto_invoices" USING btree ("created_at") WHERE "crypto_invoices"."status" IN ('pending', 'partial');--> statement-breakpoint
CREATE TABLE "sandbox_plisio_invoices" (
	"txn_id" text PRIMARY KEY NOT NULL,
	"shop_key_hash" text NOT NULL,
	"order_number" text NOT NULL,
	"order_name" text NOT NULL,
	"currency" text NOT NULL,
	"source_amount" numeric(14, 2) NOT NULL,
	"source_rate" numeric(24, 8) NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"received" numeric(24, 8) DEFAULT '0' NOT NULL,
	"confirmed" numeric(24, 8) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"wallet_hash" text NOT NULL,
	"callback_url" text,
	"email" text,
	"tx_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_plisio_invoices_shop_order_key" ON "sandbox_plisio_invoices" USING btree ("shop_key_hash","order_number");--> statement-breakpoint
CREATE TABLE "sandbox_plisio_callbacks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_plisio_callbacks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"txn_id" text NOT NULL,
	"url" text NOT NULL,
	"body" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_status" integer,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_plisio_callbacks_due_idx" ON "sandbox_plisio_callbacks" USING btree ("next_attempt_at") WHERE "sandbox_plisio_callbacks"."next_attempt_at" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "sandbox_plisio_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"expire_minutes" integer,
	"callbacks_paused" boolean DEFAULT false NOT NULL
);
