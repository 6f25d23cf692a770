import type { AppContext } from "../../context.js";
import { type RouteApp, userOf } from "../auth/index.js";

/** Proxies close idle connections after about a minute; a comment line well before that keeps the stream open. */
const SSE_HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: Server-Sent Events for the signed-in seller. Each realtime event for that user (published by
 * any instance through LISTEN/NOTIFY) becomes `data: {"type":"inventory"}`; the page refetches that query.
 */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  const open = new Set<() => void>();

  r.get("/api/events", (request, reply) => {
    const user = userOf(request);
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    res.write("retry: 5000\n\n");
    const unsubscribe = ctx.events.subscribe(user.id, (event) => {
      res.write(`data: ${JSON.stringify({ type: event.type })}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), SSE_HEARTBEAT_MS);
    const close = () => {
      if (!open.delete(close)) return;
      clearInterval(heartbeat);
      unsubscribe();
      res.end();
    };
    open.add(close);
    res.on("close", close);
  });

  // Open streams would otherwise keep app.close() (shutdown, tests) waiting for every browser to leave.
  r.addHook("preClose", async () => {
    for (const close of [...open]) close();
  });
}
