import type { HeadshotSize } from "../../../contract/roblox.js";
import type { AppContext } from "../../context.js";
import { HttpError } from "../../http/errors.js";

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
    throw new HttpError(503, "Service unavailable: ROBLOX could not be reached. Please try again.");
  }
}
