import type { FastifyInstance } from "fastify";
import { inProcessHeaders } from "../http/request-log.js";

export type HttpFetch = (url: string, init?: RequestInit) => Promise<Response>;

/**
 * The fetch that integration clients use. In sandbox mode, requests to this server's own /__sandbox emulators are
 * dispatched in-process (through Fastify's inject: same routing, headers, bodies and status codes as over the
 * network), so a test app needs no open port; everything else goes over the network as usual.
 */
export function createHttpFetch(app: FastifyInstance, sandboxBase: string | null): HttpFetch {
  return async (url, init = {}) => {
    if (!sandboxBase || !url.startsWith(sandboxBase)) return fetch(url, init);
    const target = new URL(url);
    const headers: Record<string, string> = {};
    new Headers(init.headers).forEach((value, key) => {
      headers[key] = value;
    });
    const res = await app.inject({
      method: (init.method ?? "GET") as "GET",
      url: target.pathname + target.search,
      headers: { ...headers, ...inProcessHeaders() },
      payload: init.body === undefined || init.body === null ? undefined : (init.body as string | Buffer),
    });
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(res.headers)) {
      if (value === undefined) continue;
      responseHeaders.set(key, Array.isArray(value) ? value.join(", ") : String(value));
    }
    const body = res.statusCode === 204 || res.statusCode === 304 ? null : new Uint8Array(res.rawPayload);
    return new Response(body, { status: res.statusCode, headers: responseHeaders });
  };
}
