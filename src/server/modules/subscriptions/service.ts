import { and, asc, desc, eq, isNotNull, isNull, lte, ne } from "drizzle-orm";
import type { PaidTier } from "../../../contract/plans.js";
import {
  type AdminSubscriptionKey,
  type GenerateKeysRequest,
  isWellFormedSubscriptionKey,
  normalizeSubscriptionKey,
} from "../../../contract/subscription-keys.js";
import {
  KEY_DAYS,
  KEY_TEXTS,
  type Purchase,
  planAfterPurchase,
  purchaseRefusal,
} from "../../../contract/subscriptions.js";
import type { AppContext } from "../../context.js";
import { decryptSecret, encryptSecret } from "../../crypto/secrets.js";
import { newSubscriptionKey, subscriptionKeyHash } from "../../crypto/tokens.js";
import type { DbOrTx, Tx } from "../../db/client.js";
import { at, missing } from "../../db/rows.js";
import { users } from "../../db/schema/auth.js";
import { subscriptionKeys } from "../../db/schema/subscriptions.js";
import { badRequest, conflict, notFound } from "../../http/errors.js";
import { type AuditActor, recordAudit } from "../admin/index.js";

/** The purpose subscription keys are encrypted under (key_encrypted), so admins can list them again. */
const KEY_PURPOSE = "subscription-key";

export interface PlanChange {
  subscriptionTier: PaidTier;
  subscriptionExpiry: Date | null;
}

/**
 * Applies a purchase (a paid invoice or a key) to the seller's plan inside the caller's transaction, with the
 * seller's row locked so two activations at once add up. A purchase the plan cannot take (decision 015) is refused
 * with a 400, or, for money already paid (`honourPaid`), leaves the plan as it is and says so in the log.
 */
export async function activatePurchase(
  ctx: AppContext,
  tx: Tx,
  userId: string,
  purchase: Purchase,
  opts: { honourPaid?: boolean } = {},
): Promise<PlanChange | null> {
  const [current] = await tx
    .select({ subscriptionTier: users.subscriptionTier, subscriptionExpiry: users.subscriptionExpiry })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  if (!current) throw notFound("User not found");
  const now = ctx.clock();
  const refusal = purchaseRefusal(current, purchase, now);
  if (refusal) {
    if (!opts.honourPaid) throw badRequest(refusal);
    ctx.log.warn({ userId, purchase, refusal }, "a paid purchase could not change the plan");
    return null;
  }
  const next = planAfterPurchase(current, purchase, now);
  await tx
    .update(users)
    .set({ subscriptionTier: next.tier, subscriptionExpiry: next.expiry })
    .where(eq(users.id, userId));
  await ctx.events.publish({ userId, type: "user" }, tx);
  return { subscriptionTier: next.tier, subscriptionExpiry: next.expiry };
}

/**
 * POST /api/subscription/use-key: a key adds KEY_DAYS days of its tier, once. The key's row is locked, so the same
 * key sent twice at once activates one plan and the other request hears it is used.
 */
export async function useKey(ctx: AppContext, userId: string, typed: string): Promise<PlanChange> {
  const key = normalizeSubscriptionKey(typed);
  if (!isWellFormedSubscriptionKey(key)) throw badRequest(KEY_TEXTS.invalidOrUsed);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptionKeys)
      .where(eq(subscriptionKeys.keyHash, subscriptionKeyHash(key)))
      .for("update");
    if (!row) throw notFound(KEY_TEXTS.notFound);
    if (row.usedAt) throw conflict(KEY_TEXTS.invalidOrUsed);
    const change = await activatePurchase(ctx, tx, userId, { tier: row.tier as PaidTier, days: KEY_DAYS });
    const claimed = await tx
      .update(subscriptionKeys)
      .set({ usedByUserId: userId, usedAt: new Date(ctx.clock()) })
      .where(and(eq(subscriptionKeys.id, row.id), isNull(subscriptionKeys.usedAt)))
      .returning({ id: subscriptionKeys.id });
    if (claimed.length === 0 || !change) throw conflict(KEY_TEXTS.invalidOrUsed);
    return change;
  });
}

