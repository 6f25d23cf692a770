import type { ProviderDeps } from "../provider.js";
import { isPublicAddress } from "./address.js";
import { type ResolveHost, resolveHost } from "./resolve.js";

export { isPublicAddress } from "./address.js";
export type { ResolveHost } from "./resolve.js";
export { registerWebhookSandbox, SANDBOX_WEBHOOK_PATH } from "./sandbox.js";

/** What a delivery attempt got back: the receiver's status code (2xx is delivered). */
export interface WebhookResponse {
  status: number;
}

/** Sellers' webhook endpoints as the app reaches them: only public HTTPS hosts, checked again at each delivery. */
export interface WebhookProvider {
  /** Why a URL may not receive webhooks (a sentence for the seller), or null when it may. */
  refusal(url: string): Promise<string | null>;
  /** POSTs the body; throws WebhookRefusedError for a URL that may not be reached and on network failures. */
  post(url: string, headers: Record<string, string>, body: string): Promise<WebhookResponse>;
}

export class WebhookRefusedError extends Error {}

const DELIVERY_TIMEOUT_MS = 10_000;

/**
 * The real sender. A host is resolved and every address it resolves to must be public (no SSRF into this machine
 * or its network); in sandbox mode the app's own receiver under /__sandbox is allowed too, and reached in-process.
 * Redirects are not followed: a 3xx is a failed delivery, so a public host cannot bounce us to a private one.
 * Tests pass their own `resolve` to stand in for DNS.
 */
export function createWebhookProvider(
  { config, fetch }: ProviderDeps,
  resolve: ResolveHost = resolveHost,
): WebhookProvider {
  const sandboxReceiver = config.sandbox ? `${config.publicUrl}/__sandbox/webhooks/` : null;

  async function refusal(raw: string): Promise<string | null> {
    if (sandboxReceiver && raw.startsWith(sandboxReceiver)) return null;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return "Enter a valid URL";
    }
    if (url.protocol !== "https:") return "The webhook URL must use https://";
    if (url.username || url.password) return "The webhook URL must not contain a user name or password";
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    let addresses: string[];
    try {
      addresses = await resolve(host);
    } catch {
      return `The host ${host} could not be resolved`;
    }
    if (addresses.length === 0 || !addresses.every(isPublicAddress))
      return "The webhook URL must point to a public internet host (private and local addresses are refused)";
    return null;
  }

  return {
    refusal,
    async post(url, headers, body) {
      const refused = await refusal(url);
      if (refused) throw new WebhookRefusedError(refused);
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "Autodrop-Webhooks/1", ...headers },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await res.body?.cancel();
      return { status: res.status };
    },
  };
}
