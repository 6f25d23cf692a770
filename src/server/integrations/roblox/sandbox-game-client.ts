import type { FastifyBaseLogger } from "fastify";
import type { HttpFetch } from "../fetch.js";

/** The emulated game's JSON API (sandbox-game.ts), as a bot in the game would act; sandbox mode only. */
export class SandboxGameClient {
  constructor(
    private fetch: HttpFetch,
    private base: string,
    private log: FastifyBaseLogger,
  ) {}

  /** The bot's friend request to a player; false when the game refused it (e.g. it knows no such bot). */
  async sendFriendRequest(botUsername: string, toUserId: number): Promise<boolean> {
    const res = await this.fetch(`${this.base}/friend-requests`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ botUsername, toUserId }),
    });
    if (!res.ok) this.log.warn({ status: res.status }, "sandbox friend request refused");
    return res.ok;
  }
}
