-- The Discord emulator's own rate limit per webhook (decision 044): the window a webhook's executions fall in and
-- how many it has seen, in the database so every instance sharing it counts alike.
CREATE TABLE "sandbox_discord_buckets" (
	"webhook_id" text PRIMARY KEY NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"used" integer NOT NULL
);
