DROP INDEX "orders_status_idx";--> statement-breakpoint
DROP INDEX "orders_parent_idx";--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_parent_idx" ON "orders" USING btree ("parent_order_id") WHERE "orders"."parent_order_id" IS NOT NULL;