/**
 * The downgrade job: accounts whose plan has expired drop to free and lose the API integration (docs/payments.md); their
 * listings stay, and the expiry stays so the Subscription page can say when the plan ended.
 */
export async function downgradeExpired(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const downgraded = await tx
      .update(users)
      .set({ subscriptionTier: "free", apiIntegrationEnabled: false })
      .where(
        and(
          ne(users.subscriptionTier, "free"),
          isNotNull(users.subscriptionExpiry),
          lte(users.subscriptionExpiry, new Date(ctx.clock())),
        ),
      )
      .returning({ id: users.id });
    await ctx.events.publishMany(
      downgraded.map(({ id }) => ({ userId: id, type: "user" as const })),
      tx,
    );
    return downgraded.length;
  });
}

/**
 * New unused keys of a tier, inserted in one statement of the caller's transaction: a batch is stored whole or not
 * at all. Each key is stored as its lookup hash (what use-key finds it by) and sealed for the admin's list.
 */
async function insertKeys(
  ctx: AppContext,
  tx: DbOrTx,
  tier: PaidTier,
  count: number,
): Promise<AdminSubscriptionKey[]> {
  const keys = Array.from({ length: count }, newSubscriptionKey);
  const rows = await tx
    .insert(subscriptionKeys)
    .values(
      keys.map((key) => ({
        keyHash: subscriptionKeyHash(key),
        keyEncrypted: encryptSecret(ctx.config.appSecret, KEY_PURPOSE, key),
        tier,
        createdAt: new Date(ctx.clock()),
      })),
    )
    .returning();
  return rows.map((row, i) => ({
    id: row.id,
    key: at(keys, i),
    tier,
    used: false,
    usedByUsername: null,
    usedAt: null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** Sandbox only: a fresh unused key of a tier, so testers can try activation without the admin screen. */
export async function issueSandboxKey(ctx: AppContext, tier: PaidTier): Promise<string> {
  const [issued = missing("the issued key")] = await insertKeys(ctx, ctx.db, tier, 1);
  return issued.key;
}

/** Admin: a batch of keys, recorded in the audit log by tier, count and ids (never the keys themselves). */
export async function generateKeys(
  ctx: AppContext,
  actor: AuditActor | null,
  request: GenerateKeysRequest,
): Promise<AdminSubscriptionKey[]> {
  return ctx.db.transaction(async (tx) => {
    const issued = await insertKeys(ctx, tx, request.tier, request.count);
    await recordAudit(ctx, tx, actor, {
      kind: "subscription-keys",
      action: "generated",
      subject: `${request.count} ${request.tier} ${request.count === 1 ? "key" : "keys"}`,
      after: { tier: request.tier, count: request.count, ids: issued.map((k) => k.id) },
    });
    return issued;
  });
}

/** Admin: every key, newest first, in full, with who used it and when. */
export async function listKeys(
  ctx: AppContext,
  filter: { status: "all" | "used" | "unused"; tier?: PaidTier },
): Promise<AdminSubscriptionKey[]> {
  const rows = await ctx.db
    .select({ key: subscriptionKeys, usedByUsername: users.username })
    .from(subscriptionKeys)
    .leftJoin(users, eq(users.id, subscriptionKeys.usedByUserId))
    .where(
      and(
        filter.status === "used" ? isNotNull(subscriptionKeys.usedAt) : undefined,
        filter.status === "unused" ? isNull(subscriptionKeys.usedAt) : undefined,
        filter.tier ? eq(subscriptionKeys.tier, filter.tier) : undefined,
      ),
    )
    .orderBy(desc(subscriptionKeys.createdAt), asc(subscriptionKeys.id));
  return rows.map(({ key, usedByUsername }) => ({
    id: key.id,
    key: decryptSecret(ctx.config.appSecret, KEY_PURPOSE, key.keyEncrypted),
    tier: key.tier as PaidTier,
    used: key.usedAt !== null,
    usedByUsername,
    usedAt: key.usedAt?.toISOString() ?? null,
    createdAt: key.createdAt.toISOString(),
  }));
}
