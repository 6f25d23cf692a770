import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

declare module "fastify" {
  interface FastifyContextConfig {
    /** False for a route read only by machines that ignore them (Shopify's webhooks read only the status). */
    securityHeaders?: boolean;
  }
}

/** The headers helmet's middleware sets for `options`: static options give the same ones on every request. */
function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * helmet's security headers on every response, worked out once: @fastify/helmet built helmet's middleware (parsing
 * the Content-Security-Policy again) in two hooks per request, a few percent of the server's CPU under load. A
 * route's handler may still set its own value of one of them.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: HelmetOptions): void {
  const headers = helmetHeaders(options);
  app.addHook("onRequest", (request, reply, done) => {
    if (request.routeOptions.config.securityHeaders !== false)
      for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
