import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { API_KEY_PREFIXES, API_TEXTS } from "../../../contract/api.js";
import { activeTier, hasPaidTier } from "../../../contract/plans.js";
import type { AppContext } from "../../context.js";
import { missing } from "../../db/rows.js";
import { users } from "../../db/schema/auth.js";
import { forbidden } from "../../http/errors.js";
import { hashToken, type SessionUser } from "../auth/index.js";

/** Characters of the key after its prefix that the page keeps showing, so a seller can tell keys apart. */
const SHOWN_KEY_CHARS = 6;

/** A new API key: 192 random bits after a recognisable prefix; only its SHA-256 hash and prefix are stored. */
function newApiKey(sandbox: boolean): { key: string; keyHash: string; keyPrefix: string } {
  const prefix = sandbox ? API_KEY_PREFIXES.test : API_KEY_PREFIXES.live;
  const key = `${prefix}${randomBytes(24).toString("base64url")}`;
  return { key, keyHash: hashToken(key), keyPrefix: key.slice(0, prefix.length + SHOWN_KEY_CHARS) };
}

/** Spec 001 §5: the integration is for Basic and Pro (an expired plan counts as free). */
export function mayUseApi(user: SessionUser, now: number): boolean {
  return hasPaidTier(activeTier(user, now));
}

function assertMayUseApi(ctx: AppContext, user: SessionUser): void {
  if (!mayUseApi(user, ctx.clock())) throw forbidden(API_TEXTS.tierRequired);
}

/**
 * Saving or testing a webhook makes the server call out, and only API orders send events, so it needs what an API
 * key needs: a paid plan that has not expired and the integration on.
 */
export function assertMayUseWebhooks(ctx: AppContext, user: SessionUser): void {
  assertMayUseApi(ctx, user);
  if (!user.apiIntegrationEnabled) throw forbidden(API_TEXTS.webhooksNeedApi);
}

/**
 * POST /api/settings/api-integration: turning it on needs a paid plan and issues the first key (shown this once);
 * turning it off keeps the key, which answers 403 until the integration is on again.
 */
export async function setApiIntegration(ctx: AppContext, user: SessionUser, enabled: boolean) {
  if (enabled) assertMayUseApi(ctx, user);
  const fresh = enabled && !user.apiKeyHash ? newApiKey(ctx.config.sandbox) : null;
  const [row = missing("the updated users row")] = await ctx.db
    .update(users)
    .set({
      apiIntegrationEnabled: enabled,
      ...(fresh && { apiKeyHash: fresh.keyHash, apiKeyPrefix: fresh.keyPrefix }),
    })
    .where(eq(users.id, user.id))
    .returning({ enabled: users.apiIntegrationEnabled, keyPrefix: users.apiKeyPrefix });
  return { enabled: row.enabled, keyPrefix: row.keyPrefix, ...(fresh && { apiKey: fresh.key }) };
}

/** POST /api/settings/refresh-api-key: a new key replaces the old one at once (its hash is gone, so it is a 401). */
export async function refreshApiKey(ctx: AppContext, user: SessionUser) {
  assertMayUseApi(ctx, user);
  const fresh = newApiKey(ctx.config.sandbox);
  await ctx.db
    .update(users)
    .set({ apiKeyHash: fresh.keyHash, apiKeyPrefix: fresh.keyPrefix })
    .where(eq(users.id, user.id));
  return { apiKey: fresh.key, keyPrefix: fresh.keyPrefix };
}
