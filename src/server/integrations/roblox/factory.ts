import type { AppContext } from "../../context.js";
import { RobloxClient } from "./client.js";

/** The Roblox client for this app: the real services, or the sandbox emulator when SANDBOX is on. */
export function createRobloxClient(ctx: Pick<AppContext, "fetch" | "config">): RobloxClient {
  return new RobloxClient(ctx.fetch, {
    users: ctx.config.services.robloxUsers,
    thumbnails: ctx.config.services.robloxThumbnails,
  });
}
