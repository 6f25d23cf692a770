import type { BotItemLine } from "../src/contract/botapi.js";

export interface TradeOffer {
  id: string;
  fromUserId: number;
  game: string;
  items: BotItemLine[];
}

/**
 * What a delivery bot does in the game world. The reference agent plays the sandbox game through this; a real bot
 * implements it with the game client (trade window, friend list, private server).
 */
export interface GameWorld {
  /** Trade offers players have made to the bot and that are still open. */
  openOffers(botUsername: string): Promise<TradeOffer[]>;
  acceptOffer(offerId: string): Promise<void>;
  declineOffer(offerId: string): Promise<void>;
  sendFriendRequest(botUsername: string, toUserId: number): Promise<void>;
  /** Hands items over to a player (the delivery of an order). */
  deliver(botUsername: string, toUserId: number, items: BotItemLine[], orderId: string): Promise<void>;
}

/** The game side of Autodrop's Roblox emulator (/__sandbox/roblox, src/server/integrations/roblox/sandbox-game.ts). */
export class SandboxGame implements GameWorld {
  private base: string;

  constructor(
    serverUrl: string,
    private fetchImpl: typeof fetch = fetch,
  ) {
    this.base = `${serverUrl.replace(/\/$/, "")}/__sandbox/roblox`;
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: object): Promise<T> {
    const res = await this.fetchImpl(`${this.base}${path}`, {
      method,
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`sandbox game ${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async openOffers(botUsername: string): Promise<TradeOffer[]> {
    const { data } = await this.call<{ data: (TradeOffer & { game: string | null })[] }>(
      "GET",
      `/bots/${encodeURIComponent(botUsername)}/offers`,
    );
    return data.map(({ id, fromUserId, game, items }) => ({ id, fromUserId, game: game ?? "", items }));
  }

  async acceptOffer(offerId: string): Promise<void> {
    await this.call("POST", `/offers/${encodeURIComponent(offerId)}/accept`);
  }

  async declineOffer(offerId: string): Promise<void> {
    await this.call("POST", `/offers/${encodeURIComponent(offerId)}/decline`);
  }

  async sendFriendRequest(botUsername: string, toUserId: number): Promise<void> {
    await this.call("POST", "/friend-requests", { botUsername, toUserId });
  }

  async deliver(botUsername: string, toUserId: number, items: BotItemLine[], orderId: string): Promise<void> {
    await this.call("POST", `/bots/${encodeURIComponent(botUsername)}/deliveries`, {
      toUserId,
      items,
      orderId,
    });
  }
}
