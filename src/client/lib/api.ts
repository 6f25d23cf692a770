import type { Endpoint, EndpointInput, EndpointOutput } from "@contract/endpoint";
import { endpointUrl } from "@contract/endpoint";

/** A non-OK HTTP answer. The message is `${status}: ${response text or status text}` (spec 000 §8). */
export class ApiError extends Error {
  readonly status: number;
  /** The server's `error` field when the body is JSON, else the body text (or the status text). */
  readonly detail: string;

  constructor(status: number, text: string) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    this.detail = errorField(text) ?? text;
  }
}

function errorField(text: string): string | null {
  try {
    const body = JSON.parse(text) as { error?: unknown };
    return typeof body?.error === "string" ? body.error : null;
  } catch {
    return null;
  }
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => "")) || res.statusText;
  throw new ApiError(res.status, text);
}

/**
 * A 200 answer that does not match the endpoint's response schema: client and server disagree about the contract
 * (an old page against a newer server, or a bug), which no user input can fix.
 */
export class ApiContractError extends Error {
  constructor(endpoint: EndpointRoute, issues: string) {
    super(`Unexpected answer from ${endpoint.method} ${endpoint.path}: ${issues}`);
    this.name = "ApiContractError";
  }
}

/** What a call needs of its endpoint: the method and the path, not the schemas. */
type EndpointRoute = Pick<Endpoint, "method" | "path">;

interface ApiOptions {
  signal?: AbortSignal;
}

type ApiArgs<E extends Endpoint> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: ApiOptions]
    : [input: EndpointInput<E>, options?: ApiOptions];

/** Sends the call with the session cookie: the URL from the path parameters and query, the body as JSON. */
async function send(
  endpoint: EndpointRoute,
  input: unknown,
  options: ApiOptions | undefined,
): Promise<Response> {
  const { body } = (input ?? {}) as { body?: unknown };
  const res = await fetch(endpointUrl(endpoint as Endpoint, (input ?? {}) as never), {
    method: endpoint.method,
    headers: body === undefined ? {} : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
    signal: options?.signal,
  });
  await throwIfNotOk(res);
  return res;
}

async function readJson(endpoint: EndpointRoute, res: Response): Promise<unknown> {
  const text = await res.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    throw new ApiContractError(endpoint, "the answer is not JSON");
  }
}

/**
 * Calls an endpoint of the contract with the session cookie: builds its URL from the path parameters and query,
 * sends the body as JSON and parses the answer with the endpoint's response schema. A non-OK answer throws an
 * ApiError, an answer the schema refuses an ApiContractError. The production build's endpoints carry a pass-through
 * instead of their schemas (the server has serialised the answer through them, decision 064); development and the
 * tests parse.
 */
export async function api<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: ApiArgs<E>
): Promise<EndpointOutput<E>> {
  const res = await send(endpoint, input, options);
  if (!endpoint.response)
    throw new Error(`${endpoint.method} ${endpoint.path} answers no JSON; link to its URL`);
  const parsed = endpoint.response.safeParse(await readJson(endpoint, res));
  if (!parsed.success) {
    const issues = parsed.error.issues
      .map((i) => `${i.path.join(".") || "(answer)"}: ${i.message}`)
      .join("; ");
    throw new ApiContractError(endpoint, issues);
  }
  return parsed.data as EndpointOutput<E>;
}

/**
 * `api()` for a page whose bundle must not carry zod (the buyer's claim page, decision 060): of the endpoint it reads
 * only the method and path (the claim page passes routes typed as endpoints, lib/claim-endpoints), and the JSON
 * answer is trusted rather than parsed with the schema. A non-OK answer still throws an ApiError.
 */
export async function apiUnchecked<E extends Endpoint>(
  endpoint: E,
  ...[input, options]: ApiArgs<E>
): Promise<EndpointOutput<E>> {
  return (await readJson(endpoint, await send(endpoint, input, options))) as EndpointOutput<E>;
}
