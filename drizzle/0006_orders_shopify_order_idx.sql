DROP INDEX "orders_shop_shopify_order_idx";--> statement-breakpoint
CREATE INDEX "orders_shopify_order_shop_idx" ON "orders" USING btree ("shopify_order_id","shop_domain");