CREATE TABLE "sandbox_discord_rate_limits" (
	"id" integer PRIMARY KEY NOT NULL,
	"remaining" integer DEFAULT 0 NOT NULL,
	"retry_after_seconds" double precision DEFAULT 1 NOT NULL,
	"last_limited_at" timestamp with time zone
);
