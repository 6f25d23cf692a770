import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client.js";
import { botKeys } from "../../db/schema/index.js";
import { notFound } from "../../http/errors.js";
import { type BotKeyIdentity, hashToken } from "../auth/index.js";

const KEY_PREFIX = "adbot_";

/** Issues a key: shown once, stored as a SHA-256 hash with a short prefix for recognising it later. */
export async function createBotKey(
  db: Db,
  name: string,
): Promise<BotKeyIdentity & { key: string; keyPrefix: string }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const keyPrefix = key.slice(0, KEY_PREFIX.length + 6);
  const [row] = await db
    .insert(botKeys)
    .values({ name, keyHash: hashToken(key), keyPrefix })
    .returning();
  return { id: row.id, name: row.name, key, keyPrefix };
}

export async function listBotKeys(db: Db) {
  const rows = await db.select().from(botKeys).orderBy(desc(botKeys.createdAt));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    keyPrefix: r.keyPrefix,
    createdAt: r.createdAt.toISOString(),
    revokedAt: r.revokedAt?.toISOString() ?? null,
  }));
}

export async function revokeBotKey(db: Db, id: string): Promise<void> {
  const rows = await db
    .update(botKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(botKeys.id, id), isNull(botKeys.revokedAt)))
    .returning({ id: botKeys.id });
  if (rows.length === 0) throw notFound("Bot key not found");
}
