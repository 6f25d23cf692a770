import type { FastifyInstance, FastifyRequest } from "fastify";
import { forbidden } from "./errors.js";

const UNSAFE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** What a request says about the page that sent it, as browsers send it. */
interface RequestSource {
  method: string;
  /** Whether the request carries cookies: the app's only ones are its session and login cookies. */
  hasCookies: boolean;
  origin?: string;
  secFetchSite?: string;
  referer?: string;
  /** The origin the request was addressed to (its scheme and Host), e.g. the dev server's or 127.0.0.1's. */
  requestOrigin: () => string;
}

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a browser's unsafe request that carries our cookies came from one of our own pages: the page's origin
 * must be PUBLIC_URL's or the one the request was addressed to (the same page, reached as 127.0.0.1 or through the
 * dev server's proxy). A page of another origin cannot make its browser send our cookies with a request whose
 * Origin is ours. Browsers send Origin with every unsafe request, but "null" for a form posted from a page whose
 * referrer policy is no-referrer (helmet's, on the sandbox's pages) or from a sandboxed frame: then Sec-Fetch-Site,
 * which no page can set, decides. Older browsers may send only Sec-Fetch-Site or a Referer; a request with none of
 * them is not a browser's (curl, a bot, a test) and has no cookies it did not choose to send. Requests without cookies (API and bot keys, signed webhooks, provider callbacks, the buyer's
 * claim) lend a forger no authority and pass.
 */
function isSameOriginRequest(source: RequestSource, publicUrl: string): boolean {
  if (!UNSAFE_METHODS.has(source.method) || !source.hasCookies) return true;
  const own = new Set([originOf(publicUrl), source.requestOrigin()]);
  if (source.origin !== undefined && source.origin !== "null") return own.has(source.origin);
  if (source.secFetchSite !== undefined)
    return source.secFetchSite === "same-origin" || source.secFetchSite === "none";
  if (source.referer !== undefined) return own.has(originOf(source.referer));
  return source.origin === undefined;
}

const header = (request: FastifyRequest, name: string): string | undefined => {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The defences against requests another site's page makes the browser send. Every cookie-carrying unsafe request
 * from another origin is refused with a 403 before anything else looks at it (SameSite=Lax still lets a page on
 * another port of the same host send the session cookie). And no route takes text/plain, the one body type besides
 * forms that a page may post to another origin without asking first: a route without a body schema would take it
 * as an empty body. Forms and other types have no parser either, so every non-JSON body is a 415 (scopes that take
 * forms, the sandbox's pages, add their parser).
 */
export function registerCrossSiteDefences(app: FastifyInstance, publicUrl: string): void {
  app.removeContentTypeParser("text/plain");
  // A callback hook, and the request's own origin worked out only when a cookie makes it matter: this runs for
  // every request, webhooks at ingest rates included.
  app.addHook("onRequest", (request, _reply, done) => {
    const source: RequestSource = {
      method: request.method,
      hasCookies: Boolean(request.headers.cookie),
      origin: header(request, "origin"),
      secFetchSite: header(request, "sec-fetch-site"),
      referer: header(request, "referer"),
      requestOrigin: () => `${request.protocol}://${request.host}`,
    };
    if (!isSameOriginRequest(source, publicUrl))
      done(forbidden("Cross-site request refused: send it from this app's own pages"));
    else done();
  });
}
