import type { ProviderDeps } from "../provider.js";
import { RobloxClient, type RobloxUser, type RobloxUserDetails } from "./client.js";
import { SandboxGameClient } from "./sandbox-game-client.js";

export type { RobloxUser, RobloxUserDetails } from "./client.js";
export { registerRobloxSandbox } from "./sandbox.js";
export { registerRobloxGameSandbox } from "./sandbox-game.js";
export { ensureSandboxUser } from "./sandbox-store.js";

/** Roblox as the app uses it: users, profiles and avatar headshots, and a bot's friend request. */
export interface RobloxProvider {
  /** Exact-name lookup; null when Roblox knows no such user. */
  findUserByUsername(username: string): Promise<RobloxUser | null>;
  /** The profile, with the description that holds a login phrase; null when no such user. */
  getUser(id: number): Promise<RobloxUserDetails | null>;
  getHeadshotUrl(id: number, size?: string): Promise<string | null>;
  /**
   * Sends a bot's friend request at once where the provider can: the sandbox's emulated game can; real Roblox
   * cannot (only the bot agent, in game, from its work list), so there it answers false without a call.
   */
  sendFriendRequestNow(botUsername: string, toUserId: number): Promise<boolean>;
}

/** The Roblox provider for this config: the real web APIs, or the sandbox emulator and its game. */
export function createRobloxProvider({ config, fetch, log }: ProviderDeps): RobloxProvider {
  const web = new RobloxClient(fetch, {
    users: config.services.robloxUsers,
    thumbnails: config.services.robloxThumbnails,
  });
  const game = config.sandbox
    ? new SandboxGameClient(fetch, `${config.publicUrl}/__sandbox/roblox`, log)
    : null;
  return {
    findUserByUsername: (username) => web.findUserByUsername(username),
    getUser: (id) => web.getUser(id),
    getHeadshotUrl: (id, size) => web.getHeadshotUrl(id, size),
    sendFriendRequestNow: async (botUsername, toUserId) =>
      game ? game.sendFriendRequest(botUsername, toUserId) : false,
  };
}
