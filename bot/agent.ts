import { setTimeout as sleep } from "node:timers/promises";
import type { BotApiBot, DepositRequest } from "../src/contract/botapi.js";
import type { Game } from "../src/contract/games.js";
import { type BotApiClient, BotApiError } from "./api-client.js";
import type { GameWorld } from "./sandbox-game.js";

export interface AgentOptions {
  api: BotApiClient;
  world: GameWorld;
  game: Game;
  /** Play only this bot account; otherwise every assigned bot of the game. */
  botUsername?: string;
  log?: (message: string) => void;
}

/** What one pass did, for logs and tests. */
export interface RunSummary {
  bots: string[];
  heartbeats: number;
  deposits: number;
  declined: number;
  friendRequests: number;
  completed: number;
  errors: string[];
}

/**
 * The reference delivery bot. Each pass, for every bot account it plays: heartbeat while the bot is turned on;
 * accept trade offers from the seller or their whitelist and report them as deposits (decline the rest); send the
 * queued friend requests; hand pending orders over in game and mark them completed.
 */
export class BotAgent {
  /** Accepted trades whose deposit report failed for a transient reason, retried next pass (same tradeRef). */
  private unreported: DepositRequest[] = [];
  private log: (message: string) => void;

  constructor(private opts: AgentOptions) {
    this.log = opts.log ?? (() => undefined);
  }

  private async myBots(): Promise<BotApiBot[]> {
    const bots = await this.opts.api.bots(this.opts.game);
    if (this.opts.botUsername) {
      const wanted = this.opts.botUsername.toLowerCase();
      return bots.filter((b) => b.botUsername.toLowerCase() === wanted);
    }
    return bots.filter((b) => b.assigned);
  }

  async runOnce(): Promise<RunSummary> {
    const summary: RunSummary = {
      bots: [],
      heartbeats: 0,
      deposits: 0,
      declined: 0,
      friendRequests: 0,
      completed: 0,
      errors: [],
    };
    await this.retryUnreported(summary);
    for (const bot of await this.myBots()) {
      summary.bots.push(bot.botUsername);
      try {
        await this.tend(bot, summary);
      } catch (err) {
        summary.errors.push(`${bot.botUsername}: ${(err as Error).message}`);
        this.log(`${bot.botUsername}: ${(err as Error).message}`);
      }
    }
    return summary;
  }

  private async tend(bot: BotApiBot, summary: RunSummary): Promise<void> {
    const { api, world } = this.opts;
    let status = bot.status;
    if (status !== "offline") {
      status = (await api.heartbeat(bot.botUsername)).status as BotApiBot["status"];
      summary.heartbeats += 1;
    }
    const work = await api.work(bot.botUsername);

    for (const offer of await world.openOffers(bot.botUsername)) {
      const refusal =
        offer.game !== bot.game
          ? "it is for another game"
          : !work.allowedPartners.includes(offer.fromUserId)
            ? "the player is not the seller or whitelisted"
            : offer.items.some((i) => !work.codeNames.includes(i.codeName))
              ? "it holds items Autodrop does not know"
              : null;
      if (refusal) {
        await world.declineOffer(offer.id);
        summary.declined += 1;
        this.log(`${bot.botUsername}: declined a trade from Roblox user ${offer.fromUserId}: ${refusal}`);
        continue;
      }
      await world.acceptOffer(offer.id);
      await this.report(
        {
          botUsername: bot.botUsername,
          partnerRobloxUserId: offer.fromUserId,
          items: offer.items,
          tradeRef: offer.id,
        },
        summary,
      );
    }

    // Friend requests and hand-overs happen in the private server, so only while the bot is online there.
    if (status !== "online") return;
    for (const request of work.friendRequests) {
      await world.sendFriendRequest(bot.botUsername, request.robloxUserId);
      await api.friendRequestSent(request.id);
      summary.friendRequests += 1;
    }
    for (const order of work.orders) {
      if (order.robloxUserId === null) continue;
      const items = order.orderItems.map(({ codeName, quantity }) => ({ codeName, quantity }));
      await world.deliver(bot.botUsername, order.robloxUserId, items, order.id);
      try {
        await api.completeOrder(order.id);
        summary.completed += 1;
        this.log(`${bot.botUsername}: delivered order ${order.id} to ${order.robloxUsername}`);
      } catch (err) {
        // Completed meanwhile (another agent, an admin): nothing left to do for it.
        if (!(err instanceof BotApiError && err.status === 409)) throw err;
      }
    }
  }

  private async report(request: DepositRequest, summary: RunSummary): Promise<void> {
    try {
      await this.opts.api.deposit(request);
      summary.deposits += 1;
      this.log(`${request.botUsername}: deposit from Roblox user ${request.partnerRobloxUserId} credited`);
    } catch (err) {
      if (err instanceof BotApiError && !err.retryable) {
        summary.errors.push(`deposit ${request.tradeRef}: ${err.message}`);
        this.log(`${request.botUsername}: deposit refused: ${err.message}`);
        return;
      }
      this.unreported.push(request);
      throw err;
    }
  }

  private async retryUnreported(summary: RunSummary): Promise<void> {
    const pending = this.unreported;
    this.unreported = [];
    for (const request of pending) {
      try {
        await this.report(request, summary);
      } catch (err) {
        summary.errors.push(`deposit ${request.tradeRef}: ${(err as Error).message}`);
      }
    }
  }

  /** Runs a pass every intervalMs until the signal aborts. */
  async run(intervalMs: number, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      try {
        await this.runOnce();
      } catch (err) {
        this.log(`pass failed: ${(err as Error).message}`);
      }
      // The promise form removes its abort listener when the wait ends; one added by hand per pass piled up
      // (MaxListenersExceededWarning after ten passes).
      await sleep(intervalMs, undefined, { signal }).catch(() => undefined);
    }
  }
}
