import { z } from "zod";
import { parseDiscordWebhookUrl } from "../../../contract/notifications.js";
import type { HttpFetch } from "../fetch.js";

/** Discord's execute-webhook body (the fields we use). */
export interface DiscordEmbedField {
  name: string;
  value: string;
  inline?: boolean;
}

export interface DiscordEmbed {
  title?: string;
  description?: string;
  color?: number;
  fields?: DiscordEmbedField[];
  footer?: { text: string };
  timestamp?: string;
}

export interface DiscordMessage {
  content?: string;
  username?: string;
  embeds?: DiscordEmbed[];
  allowed_mentions: { parse: ("everyone" | "roles" | "users")[] };
}

/** Discord answered 429: try again after retryAfterSeconds (Discord's retry_after, fractional seconds). */
export class DiscordRateLimitError extends Error {
  constructor(
    readonly retryAfterSeconds: number,
    readonly global: boolean,
  ) {
    super(`Discord rate limited the webhook; retry after ${retryAfterSeconds}s`);
  }
}

/** Any other refusal. retryable: worth trying again later (5xx); otherwise the webhook is gone or the body bad. */
export class DiscordWebhookError extends Error {
  constructor(
    readonly status: number,
    readonly retryable: boolean,
  ) {
    super(`Discord answered ${status}`);
  }
}

const rateLimitBody = z.object({ retry_after: z.number(), global: z.boolean().optional() });

// Bounds a retry_after we act on: never a busy loop, never a message parked for hours.
/** Pinned: a path without a version gets Discord's default, v6, which is deprecated (docs/integrations.md). */
const DISCORD_API_VERSION = "v10";

const MIN_RETRY_SECONDS = 0.05;
const MAX_RETRY_SECONDS = 3600;

/** The delay a 429 asks for: the body's retry_after, else the Retry-After header, else one second. */
export function retryAfterSeconds(body: unknown, retryAfterHeader: string | null): number {
  const parsed = rateLimitBody.safeParse(body);
  const header = retryAfterHeader === null ? Number.NaN : Number(retryAfterHeader);
  const seconds = parsed.success ? parsed.data.retry_after : Number.isFinite(header) ? header : 1;
  return Math.min(MAX_RETRY_SECONDS, Math.max(MIN_RETRY_SECONDS, seconds));
}

/**
 * Posts messages to Discord webhooks in Discord's wire format. Only Discord webhook URLs are accepted, and the
 * request always goes to `${apiBase}/api/v10/webhooks/{id}/{token}` (discord.com, or the sandbox emulator), never to
 * the host text a seller typed.
 */
export class DiscordClient {
  /**
   * `timeoutMs` bounds a send well inside its job's 30 s expiry: a send still hanging when the job expires would be
   * skipped by the rerun (the delivery is claimed) and the message lost, where a timeout fails it and it is retried.
   */
  constructor(
    private fetch: HttpFetch,
    private apiBase: string,
    private timeoutMs = 10_000,
  ) {}

  async executeWebhook(webhookUrl: string, message: DiscordMessage): Promise<void> {
    const ref = parseDiscordWebhookUrl(webhookUrl);
    if (!ref) throw new DiscordWebhookError(400, false);
    const url = `${this.apiBase}/api/${DISCORD_API_VERSION}/webhooks/${ref.id}/${encodeURIComponent(ref.token)}`;
    const res = await this.fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (res.ok) return;
    if (res.status === 429) {
      const body = await res.json().catch(() => null);
      const global = rateLimitBody.safeParse(body).data?.global ?? false;
      throw new DiscordRateLimitError(retryAfterSeconds(body, res.headers.get("retry-after")), global);
    }
    throw new DiscordWebhookError(res.status, res.status >= 500);
  }
}
