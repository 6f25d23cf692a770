-- Status columns hold only the values of their enums (src/contract: ORDER_STATUSES, ORDER_SOURCES, BOT_STATUSES;
-- the friend requests' to_send | sent). Every writer in the code writes only these, and every earlier migration's
-- default is one of them, so existing rows pass.
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" IN ('awaiting_payment', 'unclaimed', 'pending', 'completed', 'failed_no_stock', 'cancelled', 'refunded'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check" CHECK ("orders"."source" IN ('shopify', 'api', 'withdrawal'));--> statement-breakpoint
ALTER TABLE "bots" ADD CONSTRAINT "bots_status_check" CHECK ("bots"."status" IN ('online', 'pending_online', 'offline'));--> statement-breakpoint
ALTER TABLE "bot_friend_requests" ADD CONSTRAINT "bot_friend_requests_status_check" CHECK ("bot_friend_requests"."status" IN ('to_send', 'sent'));
