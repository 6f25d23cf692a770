import { and, asc, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import type { AppContext } from "../../context.js";
import { decryptSecret, encryptSecret } from "../../crypto/secrets.js";
import type { DbOrTx } from "../../db/client.js";
import { shops } from "../../db/schema/shopify.js";
import { type AdminAccess, ShopifyError, type ShopifyTokens } from "../../integrations/shopify/index.js";

export const TOKEN_PURPOSE = "shopify-access-token";
const REFRESH_TOKEN_PURPOSE = "shopify-refresh-token";

/**
 * A token that expires within this margin is renewed before it is used. Each request asks again, so the margin
 * covers a request in flight at the expiry (15 s at most) and a clock a few minutes off Shopify's.
 */
const TOKEN_RENEWAL_MARGIN_MS = 5 * 60_000;

/**
 * The daily sweep renews a refresh token with fewer than this many days of its 90 left, so a store that makes no
 * Admin API call for weeks (no linked listings, no orders) keeps its tokens; a month leaves room for days the
 * sweep fails.
 */
const IDLE_RENEWAL_HORIZON_MS = 30 * 24 * 60 * 60_000;

type ShopRow = typeof shops.$inferSelect;

/**
 * The shops row's token columns for a pair issued at `issuedAt` (the app's clock before it asked: the lifetimes
 * Shopify counts from its answer end no earlier). Both tokens are encrypted.
 */
export function tokenColumns(
  ctx: AppContext,
  tokens: Pick<ShopifyTokens, "accessToken" | "expiresIn" | "refreshToken" | "refreshTokenExpiresIn">,
  issuedAt: number,
) {
  return {
    accessTokenEncrypted: encryptSecret(ctx.config.appSecret, TOKEN_PURPOSE, tokens.accessToken),
    accessTokenExpiresAt: new Date(issuedAt + tokens.expiresIn * 1000),
    refreshTokenEncrypted: encryptSecret(ctx.config.appSecret, REFRESH_TOKEN_PURPOSE, tokens.refreshToken),
    refreshTokenExpiresAt: new Date(issuedAt + tokens.refreshTokenExpiresIn * 1000),
  };
}

interface HeldToken {
  token: string;
  /** Null: a non-expiring token stored before expiring tokens, exchanged for an expiring pair at its first use. */
  expiresAt: Date | null;
}

function heldToken(ctx: AppContext, row: ShopRow): HeldToken {
  return {
    token: decryptSecret(ctx.config.appSecret, TOKEN_PURPOSE, row.accessTokenEncrypted),
    expiresAt: row.refreshTokenEncrypted ? row.accessTokenExpiresAt : null,
  };
}

function usable(ctx: AppContext, held: HeldToken): boolean {
  return held.expiresAt !== null && held.expiresAt.getTime() - TOKEN_RENEWAL_MARGIN_MS > ctx.clock();
}

/**
 * The token source of an Admin API session on a connected shop's stored tokens: the stored token while it is good
 * for longer than the margin, then a renewed one; after a 401, one renewal. Whether Shopify refused them is
 * remembered on the row for the seller to see (decision 033).
 */
export function storedAccess(ctx: AppContext, row: ShopRow): AdminAccess {
  let held = heldToken(ctx, row);
  // The row's refused state as this session last knew it: only a change is written, not every request's outcome.
  let marked = row.accessRefusedAt !== null;
  return {
    async token() {
      if (!usable(ctx, held)) held = await renewToken(ctx, row.id, (_, stored) => !usable(ctx, stored));
      return held.token;
    },
    async renew(refused) {
      held = await renewToken(ctx, row.id, (_, stored) => !usable(ctx, stored) || stored.token === refused);
      return held.token;
    },
    async settled(outcome) {
      const refused = outcome === "refused";
      if (refused === marked) return;
      try {
        await (refused ? rememberRefusal(ctx, row.id, held.token) : forgetRefusal(ctx, row.id));
        marked = refused;
      } catch (err) {
        // The call's own answer stands; the next request's outcome writes the state again.
        ctx.log.warn({ err, shop: row.domain }, "shopify access state not recorded");
      }
    },
  };
}

/**
 * The scheduled sweep (`shopify.renew-idle-tokens`): renews every connected store's tokens whose refresh token ends
 * within the horizon, and exchanges every token stored before expiring tokens, so neither depends on the store
 * being used (Shopify invalidates non-expiring tokens on 1 January 2027). A store Shopify refuses is marked for its
 * seller's reinstall, as on any other call; the others are still renewed.
 */
export async function renewIdleTokens(ctx: AppContext): Promise<void> {
  const due = (row: Pick<ShopRow, "refreshTokenEncrypted" | "refreshTokenExpiresAt">) =>
    !row.refreshTokenEncrypted ||
    (row.refreshTokenExpiresAt?.getTime() ?? 0) < ctx.clock() + IDLE_RENEWAL_HORIZON_MS;
  const candidates = await ctx.db
    .select({ id: shops.id, domain: shops.domain, accessTokenEncrypted: shops.accessTokenEncrypted })
    .from(shops)
    .where(
      and(
        isNull(shops.uninstalledAt),
        or(
          isNull(shops.refreshTokenEncrypted),
          lt(shops.refreshTokenExpiresAt, new Date(ctx.clock() + IDLE_RENEWAL_HORIZON_MS)),
        ),
      ),
    )
    // The nearest end first, should a run be cut short.
    .orderBy(asc(shops.refreshTokenExpiresAt));
  for (const shop of candidates) {
    try {
      await renewToken(ctx, shop.id, due);
    } catch (err) {
      if (!(err instanceof ShopifyError) || (err.kind !== "unauthorized" && err.kind !== "forbidden"))
        throw err;
      const refusedToken = decryptSecret(ctx.config.appSecret, TOKEN_PURPOSE, shop.accessTokenEncrypted);
      await rememberRefusal(ctx, shop.id, refusedToken);
      ctx.log.warn(
        { shop: shop.domain, reason: err.message },
        "shopify tokens refused; the seller must reinstall",
      );
    }
  }
}

/**
 * Marks the store refused, unless its tokens are no longer the ones Shopify refused: an install that stored a new
 * pair while a call on the old one was failing needs no reinstall.
 */
async function rememberRefusal(ctx: AppContext, shopId: string, refusedToken: string): Promise<void> {
  const [row] = await ctx.db
    .select({ accessTokenEncrypted: shops.accessTokenEncrypted })
    .from(shops)
    .where(and(eq(shops.id, shopId), isNull(shops.uninstalledAt)));
  if (!row || decryptSecret(ctx.config.appSecret, TOKEN_PURPOSE, row.accessTokenEncrypted) !== refusedToken)
    return;
  const [marked] = await ctx.db
    .update(shops)
    .set({ accessRefusedAt: new Date(ctx.clock()) })
    .where(
      and(
        eq(shops.id, shopId),
        eq(shops.accessTokenEncrypted, row.accessTokenEncrypted),
        isNull(shops.accessRefusedAt),
      ),
    )
    .returning({ userId: shops.userId });
  if (marked) await ctx.events.publish({ userId: marked.userId, type: "user" });
}

async function forgetRefusal(ctx: AppContext, shopId: string): Promise<void> {
  const [cleared] = await ctx.db
    .update(shops)
    .set({ accessRefusedAt: null })
    .where(and(eq(shops.id, shopId), isNotNull(shops.accessRefusedAt)))
    .returning({ userId: shops.userId });
  if (cleared) await ctx.events.publish({ userId: cleared.userId, type: "user" });
}

/**
 * The token to use now, renewed when `needed` says the stored one will not do. It runs holding the shop's row lock,
 * and the lock is let go only once the new pair is stored: Shopify honours a refresh token once, so two instances or
 * jobs renewing together would leave one of them with a used refresh token. `needed` reads the row as it is once
 * locked: a token someone else renewed meanwhile is used as it is.
 */
async function renewToken(
  ctx: AppContext,
  shopId: string,
  needed: (row: ShopRow, stored: HeldToken) => boolean,
): Promise<HeldToken> {
  return ctx.database.calloutTransaction(`shopify-token:${shopId}`, async (tx) => {
    const row = await lockedShop(tx, shopId);
    const stored = heldToken(ctx, row);
    if (!needed(row, stored)) return stored;

    const issuedAt = ctx.clock();
    let tokens: ShopifyTokens;
    if (row.refreshTokenEncrypted) {
      // Shopify would refuse it: no need to ask.
      if (row.refreshTokenExpiresAt && row.refreshTokenExpiresAt.getTime() <= issuedAt) {
        throw new ShopifyError("unauthorized", "The Shopify refresh token has expired");
      }
      const refreshToken = decryptSecret(
        ctx.config.appSecret,
        REFRESH_TOKEN_PURPOSE,
        row.refreshTokenEncrypted,
      );
      tokens = await ctx.providers.shopify.refreshAccessToken(row.domain, refreshToken);
    } else {
      tokens = await ctx.providers.shopify.migrateToExpiringToken(row.domain, stored.token);
    }
    const columns = tokenColumns(ctx, tokens, issuedAt);
    const [kept] = await tx
      .update(shops)
      .set(columns)
      .where(and(eq(shops.id, shopId), eq(shops.accessTokenEncrypted, row.accessTokenEncrypted)))
      .returning({ id: shops.id });
    // Only on PGlite, where the lock does not hold off other writers: an install stored new tokens meanwhile, and
    // those (which revoked the pair just issued) are the ones to use.
    if (!kept) return heldToken(ctx, await lockedShop(tx, shopId));
    return { token: tokens.accessToken, expiresAt: columns.accessTokenExpiresAt };
  });
}

async function lockedShop(tx: DbOrTx, shopId: string): Promise<ShopRow> {
  const [row] = await tx.select().from(shops).where(eq(shops.id, shopId)).for("update");
  if (!row || row.uninstalledAt) throw new ShopifyError("unauthorized", "The store is no longer connected");
  return row;
}
