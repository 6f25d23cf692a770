import type { FastifyRequest } from "fastify";
import { stdSerializers } from "pino";

/** Headers that carry credentials (pino redact paths, on the request and response as Fastify logs them). */
export const LOG_REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
];

const REDACTED = "[redacted]";

/**
 * Paths whose segments are secrets: a claim's authKey, and an order id with the buyer's e-mail (together they open
 * the claim), in the claim API, in the claim page's own address (the link a buyer opens) and in the public API's
 * per-order routes. The captured groups are kept; the rest of the match is replaced.
 */
const SECRET_PATHS: RegExp[] = [
  /^(\/api\/orders\/(?:claim|private-server)-api\/)[^/?]+/,
  /^(\/api\/orders\/(?:claim|private-server)\/)(?!lock-username|reset-username|validate-username)[^/?]+\/[^/?]+/,
  /^(\/claim\/)[^/?]+(?:\/[^/?]+)?/,
  /^(\/api\/v1\/(?:check-status|cancel-order)\/)[^/?]+/,
];

/** Query parameters that carry secrets: Shopify's OAuth code, state and hmac, keys, tokens, signatures, e-mails. */
const SECRET_QUERY =
  /^(code|state|hmac|signature|verify_hash|token|key|api_key|authkey|auth_key|email|session)$/i;

/** A URL fit for a log line: secret path segments and query values replaced with "[redacted]". */
export function redactUrl(url: string): string {
  const [pathPart, query] = splitOnce(url, "?");
  let path = pathPart;
  for (const pattern of SECRET_PATHS) {
    path = path.replace(pattern, (whole, kept: string) => {
      const hidden = whole
        .slice(kept.length)
        .split("/")
        .map(() => REDACTED);
      return kept + hidden.join("/");
    });
  }
  if (query === undefined) return path;
  const params = query.split("&").map((pair) => {
    const [key] = splitOnce(pair, "=");
    return SECRET_QUERY.test(safeDecode(key)) ? `${key}=${REDACTED}` : pair;
  });
  return `${path}?${params.join("&")}`;
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A failed query's message names its parameters (Drizzle: "params: a,b"); they may be e-mails or keys. */
function redactQueryParams(text: string): string {
  return text.replace(/^params: .*$/gm, `params: ${REDACTED}`);
}

type SerializedError = ReturnType<typeof stdSerializers.err>;

function redactError<T extends Record<string, unknown>>(serialized: T): T {
  const out = { ...serialized };
  const text = out as Record<string, unknown>;
  delete text.params;
  delete text.parameters;
  // PostgreSQL's detail quotes the row's values ("Key (email)=(…) already exists").
  delete text.detail;
  if (typeof text.message === "string") text.message = redactQueryParams(text.message);
  if (typeof text.stack === "string") text.stack = redactQueryParams(text.stack);
  if (out.cause && typeof out.cause === "object")
    (out as Record<string, unknown>).cause = redactError(out.cause as Record<string, unknown>);
  return out;
}

/** pino serializers: the request as Fastify logs it, with its URL redacted, and errors without query parameters. */
export const LOG_SERIALIZERS = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err(err: Error) {
    return redactError<SerializedError>(stdSerializers.err(err));
  },
};
