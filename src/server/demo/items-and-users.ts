import { GAMES } from "../../contract/games.js";
import type { AppContext } from "../context.js";
import { items, users } from "../db/schema/index.js";
import { ensureSandboxUser } from "../integrations/roblox/index.js";
import { ITEM_CATALOGUE, itemImagePath } from "../integrations/sandbox-catalogue.js";

export const DEMO_SELLER = "DemoSeller";
const DEMO_ADMIN = "DemoAdmin";

export async function seedItems(ctx: AppContext): Promise<void> {
  const rows = GAMES.flatMap((game) =>
    ITEM_CATALOGUE[game].map((item) => ({ ...item, game, imageUrl: itemImagePath(game, item.codeName) })),
  );
  await ctx.db.insert(items).values(rows).onConflictDoNothing();
}

/**
 * The demo seller (pro for 30 days) and demo admin, each with a sandbox Roblox account of the same name so the
 * normal login flow works for them. Existing rows are left as they are (a tester may have changed them).
 */
export async function seedDemoUsers(ctx: AppContext): Promise<void> {
  if (!ctx.config.sandbox) return;
  const seller = await ensureSandboxUser(ctx.db, DEMO_SELLER, "Autodrop demo seller.");
  const admin = await ensureSandboxUser(ctx.db, DEMO_ADMIN, "Autodrop demo admin.");
  await ctx.db
    .insert(users)
    .values([
      {
        username: seller.name,
        robloxUserId: seller.id,
        subscriptionTier: "pro",
        subscriptionExpiry: new Date(ctx.clock() + 30 * 86_400_000),
        setupCompleted: true,
      },
      { username: admin.name, robloxUserId: admin.id, isAdmin: true, setupCompleted: true },
    ])
    .onConflictDoNothing();
}
