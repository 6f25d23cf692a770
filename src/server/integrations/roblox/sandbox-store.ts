import { asc, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { sandboxRobloxUsers } from "../../db/schema/index.js";

export type SandboxRobloxUser = typeof sandboxRobloxUsers.$inferSelect;

/** Roblox's username rule: 3 to 20 letters, digits or underscores. */
export const SANDBOX_USERNAME_RULE = /^[A-Za-z0-9_]{3,20}$/;
/** Roblox caps a profile description at 1000 characters. */
export const DESCRIPTION_MAX_LENGTH = 1000;

export class SandboxUserExistsError extends Error {}

export async function listSandboxUsers(db: DbOrTx): Promise<SandboxRobloxUser[]> {
  return db.select().from(sandboxRobloxUsers).orderBy(asc(sandboxRobloxUsers.id));
}

export async function findSandboxUser(db: DbOrTx, id: number): Promise<SandboxRobloxUser | null> {
  const rows = await db.select().from(sandboxRobloxUsers).where(eq(sandboxRobloxUsers.id, id)).limit(1);
  return rows[0] ?? null;
}

/** Case-insensitive lookup, like Roblox's username search. */
export async function findSandboxUsersByName(db: DbOrTx, names: string[]): Promise<SandboxRobloxUser[]> {
  if (names.length === 0) return [];
  return db
    .select()
    .from(sandboxRobloxUsers)
    .where(
      inArray(
        sql`lower(${sandboxRobloxUsers.name})`,
        names.map((n) => n.toLowerCase()),
      ),
    );
}

export async function findSandboxUsersByIds(db: DbOrTx, ids: number[]): Promise<SandboxRobloxUser[]> {
  if (ids.length === 0) return [];
  return db.select().from(sandboxRobloxUsers).where(inArray(sandboxRobloxUsers.id, ids));
}

/** Creates a user; throws SandboxUserExistsError when the name is taken (in any letter case). */
export async function createSandboxUser(
  db: DbOrTx,
  name: string,
  description = "",
): Promise<SandboxRobloxUser> {
  const rows = await db
    .insert(sandboxRobloxUsers)
    .values({ name, displayName: name, description })
    .onConflictDoNothing()
    .returning();
  if (!rows[0]) throw new SandboxUserExistsError(`A sandbox Roblox user named ${name} already exists`);
  return rows[0];
}

/** The user of that name, created when missing (demo data and tests call it on every start). */
export async function ensureSandboxUser(
  db: DbOrTx,
  name: string,
  description = "",
): Promise<SandboxRobloxUser> {
  const [existing] = await findSandboxUsersByName(db, [name]);
  if (existing) return existing;
  await db.insert(sandboxRobloxUsers).values({ name, displayName: name, description }).onConflictDoNothing();
  const [row = missing("the sandbox user just inserted")] = await findSandboxUsersByName(db, [name]);
  return row;
}

export async function setSandboxDescription(
  db: DbOrTx,
  id: number,
  description: string,
): Promise<SandboxRobloxUser | null> {
  const rows = await db
    .update(sandboxRobloxUsers)
    .set({ description })
    .where(eq(sandboxRobloxUsers.id, id))
    .returning();
  return rows[0] ?? null;
}
