-- Expiring offline access tokens (decision 032): the refresh token, encrypted like the access token, and when each
-- expires. Rows without a refresh token hold a non-expiring token from before; it is exchanged on its next use.
ALTER TABLE "shops" ADD COLUMN "access_token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "refresh_token_encrypted" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "refresh_token_expires_at" timestamp with time zone;--> statement-breakpoint
-- The emulator's tokens: an expiring one has its expiry and a refresh token (stored hashed, used once); a token
-- without expires_at is a non-expiring one.
ALTER TABLE "sandbox_shopify_tokens" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_tokens" ADD COLUMN "refresh_token_hash" text;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_tokens" ADD COLUMN "refresh_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_shopify_tokens" ADD COLUMN "refreshed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_shopify_tokens_refresh_key" ON "sandbox_shopify_tokens" ("refresh_token_hash");
