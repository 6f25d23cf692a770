import { and, eq, sql } from "drizzle-orm";
import type { Game } from "../../src/contract/games.js";
import type { App } from "../../src/server/app.js";
import { missing } from "../../src/server/db/rows.js";
import { bots, inventoryBalances, inventoryLedger, items } from "../../src/server/db/schema/index.js";
import { grantItems } from "../../src/server/modules/inventory/service.js";
import { ensureRobloxUser } from "./helpers.js";

/** Shared set-up for the inventory, bots, withdrawals and Bot API tests. */

let counter = 0;
/** A name unique within the test run that is also a valid Roblox username (3 to 20 word characters). */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix.slice(0, 10)}${process.pid % 1000}_${counter}`;
}

export async function createItem(app: App, game: Game, codeName = uniqueName("item").toLowerCase()) {
  const [row = missing("row")] = await app.ctx.db
    .insert(items)
    .values({
      game,
      codeName,
      publicName: `Item ${codeName}`,
      imageUrl: `/item-images/${game}/${codeName}.svg`,
    })
    .returning();
  return row;
}

export async function addPoolBot(app: App, game: Game, botUsername = uniqueName("Bot")) {
  const robloxUserId = await ensureRobloxUser(app, botUsername);
  const [row = missing("row")] = await app.ctx.db
    .insert(bots)
    .values({ game, botUsername, robloxUserId })
    .returning();
  return row;
}

export async function grant(app: App, userId: string, itemId: string, quantity: number): Promise<void> {
  await grantItems(app.ctx, userId, { itemId, quantity }, { name: "test", admin: null });
}

/** A Bot API key from the sandbox's provisioning call, as the reference agent gets one. */
export async function newBotKey(app: App): Promise<{ key: string; headers: { authorization: string } }> {
  const res = await app.inject({
    method: "POST",
    url: "/__sandbox/bot-keys",
    payload: { name: uniqueName("key") },
  });
  if (res.statusCode !== 201) throw new Error(`bot key: ${res.statusCode} ${res.body}`);
  const { key } = res.json();
  return { key, headers: { authorization: `Bearer ${key}` } };
}

export async function balanceOf(app: App, userId: string, itemId: string) {
  const [row] = await app.ctx.db
    .select({ available: inventoryBalances.available, reserved: inventoryBalances.reserved })
    .from(inventoryBalances)
    .where(and(eq(inventoryBalances.userId, userId), eq(inventoryBalances.itemId, itemId)));
  return row ?? { available: 0, reserved: 0 };
}

/** The balance the ledger implies: the sum of every movement's effect (must equal the stored balance). */
export async function ledgerBalanceOf(app: App, userId: string, itemId: string) {
  const [row] = await app.ctx.db
    .select({
      available: sql<number>`coalesce(sum(case
        when ${inventoryLedger.kind} in ('deposit', 'admin_grant', 'release') then ${inventoryLedger.quantity}
        when ${inventoryLedger.kind} = 'reservation' then -${inventoryLedger.quantity}
        else 0 end), 0)::int`,
      reserved: sql<number>`coalesce(sum(case
        when ${inventoryLedger.kind} = 'reservation' then ${inventoryLedger.quantity}
        when ${inventoryLedger.kind} in ('release', 'delivery') then -${inventoryLedger.quantity}
        else 0 end), 0)::int`,
    })
    .from(inventoryLedger)
    .where(and(eq(inventoryLedger.userId, userId), eq(inventoryLedger.itemId, itemId)));
  return row;
}
