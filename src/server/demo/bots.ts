import { and, eq, isNull, sql } from "drizzle-orm";
import { GAME_PLACE_IDS } from "../../contract/bots.js";
import { GAMES, type Game } from "../../contract/games.js";
import type { AppContext } from "../context.js";
import { at } from "../db/rows.js";
import { bots, gameSettings, inventoryLedger, items, users } from "../db/schema/index.js";
import { ensureSandboxUser } from "../integrations/roblox/index.js";
import { moveInventory } from "../modules/inventory/index.js";
import { DEMO_SELLER } from "./items-and-users.js";

const BOT_NAMES: Record<Game, string> = {
  mm2: "AutodropBot_MM2",
  bubblegumsimulator: "AutodropBot_BGS",
  growagarden: "AutodropBot_GAG",
};

/** Fixed codes, so the demo's links stay the same across restarts. */
const SERVER_CODES: Record<Game, string> = {
  mm2: "48213995062371844902316957418830",
  bubblegumsimulator: "70155283946610273385019246671152",
  growagarden: "19384756102938475610293847561029",
};
const GAME_SLUGS: Record<Game, string> = {
  mm2: "Murder-Mystery-2",
  bubblegumsimulator: "Bubble-Gum-Simulator-INFINITY",
  growagarden: "Grow-a-Garden",
};

/** How many of the first catalogue items of each game the demo seller starts with. */
const STARTING_STOCK: Partial<Record<Game, number[]>> = { mm2: [5, 3, 10], bubblegumsimulator: [4] };

function demoPrivateServerLink(game: Game): string {
  return `https://www.roblox.com/games/${GAME_PLACE_IDS[game]}/${GAME_SLUGS[game]}?privateServerLinkCode=${SERVER_CODES[game]}`;
}

/**
 * One pool bot per game (each a sandbox Roblox account, so the game emulator knows it), a private-server link per
 * game, and for the demo seller the mm2 bot and some starting inventory. Idempotent: only what is missing.
 */
export async function seedBots(ctx: AppContext): Promise<void> {
  if (!ctx.config.sandbox) return;
  for (const game of GAMES) {
    const account = await ensureSandboxUser(ctx.db, BOT_NAMES[game], "Autodrop delivery bot.");
    await ctx.db
      .insert(bots)
      .values({ game, botUsername: account.name, robloxUserId: account.id })
      .onConflictDoNothing();
  }
  await ctx.db
    .insert(gameSettings)
    .values(GAMES.map((game) => ({ game, privateServerLink: demoPrivateServerLink(game) })))
    .onConflictDoNothing();

  const [seller] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${DEMO_SELLER})`);
  if (!seller) return;
  const [hasMm2Bot] = await ctx.db
    .select({ id: bots.id })
    .from(bots)
    .where(and(eq(bots.assignedUserId, seller.id), eq(bots.game, "mm2")));
  if (!hasMm2Bot) {
    await ctx.db
      .update(bots)
      .set({ assignedUserId: seller.id })
      .where(and(sql`lower(${bots.botUsername}) = lower(${BOT_NAMES.mm2})`, isNull(bots.assignedUserId)));
  }
  const [anyMovement] = await ctx.db
    .select({ id: inventoryLedger.id })
    .from(inventoryLedger)
    .where(eq(inventoryLedger.userId, seller.id))
    .limit(1);
  if (anyMovement) return;
  const catalogue = await ctx.db
    .select({ id: items.id, game: items.game })
    .from(items)
    .orderBy(items.createdAt, items.codeName);
  const lines = Object.entries(STARTING_STOCK).flatMap(([game, quantities]) =>
    catalogue
      .filter((i) => i.game === game)
      .slice(0, quantities.length)
      .map((i, n) => ({ itemId: i.id, quantity: at(quantities, n) })),
  );
  if (lines.length === 0) return;
  await ctx.db.transaction((tx) =>
    moveInventory(ctx, tx, seller.id, "admin_grant", lines, { note: "demo starting stock" }),
  );
}
