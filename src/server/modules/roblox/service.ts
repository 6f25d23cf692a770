import { robloxUsernameSchema } from "../../../contract/auth.js";
import { BOT_TEXTS } from "../../../contract/bots.js";
import type { HeadshotSize } from "../../../contract/roblox.js";
import { ROBLOX_UNAVAILABLE } from "../../../contract/texts.js";
import type { AppContext } from "../../context.js";
import { at } from "../../db/rows.js";
import { badRequest, HttpError, notFound } from "../../http/errors.js";
import type { RobloxUser } from "../../integrations/roblox/index.js";

const unavailable = () => new HttpError(503, ROBLOX_UNAVAILABLE);

/**
 * Finds a Roblox user by exact username (null when Roblox does not know it); a Roblox outage is a 503. Call it
 * before opening a transaction: in sandbox mode the request is served by this same app, which on PGlite shares the
 * one database connection.
 */
export async function findRobloxUserByName(ctx: AppContext, username: string): Promise<RobloxUser | null> {
  // A name Roblox could never have is the caller's mistake (400), not a reason to bother Roblox (or to say 503).
  const checked = robloxUsernameSchema.safeParse(username);
  if (!checked.success) throw badRequest(`username: ${at(checked.error.issues, 0).message}`);
  try {
    return await ctx.providers.roblox.findUserByUsername(username);
  } catch (err) {
    ctx.log.warn({ err }, "roblox username lookup failed");
    throw unavailable();
  }
}

/**
 * Finds a Roblox user by exact username with their headshot. Call it before opening a transaction: in sandbox
 * mode the request is served by this same app, which on PGlite shares the one database connection.
 */
export async function lookupRobloxUser(
  ctx: AppContext,
  username: string,
): Promise<RobloxUser & { imageUrl: string | null }> {
  const user = await findRobloxUserByName(ctx, username);
  if (!user) throw notFound(BOT_TEXTS.robloxUserNotFound);
  let imageUrl: string | null = null;
  try {
    imageUrl = await ctx.providers.roblox.getHeadshotUrl(user.id);
  } catch (err) {
    // The avatar is decoration: a thumbnail outage must not block a whitelist entry or a withdrawal.
    ctx.log.warn({ err, robloxUserId: user.id }, "roblox headshot lookup failed");
  }
  return { ...user, imageUrl };
}

/** The headshot image URL Roblox gives for a user, or null when it has none (unknown, banned, moderated). */
export async function findHeadshotUrl(
  ctx: AppContext,
  robloxUserId: number,
  size: HeadshotSize,
): Promise<string | null> {
  try {
    return await ctx.providers.roblox.getHeadshotUrl(robloxUserId, size);
  } catch (err) {
    ctx.log.warn({ err }, "roblox thumbnail lookup failed");
    throw unavailable();
  }
}
