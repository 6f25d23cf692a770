import { type Query, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

/** The event types the server publishes on /api/events (src/server/events/bus.ts). */
export const LIVE_EVENT_TYPES = ["inventory", "orders", "bots", "listings", "withdrawals", "user"] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

const EVENTS_URL = "/api/events";
const RECONNECT_MIN_MS = 5_000;
const RECONNECT_MAX_MS = 300_000;

/** The queries each event makes stale: a query matches on its first key element (the URL). */
const TARGETS: Record<LiveEventType, { keys: readonly string[]; prefixes?: readonly string[] }> = {
  inventory: { keys: ["/api/inventory"] },
  orders: { keys: ["/api/orders", "/api/stats"], prefixes: ["/api/dashboard", "/api/analytics"] },
  bots: { keys: ["/api/bots/user"] },
  listings: { keys: ["/api/listings"] },
  withdrawals: { keys: ["/api/withdrawals/pending"] },
  user: { keys: ["/api/auth/me"] },
};

function isLiveEventType(value: unknown): value is LiveEventType {
  return LIVE_EVENT_TYPES.includes(value as LiveEventType);
}

export function matchesLiveEvent(type: LiveEventType, queryKey: readonly unknown[]): boolean {
  const url = queryKey[0];
  if (typeof url !== "string") return false;
  const { keys, prefixes = [] } = TARGETS[type];
  return keys.includes(url) || prefixes.some((prefix) => url.startsWith(prefix));
}

export function invalidateForLiveEvents(
  queryClient: QueryClient,
  types: readonly LiveEventType[],
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query: Query) => types.some((type) => matchesLiveEvent(type, query.queryKey)),
  });
}

/**
 * The server's "events may have been missed" message (its realtime listener reconnected to the database): the page
 * refetches everything, as after a reconnection of its own.
 */
const RESYNC = "resync";

/** Reads one SSE message body ({"type": ...}); anything else is ignored. */
export function parseLiveEvent(data: unknown): LiveEventType | typeof RESYNC | null {
  if (typeof data !== "string") return null;
  try {
    const body = JSON.parse(data) as { type?: unknown } | null;
    if (body?.type === RESYNC) return RESYNC;
    return isLiveEventType(body?.type) ? body.type : null;
  } catch {
    return null;
  }
}

/** The event types whose queries one SSE message makes stale. */
export function refetchedBy(data: unknown): readonly LiveEventType[] {
  const type = parseLiveEvent(data);
  if (type === RESYNC) return LIVE_EVENT_TYPES;
  return type ? [type] : [];
}

/**
 * While signed in, listens to the server's event stream and refetches what changed. The browser reconnects a
 * dropped stream by itself; when the server refuses it (or the endpoint does not exist) we retry with backoff.
 * After a reconnection everything is refetched, since events may have been missed meanwhile.
 */
export function useLiveUpdates(enabled: boolean): void {
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!enabled || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let connectedBefore = false;

    const connect = () => {
      source = new EventSource(EVENTS_URL, { withCredentials: true });
      source.onopen = () => {
        failures = 0;
        if (connectedBefore) void invalidateForLiveEvents(queryClient, LIVE_EVENT_TYPES);
        connectedBefore = true;
      };
      source.onmessage = (event: MessageEvent) => {
        const types = refetchedBy(event.data);
        if (types.length > 0) void invalidateForLiveEvents(queryClient, types);
      };
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source = null;
        const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_MIN_MS * 2 ** failures);
        failures += 1;
        retryTimer = setTimeout(connect, delay);
      };
    };

    connect();
    return () => {
      clearTimeout(retryTimer);
      source?.close();
    };
  }, [enabled, queryClient]);
}
