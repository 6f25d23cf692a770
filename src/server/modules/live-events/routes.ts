import { eventsEndpoints, LIVE_EVENT_RESYNC } from "../../../contract/endpoints/events.js";
import type { AppContext } from "../../context.js";
import { routeOf } from "../../http/endpoint-route.js";
import type { StreamEvent } from "../../realtime/bus.js";
import { type RouteApp, sessionHashOf, sessionIsLive, userOf } from "../auth/index.js";

/** Proxies close idle connections after about a minute; a comment line well before that keeps the stream open. */
const SSE_HEARTBEAT_MS = 25_000;

/**
 * GET /api/events: Server-Sent Events for the signed-in seller. Each realtime event for that user (published by
 * any instance through LISTEN/NOTIFY) becomes `data: {"type":"inventory"}`; the page refetches that query.
 * `{"type":"resync"}` says events may have been missed (this instance's listener reconnected): refetch everything.
 * The stream ends when its session is revoked (logout on any instance).
 */
export function sellerRoutes(r: RouteApp, ctx: AppContext): void {
  const open = new Set<() => void>();

  r.route({
    ...routeOf(eventsEndpoints.stream),
    handler: (request, reply) => {
      const user = userOf(request);
      const sessionHash = sessionHashOf(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-cache, no-transform",
        connection: "keep-alive",
        "x-accel-buffering": "no",
      });
      res.write("retry: 5000\n\n");
      const send = (type: string) => {
        if (open.has(close)) res.write(`data: ${JSON.stringify({ type })}\n\n`);
      };
      const onEvent = (event: StreamEvent) => {
        if (event.type === "session-revoked") {
          if (event.sessionHash === sessionHash) close();
        } else if (event.type === "resync" && sessionHash) {
          // The missed events may include this session's revocation.
          sessionIsLive(ctx, sessionHash).then(
            (live) => (live ? send(LIVE_EVENT_RESYNC) : close()),
            () => send(LIVE_EVENT_RESYNC),
          );
        } else send(event.type);
      };
      const unsubscribe = ctx.events.subscribe(user.id, onEvent);
      const heartbeat = setInterval(() => res.write(": heartbeat\n\n"), SSE_HEARTBEAT_MS);
      const close = () => {
        if (!open.delete(close)) return;
        clearInterval(heartbeat);
        unsubscribe();
        res.end();
      };
      open.add(close);
      res.on("close", close);
    },
  });

  // Open streams would otherwise keep app.close() (shutdown, tests) waiting for every browser to leave.
  r.addHook("preClose", async () => {
    for (const close of [...open]) close();
  });
}
