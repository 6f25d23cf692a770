import { eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
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
