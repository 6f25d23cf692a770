import { and, desc, eq, gt, isNull, ne, sql } from "drizzle-orm";
import type { CurrentUser, LoginResponse, VerifyRequest, VerifyResponse } from "../../../contract/auth.js";
import { LOGIN_CHALLENGE_TTL_MINUTES } from "../../../contract/limits.js";
import { type Tier, tierSchema } from "../../../contract/plans.js";
import { ROBLOX_UNAVAILABLE } from "../../../contract/texts.js";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/client.js";
import { missing } from "../../db/rows.js";
import { loginChallenges, users } from "../../db/schema/auth.js";
import { shops } from "../../db/schema/shopify.js";
import { badRequest, HttpError, notFound } from "../../http/errors.js";
import type { RobloxUser, RobloxUserDetails } from "../../integrations/roblox/index.js";
import { descriptionHoldsPhrase, generatePhrase, normalisePhrase } from "./phrase.js";
import { createSession, type SessionUser } from "./sessions.js";

export const AUTH_ERRORS = {
  userNotFound: "ROBLOX user not found. Check the username and try again.",
  robloxUnavailable: ROBLOX_UNAVAILABLE,
  invalidPhrase: "Invalid verification phrase. Go back and log in again to get a new one.",
  expiredPhrase: "This verification phrase has expired. Go back and log in again to get a new one.",
  usedPhrase: "This verification phrase has already been used. Go back and log in again to get a new one.",
  phraseNotInProfile:
    "Verification phrase not found in your ROBLOX profile. Add it to your profile description and try again.",
} as const;

type Challenge = typeof loginChallenges.$inferSelect;
export interface NewSession {
  token: string;
  expiresAt: Date;
}

/** Roblox answers or we say it is unavailable; its failures never leak to the client as a 500. */
async function askRoblox<T>(ctx: AppContext, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof HttpError) throw err;
    ctx.log.warn({ err }, "roblox request failed");
    throw new HttpError(503, AUTH_ERRORS.robloxUnavailable);
  }
}

/**
 * This browser's current challenge for the user: its unexpired, unused one if there is one (so a second Continue in
 * the same browser shows the same phrase), else a new one. Each browser has its own phrase (decision 018): a
 * phrase is never shown to a caller other than the browser it was issued to. The per-user advisory lock keeps two
 * concurrent logins from one browser from issuing two phrases.
 */
