import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import {
  invalidateForLiveEvents,
  LIVE_EVENT_TYPES,
  type LiveEventType,
  matchesLiveEvent,
  parseLiveEvent,
  refetchedBy,
} from "./live-updates";

const KEYS = [
  ["/api/inventory"],
  ["/api/orders"],
  ["/api/stats"],
  ["/api/dashboard/stats", "7d"],
  ["/api/dashboard/chart"],
  ["/api/analytics", "7d"],
  ["/api/bots/user"],
  ["/api/listings"],
  ["/api/withdrawals/pending"],
  ["/api/auth/me"],
  ["/api/items"],
];

async function invalidatedBy(type: LiveEventType): Promise<string[]> {
  const client = new QueryClient();
  for (const key of KEYS) client.setQueryData(key, { seeded: true });
  await invalidateForLiveEvents(client, [type]);
  return client
    .getQueryCache()
    .getAll()
    .filter((q) => q.state.isInvalidated)
    .map((q) => q.queryKey.join(" "))
    .sort();
}

describe("live updates", () => {
  it.each<[LiveEventType, string[]]>([
    ["inventory", ["/api/inventory"]],
    [
      "orders",
      ["/api/analytics 7d", "/api/dashboard/chart", "/api/dashboard/stats 7d", "/api/orders", "/api/stats"],
    ],
    ["bots", ["/api/bots/user"]],
    ["listings", ["/api/listings"]],
    ["withdrawals", ["/api/withdrawals/pending"]],
    ["user", ["/api/auth/me"]],
  ])("a %s event invalidates exactly its queries", async (type, expected) => {
    expect(await invalidatedBy(type)).toEqual(expected);
  });

  it("matches on the URL in the first key element only", () => {
    expect(matchesLiveEvent("orders", ["/api/orders", { page: 2 }])).toBe(true);
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
