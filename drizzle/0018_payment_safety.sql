-- Discount-code limits that hold under concurrency (decision 039): a code's use is reserved when an invoice is
-- quoted with it and consumed when that invoice is paid; used and reserved together never pass the limit.
ALTER TABLE "discount_codes" ADD COLUMN "reserved_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" DROP CONSTRAINT "discount_usage_within_limit";--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_usage_within_limit" CHECK ("discount_codes"."usage_count" >= 0 AND "discount_codes"."reserved_count" >= 0 AND "discount_codes"."usage_count" + "discount_codes"."reserved_count" <= "discount_codes"."max_usage");--> statement-breakpoint
-- What an invoice holds of its code: reserved (open), consumed (paid), released (ended unpaid); null without a code.
-- Invoices from before this migration count as consumed once paid, released otherwise: one still open now is honoured
-- if paid later, without a use counted (none was reserved for it).
ALTER TABLE "crypto_invoices" ADD COLUMN "discount_state" text;--> statement-breakpoint
UPDATE "crypto_invoices" SET "discount_state" = CASE WHEN "status" IN ('completed', 'mismatch') THEN 'consumed' ELSE 'released' END WHERE "discount_code" IS NOT NULL;--> statement-breakpoint
-- Confirmed money received (the provider's remaining amount is the total less it), and whether a payment is seen but
-- not yet confirmed.
ALTER TABLE "crypto_invoices" ADD COLUMN "received_amount" numeric(24, 8) DEFAULT '0' NOT NULL;--> statement-breakpoint
UPDATE "crypto_invoices" SET "received_amount" = GREATEST("amount" - "pending_amount", 0);--> statement-breakpoint
ALTER TABLE "crypto_invoices" ADD COLUMN "awaiting_confirmation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- One invoice per intent: the request being opened for a seller (same plan, duration, currency and code within a
-- minute returns the same invoice).
CREATE TABLE "invoice_requests" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"intent" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
-- Money that arrived but could not buy what it was for (decision 040): refunded by an admin, then marked settled.
CREATE TABLE "payments_to_settle" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"txn_id" text NOT NULL REFERENCES "crypto_invoices"("txn_id") ON DELETE cascade,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"kind" text NOT NULL,
	"amount" numeric(24, 8) NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	"settled_note" text
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_to_settle_txn_kind_key" ON "payments_to_settle" ("txn_id", "kind");--> statement-breakpoint
CREATE INDEX "payments_to_settle_open_idx" ON "payments_to_settle" ("created_at") WHERE "settled_at" IS NULL;
--> statement-breakpoint
-- The Plisio emulator posts a callback as the exact text it signed (jsonb would reorder its keys, and Plisio's
-- documented verify_hash is over the keys in the order sent).
ALTER TABLE "sandbox_plisio_callbacks" ADD COLUMN "payload" text;
