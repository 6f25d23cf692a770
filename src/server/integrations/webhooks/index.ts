import { fetch as undiciFetch } from "undici";
import type { ProviderDeps } from "../provider.js";
import {
  publicAddresses,
  publicOnlyDispatcher,
  type ResolveHost,
  resolveHost,
  WebhookRefusedError,
} from "./guard.js";

export { type ResolveHost, WebhookRefusedError } from "./guard.js";
export { registerWebhookSandbox } from "./sandbox.js";

/** What a delivery attempt got back: the receiver's status code (2xx is delivered). */
interface WebhookResponse {
  status: number;
}

/** Sellers' webhook endpoints as the app reaches them: only public HTTPS hosts, checked again at each delivery. */
export interface WebhookProvider {
  /** Why a URL may not receive webhooks (a sentence for the seller), or null when it may. */
  refusal(url: string): Promise<string | null>;
  /** POSTs the body; throws WebhookRefusedError for a URL that may not be reached and on network failures. */
  post(url: string, headers: Record<string, string>, body: string): Promise<WebhookResponse>;
}

const DELIVERY_TIMEOUT_MS = 10_000;

/** The sandbox receiver's address below PUBLIC_URL: one path segment, any name (docs/sandbox.md). */
const RECEIVER_PATH = /^\/__sandbox\/webhooks\/[A-Za-z0-9_~-][A-Za-z0-9._~-]*$/;

/**
 * Whether a URL is exactly an address of the sandbox's own webhook receiver. The URL must already be in its
 * normalised form (the parser would resolve "/../" and "%2e%2e" segments, so a URL that passes a prefix check
 * could reach another emulator's route) and must carry no credentials, query or fragment.
 */
function isReceiverUrl(publicUrl: string, raw: string): boolean {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return false;
  }
  return (
    url.href === raw &&
    url.origin === new URL(publicUrl).origin &&
    RECEIVER_PATH.test(url.pathname) &&
    !url.username &&
    !url.password &&
    !url.search &&
    !url.hash
  );
}

/** A delivery's request, in terms both fetches (the injected one and undici's) accept. */
interface PostInit {
  method: "POST";
  headers: Record<string, string>;
  body: string;
  redirect: "manual";
  signal: AbortSignal;
}

/**
 * The real sender. A host is resolved and every address it resolves to must be public (no SSRF into this machine
 * or its network), when the URL is checked and again when the delivery connects: the connection goes only to the
 * addresses that check passed, so a host cannot answer the check with a public address and the connection with a
 * private one. In sandbox mode the app's own receiver under /__sandbox is allowed too, and reached in-process.
 * Redirects are not followed: a 3xx is a failed delivery, so a public host cannot bounce us to a private one.
 * Tests pass their own `resolve` to stand in for DNS.
 */
export function createWebhookProvider(
  { config, fetch }: ProviderDeps,
  resolve: ResolveHost = resolveHost,
): WebhookProvider {
  const isSandboxReceiver = (url: string) => config.sandbox && isReceiverUrl(config.publicUrl, url);
  const dispatcher = publicOnlyDispatcher(resolve);

  async function refusal(raw: string): Promise<string | null> {
    if (isSandboxReceiver(raw)) return null;
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return "Enter a valid URL";
    }
    if (url.protocol !== "https:") return "The webhook URL must use https://";
    if (url.username || url.password) return "The webhook URL must not contain a user name or password";
    const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
    try {
      await publicAddresses(resolve, host);
    } catch (err) {
      return err instanceof WebhookRefusedError ? err.message : `The host ${host} could not be resolved`;
    }
    return null;
  }

  /**
   * Over the network through the dispatcher, with undici's own fetch: Node's built-in fetch bundles another undici,
   * which need not drive this one's Agent. A refused connection comes back as fetch's TypeError, the refusal its cause.
   */
  async function deliver(url: string, init: PostInit) {
    try {
      return await undiciFetch(url, { ...init, dispatcher });
    } catch (err) {
      throw err instanceof TypeError && err.cause instanceof WebhookRefusedError ? err.cause : err;
    }
  }

  return {
    refusal,
    async post(url, headers, body) {
      const refused = await refusal(url);
      if (refused) throw new WebhookRefusedError(refused);
      const init: PostInit = {
        method: "POST",
        headers: { "content-type": "application/json", "user-agent": "Autodrop-Webhooks/1", ...headers },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      };
      const res = isSandboxReceiver(url) ? await fetch(url, init) : await deliver(url, init);
      await res.body?.cancel();
      return { status: res.status };
    },
  };
}
