import { authEndpoints } from "@contract/endpoints/auth";
import { botsEndpoints } from "@contract/endpoints/bots";
import { dashboardEndpoints } from "@contract/endpoints/dashboard";
import { LIVE_EVENT_TYPES, type LiveEventType } from "@contract/endpoints/events";
import { inventoryEndpoints } from "@contract/endpoints/inventory";
import { itemsEndpoints } from "@contract/endpoints/items";
import { listingsEndpoints } from "@contract/endpoints/listings";
import { ordersEndpoints } from "@contract/endpoints/orders";
import { statsEndpoints } from "@contract/endpoints/stats";
import { withdrawalsEndpoints } from "@contract/endpoints/withdrawals";
import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { invalidateForLiveEvents, matchesLiveEvent, parseLiveEvent, refetchedBy } from "./live-updates";
import { queryKeyOf } from "./queries";

const KEYS = [
  queryKeyOf(inventoryEndpoints.list),
  queryKeyOf(ordersEndpoints.list, { query: { limit: 50 } }),
  queryKeyOf(statsEndpoints.stats),
  queryKeyOf(dashboardEndpoints.dashboard, { query: { period: "7d" } }),
  queryKeyOf(dashboardEndpoints.dashboard, { query: { period: "30d" } }),
  queryKeyOf(dashboardEndpoints.analytics, { query: { period: "7d" } }),
  queryKeyOf(botsEndpoints.sellerBots),
  queryKeyOf(listingsEndpoints.list),
  queryKeyOf(withdrawalsEndpoints.pending),
  queryKeyOf(authEndpoints.me),
  queryKeyOf(itemsEndpoints.list),
];

/** The invalidated queries, as "path period" (the dashboard's and analytics' keys carry the period). */
async function invalidatedBy(type: LiveEventType): Promise<string[]> {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(key, { seeded: true });
  await invalidateForLiveEvents(client, [type]);
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => {
      const input = q.queryKey[1] as { query?: { period?: string } } | undefined;
      return [q.queryKey[0], input?.query?.period].filter(Boolean).join(" ");
    })
    .sort();
}

describe("live updates", () => {
  it.each<[LiveEventType, string[]]>([
    ["inventory", ["/api/inventory"]],
    ["orders", ["/api/analytics 7d", "/api/dashboard 30d", "/api/dashboard 7d", "/api/orders", "/api/stats"]],
    ["bots", ["/api/bots/user"]],
    ["listings", ["/api/listings"]],
    ["withdrawals", ["/api/withdrawals/pending"]],
    ["user", ["/api/auth/me"]],
  ])("a %s event invalidates exactly its queries", async (type, expected) => {
    expect(await invalidatedBy(type)).toEqual(expected);
  });

  it("matches on the endpoint's path in the first key element only", () => {
    expect(matchesLiveEvent("orders", ["/api/orders", { query: { limit: 50 } }])).toBe(true);
    expect(matchesLiveEvent("orders", ["/api/ordersx"])).toBe(false);
    expect(matchesLiveEvent("inventory", [42])).toBe(false);
  });

  it("parses message bodies and ignores anything else", () => {
    expect(parseLiveEvent('{"type":"orders"}')).toBe("orders");
    expect(parseLiveEvent('{"type":"unknown"}')).toBeNull();
    expect(parseLiveEvent("not json")).toBeNull();
    expect(parseLiveEvent("null")).toBeNull();
    expect(parseLiveEvent(undefined)).toBeNull();
  });

  it("refetches one event's queries, everything on a resync, nothing for junk", () => {
    expect(refetchedBy('{"type":"orders"}')).toEqual(["orders"]);
    expect(refetchedBy('{"type":"resync"}')).toEqual(LIVE_EVENT_TYPES);
    expect(refetchedBy('{"type":"session-revoked"}')).toEqual([]);
    expect(refetchedBy("not json")).toEqual([]);
  });
});
