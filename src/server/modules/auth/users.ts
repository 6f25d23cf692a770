import { eq, inArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../db/client.js";
import { users } from "../../db/schema/auth.js";
import type { SessionUser } from "./sessions.js";

/** A user's row, from which other modules read what they need (a seller's plan, claim page style, Roblox id). */
export async function userById(db: DbOrTx, id: string): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export async function usersByIds(db: DbOrTx, ids: string[]): Promise<SessionUser[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]));
}

export async function userByRobloxId(db: DbOrTx, robloxUserId: number): Promise<SessionUser | undefined> {
  const [user] = await db.select().from(users).where(eq(users.robloxUserId, robloxUserId));
  return user;
}

/**
 * The user's row, locked for update: serialises a seller's changes whose "at most one" or limit rules must hold
 * under concurrency (bots, whitelist, withdrawals, listings, plans and invoices; decision 039's lock order starts
 * here).
 */
export async function lockUser(tx: Tx, userId: string): Promise<SessionUser | undefined> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for("update");
  return user;
}
