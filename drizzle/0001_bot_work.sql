CREATE TABLE "bot_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid,
	"bot_username" text NOT NULL,
	"seller_id" uuid,
	"partner_roblox_user_id" bigint NOT NULL,
	"trade_ref" text,
	"items" jsonb NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_friend_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"order_id" uuid,
	"roblox_user_id" bigint NOT NULL,
	"roblox_username" text NOT NULL,
	"status" text DEFAULT 'to_send' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bot_deposits" ADD CONSTRAINT "bot_deposits_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_deposits" ADD CONSTRAINT "bot_deposits_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_friend_requests" ADD CONSTRAINT "bot_friend_requests_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_friend_requests" ADD CONSTRAINT "bot_friend_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bot_deposits_bot_trade_ref_key" ON "bot_deposits" USING btree ("bot_username","trade_ref");--> statement-breakpoint
CREATE INDEX "bot_deposits_seller_idx" ON "bot_deposits" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_friend_requests_order_key" ON "bot_friend_requests" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bot_friend_requests_bot_idx" ON "bot_friend_requests" USING btree ("bot_id","status");
