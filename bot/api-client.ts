import type { BotApiBot, BotItemLine, DepositRequest, WorkResponse } from "../src/contract/botapi.js";
import type { Game } from "../src/contract/games.js";

/** A refusal or failure answered by Autodrop (its JSON `{ error }` and the HTTP status). */
export class BotApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }

  /** Worth trying again later: the server was busy or failing, not refusing the request. */
  get retryable(): boolean {
    return this.status === 429 || this.status >= 500;
  }
}

async function errorOf(res: Response): Promise<BotApiError> {
  const text = await res.text();
  let message = text || res.statusText;
  try {
    message = (JSON.parse(text) as { error?: string }).error ?? message;
  } catch {
    // Not JSON (a proxy's error page): keep the text.
  }
  return new BotApiError(res.status, message);
}

/**
 * The Bot API (docs/bot-api.md) as a delivery bot uses it: every call carries `Authorization: Bearer <key>`.
 */
export class BotApiClient {
  private baseUrl: string;

  constructor(
    baseUrl: string,
    private key: string,
    private fetchImpl: typeof fetch = fetch,
  ) {
    this.baseUrl = baseUrl.replace(/\/$/, "");
  }

  /**
   * Asks a sandbox server for a key (POST /__sandbox/bot-keys). Answers null when the server is not a sandbox,
   * where an admin issues keys (Admin Controls, or POST /api/admin/bot-keys).
   */
  static async provisionSandboxKey(
    baseUrl: string,
    name: string,
    fetchImpl: typeof fetch = fetch,
  ): Promise<string | null> {
    const res = await fetchImpl(`${baseUrl.replace(/\/$/, "")}/__sandbox/bot-keys`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name }),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw await errorOf(res);
    return ((await res.json()) as { key: string }).key;
  }

  private async call<T>(method: "GET" | "POST", path: string, body?: object): Promise<T> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${this.key}`,
      accept: "application/json",
    };
    if (body !== undefined) headers["content-type"] = "application/json";
    const res = await this.fetchImpl(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw await errorOf(res);
    return (await res.json()) as T;
  }

  /** GET /api/bot/bots: the bot accounts of a game (assigned ones belong to a seller). */
  bots(game?: Game): Promise<BotApiBot[]> {
    return this.call("GET", `/api/bot/bots${game ? `?game=${encodeURIComponent(game)}` : ""}`);
  }

  /** POST /api/bot/heartbeat: the bot is in game; a turned-on bot becomes online. */
  heartbeat(
    botUsername: string,
  ): Promise<{ botUsername: string; status: string; onlineUntil: string | null }> {
    return this.call("POST", "/api/bot/heartbeat", { botUsername });
  }

  /** GET /api/bot/work: orders to deliver, friend requests to send, partners whose trades are deposits. */
  work(botUsername: string): Promise<WorkResponse> {
    return this.call("GET", `/api/bot/work?botUsername=${encodeURIComponent(botUsername)}`);
  }

  /** POST /api/bot/deposits: a completed in-game trade to credit to the bot's seller. */
  deposit(
    request: DepositRequest,
  ): Promise<{ depositId: string; duplicate: boolean; credited: (BotItemLine & { itemId: string })[] }> {
    return this.call("POST", "/api/bot/deposits", request);
  }

  /** POST /api/bot/friend-requests/{id}/sent */
  friendRequestSent(id: string): Promise<{ success: true }> {
    return this.call("POST", `/api/bot/friend-requests/${encodeURIComponent(id)}/sent`);
  }

  /** POST /api/admin/orders/{orderId}/complete: the items were handed over in game. */
  completeOrder(
    orderId: string,
  ): Promise<{ success: true; order: { id: string; status: "completed"; completedAt: string } }> {
    return this.call("POST", `/api/admin/orders/${encodeURIComponent(orderId)}/complete`, {
      status: "completed",
    });
  }
}
