-- A login phrase belongs to the browser that asked for it (decision 018): the hash of its challenge cookie.
-- Challenges from before this change belong to no browser and can no longer be verified; they expire within 15 minutes.
ALTER TABLE "login_challenges" ADD COLUMN "browser_hash" text;--> statement-breakpoint
DROP INDEX IF EXISTS "login_challenges_roblox_user_idx";--> statement-breakpoint
CREATE INDEX "login_challenges_roblox_user_browser_idx" ON "login_challenges" USING btree ("roblox_user_id","browser_hash","created_at");