async function currentChallenge(
  ctx: AppContext,
  robloxUser: RobloxUser,
  browserHash: string,
): Promise<Challenge> {
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${`login:${robloxUser.id}`}, 0))`);
    const now = new Date(ctx.clock());
    const [open] = await tx
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.robloxUserId, robloxUser.id),
          eq(loginChallenges.browserHash, browserHash),
          isNull(loginChallenges.usedAt),
          gt(loginChallenges.expiresAt, now),
        ),
      )
      .orderBy(desc(loginChallenges.createdAt))
      .limit(1);
    if (open) return open;
    const [created = missing("the inserted loginChallenges row")] = await tx
      .insert(loginChallenges)
      .values({
        robloxUserId: robloxUser.id,
        username: robloxUser.name,
        phrase: generatePhrase(),
        browserHash,
        expiresAt: new Date(now.getTime() + LOGIN_CHALLENGE_TTL_MINUTES * 60_000),
      })
      .returning();
    return created;
  });
}

function isConfiguredAdmin(ctx: AppContext, username: string): boolean {
  return ctx.config.adminUsernames.some((a) => a.toLowerCase() === username.toLowerCase());
}

/**
 * Spends the challenge and signs the Roblox user in, all or nothing. Marking the challenge used is a conditional
 * UPDATE, so of two concurrent verifications of one phrase exactly one gets a session.
 */
async function completeSignIn(
  ctx: AppContext,
  challenge: Challenge,
  profile: RobloxUserDetails,
): Promise<{ user: SessionUser; session: NewSession }> {
  const isAdmin = isConfiguredAdmin(ctx, profile.name);
  return ctx.db.transaction(async (tx) => {
    const now = new Date(ctx.clock());
    const spent = await tx
      .update(loginChallenges)
      .set({ usedAt: now })
      .where(
        and(
          eq(loginChallenges.id, challenge.id),
          isNull(loginChallenges.usedAt),
          gt(loginChallenges.expiresAt, now),
        ),
      )
      .returning({ id: loginChallenges.id });
    if (spent.length === 0) throw badRequest(AUTH_ERRORS.usedPhrase);
    // Roblox names can be changed and later taken by someone else: the earlier holder's row gives the name up.
    await tx
      .update(users)
      .set({ username: sql`${users.username} || '#' || ${users.robloxUserId}` })
      .where(
        and(
          sql`lower(${users.username}) = ${profile.name.toLowerCase()}`,
          ne(users.robloxUserId, profile.id),
        ),
      );
    const [user = missing("the inserted users row")] = await tx
      .insert(users)
      .values({ username: profile.name, robloxUserId: profile.id, isAdmin })
      .onConflictDoUpdate({ target: users.robloxUserId, set: { username: profile.name, isAdmin } })
      .returning();
    const session = await createSession(tx, user.id, now);
    return { user, session };
  });
}

/**
 * POST /api/auth/login: finds the Roblox user and hands this browser its verification phrase. When the profile
 * already holds that phrase the user is signed in at once (success: true with a session). Before that, the answer
 * says nothing about the account (needsSetup is always true), so it cannot tell whether a username has one.
 */
export async function login(
  ctx: AppContext,
  username: string,
  browserHash: string,
): Promise<{ response: LoginResponse; session: NewSession | null }> {
  const roblox = ctx.providers.roblox;
  const found = await askRoblox(ctx, () => roblox.findUserByUsername(username));
  if (!found) throw notFound(AUTH_ERRORS.userNotFound);
  const challenge = await currentChallenge(ctx, found, browserHash);
  const profile = await askRoblox(ctx, () => roblox.getUser(found.id));
  const base = { username: found.name, verificationPhrase: challenge.phrase, robloxUserId: found.id };
  if (profile && descriptionHoldsPhrase(profile.description, challenge.phrase)) {
    const { user, session } = await completeSignIn(ctx, challenge, profile);
    return { response: { success: true, needsSetup: !user.setupCompleted, ...base }, session };
  }
  return { response: { success: false, needsSetup: true, ...base }, session: null };
}

/**
 * POST /api/auth/verify: checks the phrase against this browser's challenge and the live profile, then signs in.
 * A phrase issued to another browser is as unknown here as a made-up one.
 */
export async function verify(
  ctx: AppContext,
  input: VerifyRequest,
  browserHash: string | null,
): Promise<{ response: VerifyResponse; session: NewSession }> {
  if (!browserHash) throw badRequest(AUTH_ERRORS.invalidPhrase);
  const [challenge] = await ctx.db
    .select()
    .from(loginChallenges)
    .where(
      and(
        eq(loginChallenges.robloxUserId, input.robloxUserId),
        eq(loginChallenges.browserHash, browserHash),
        eq(loginChallenges.phrase, normalisePhrase(input.verificationPhrase)),
      ),
    )
    .orderBy(desc(loginChallenges.createdAt))
    .limit(1);
  if (!challenge || challenge.username.toLowerCase() !== input.username.toLowerCase()) {
    throw badRequest(AUTH_ERRORS.invalidPhrase);
  }
  if (challenge.usedAt) throw badRequest(AUTH_ERRORS.usedPhrase);
  if (challenge.expiresAt.getTime() <= ctx.clock()) throw badRequest(AUTH_ERRORS.expiredPhrase);

  const roblox = ctx.providers.roblox;
  const profile = await askRoblox(ctx, () => roblox.getUser(input.robloxUserId));
  if (!profile) throw notFound(AUTH_ERRORS.userNotFound);
  if (!descriptionHoldsPhrase(profile.description, challenge.phrase))
    throw badRequest(AUTH_ERRORS.phraseNotInProfile);

  const { user, session } = await completeSignIn(ctx, challenge, profile);
  return { response: { success: true, needsSetup: !user.setupCompleted }, session };
}

/** GET /api/auth/me: the signed-in user as the client sees it (never secrets such as the API key hash). */
export async function currentUserView(db: DbOrTx, user: SessionUser): Promise<CurrentUser> {
  const [shop] = await db
    .select({ domain: shops.domain, accessRefusedAt: shops.accessRefusedAt })
    .from(shops)
    .where(and(eq(shops.userId, user.id), isNull(shops.uninstalledAt)))
    .limit(1);
  return {
    id: user.id,
    username: user.username,
    robloxUserId: user.robloxUserId,
    isAdmin: user.isAdmin,
    subscriptionTier: tierSchema.catch("free" satisfies Tier).parse(user.subscriptionTier),
    subscriptionExpiry: user.subscriptionExpiry?.toISOString() ?? null,
    setupCompleted: user.setupCompleted,
    shopifyStore: shop?.domain ?? null,
    shopifyAccessRefused: Boolean(shop?.accessRefusedAt),
    email: user.email,
    customClaimPageStyle: (user.customClaimPageStyle as CurrentUser["customClaimPageStyle"]) ?? null,
    discordWebhookUrl: user.discordWebhookUrl,
    discordNotificationsEnabled: user.discordNotificationsEnabled,
    discordOrderCreatedEnabled: user.discordOrderCreatedEnabled,
    discordOrderDeliveredEnabled: user.discordOrderDeliveredEnabled,
    discordPingEveryone: user.discordPingEveryone,
    apiIntegrationEnabled: user.apiIntegrationEnabled,
  };
}
