CREATE TABLE "sandbox_shopify_idempotency_keys" (
	"shop" text NOT NULL,
	"key" text NOT NULL,
	"field" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_shopify_idempotency_keys_shop_key_pk" PRIMARY KEY("shop","key")
);
--> statement-breakpoint
ALTER TABLE "sandbox_shopify_idempotency_keys" ADD CONSTRAINT "sandbox_shopify_idempotency_keys_shop_sandbox_shopify_shops_domain_fk" FOREIGN KEY ("shop") REFERENCES "public"."sandbox_shopify_shops"("domain") ON DELETE cascade ON UPDATE no action;
