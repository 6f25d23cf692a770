import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import type { Db } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { botKeys } from "../../db/schema/bot-gateway.js";
import { notFound } from "../../http/errors.js";
import { type AuditActor, recordAudit } from "../admin/index.js";
import { type BotKeyIdentity, hashToken } from "../auth/index.js";

const KEY_PREFIX = "adbot_";

type BotKeyRow = typeof botKeys.$inferSelect;

/** What the audit log keeps of a key: enough to recognise it in the list, never the key (decision 020). */
const audited = (row: BotKeyRow) => ({
  id: row.id,
  name: row.name,
  keyPrefix: row.keyPrefix,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});
const auditSubject = (row: BotKeyRow) => `${row.name} (${row.keyPrefix}…)`;

/**
 * Issues a key: shown once, stored as a SHA-256 hash with a short prefix for recognising it later. An admin's key
 * is recorded in the audit log; the sandbox's provisioning call has no actor and records nothing.
 */
export async function createBotKey(
  ctx: AppContext,
  actor: AuditActor | null,
  name: string,
): Promise<BotKeyIdentity & { key: string; keyPrefix: string }> {
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  const keyPrefix = key.slice(0, KEY_PREFIX.length + 6);
  return ctx.db.transaction(async (tx) => {
    const [row = missing("the inserted botKeys row")] = await tx
      .insert(botKeys)
      .values({ name, keyHash: hashToken(key), keyPrefix })
      .returning();
    await recordAudit(ctx, tx, actor, {
      kind: "bot-key",
      action: "created",
      subject: auditSubject(row),
      after: audited(row),
    });
    return { id: row.id, name: row.name, key, keyPrefix };
  });
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

export async function revokeBotKey(ctx: AppContext, actor: AuditActor | null, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(botKeys)
      .set({ revokedAt: new Date(ctx.clock()) })
      .where(and(eq(botKeys.id, id), isNull(botKeys.revokedAt)))
      .returning();
    if (!row) throw notFound("Bot key not found");
    await recordAudit(ctx, tx, actor, {
      kind: "bot-key",
      action: "revoked",
      subject: auditSubject(row),
      before: { ...audited(row), revokedAt: null },
      after: audited(row),
    });
  });
}
