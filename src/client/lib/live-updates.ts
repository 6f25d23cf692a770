import type { Endpoint } from "@contract/endpoint";
import { endpointUrl } from "@contract/endpoint";
import { authEndpoints } from "@contract/endpoints/auth";
import { botsEndpoints } from "@contract/endpoints/bots";
import { dashboardEndpoints } from "@contract/endpoints/dashboard";
import {
  eventsEndpoints,
  LIVE_EVENT_RESYNC,
  LIVE_EVENT_TYPES,
  type LiveEventType,
} from "@contract/endpoints/events";
import { inventoryEndpoints } from "@contract/endpoints/inventory";
import { listingsEndpoints } from "@contract/endpoints/listings";
import { ordersEndpoints } from "@contract/endpoints/orders";
import { statsEndpoints } from "@contract/endpoints/stats";
import { withdrawalsEndpoints } from "@contract/endpoints/withdrawals";
import { type Query, type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

const RECONNECT_MIN_MS = 5_000;
const RECONNECT_MAX_MS = 300_000;

/** The endpoints each event makes stale, whatever their input (a query key starts with its endpoint's path). */
const TARGETS: Record<LiveEventType, readonly Endpoint[]> = {
  inventory: [inventoryEndpoints.list],
  orders: [
    ordersEndpoints.list,
    statsEndpoints.stats,
    dashboardEndpoints.dashboard,
    dashboardEndpoints.analytics,
  ],
  bots: [botsEndpoints.sellerBots],
  listings: [listingsEndpoints.list],
  withdrawals: [withdrawalsEndpoints.pending],
  user: [authEndpoints.me],
};

function isLiveEventType(value: unknown): value is LiveEventType {
  return LIVE_EVENT_TYPES.includes(value as LiveEventType);
}

export function matchesLiveEvent(type: LiveEventType, queryKey: readonly unknown[]): boolean {
  const path = queryKey[0];
  return TARGETS[type].some((endpoint) => endpoint.path === path);
}

export function invalidateForLiveEvents(
  queryClient: QueryClient,
  types: readonly LiveEventType[],
): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query: Query) => types.some((type) => matchesLiveEvent(type, query.queryKey)),
  });
}

/** Reads one SSE message body ({"type": ...}); anything else is ignored. */
export function parseLiveEvent(data: unknown): LiveEventType | typeof LIVE_EVENT_RESYNC | null {
  if (typeof data !== "string") return null;
  try {
    const body = JSON.parse(data) as { type?: unknown } | null;
    // Events may have been missed (the server's realtime listener reconnected): refetch everything.
    if (body?.type === LIVE_EVENT_RESYNC) return LIVE_EVENT_RESYNC;
    return isLiveEventType(body?.type) ? body.type : null;
  } catch {
    return null;
  }
}

/** The event types whose queries one SSE message makes stale. */
export function refetchedBy(data: unknown): readonly LiveEventType[] {
  const type = parseLiveEvent(data);
  if (type === LIVE_EVENT_RESYNC) return LIVE_EVENT_TYPES;
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
      source = new EventSource(endpointUrl(eventsEndpoints.stream, {}), { withCredentials: true });
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
