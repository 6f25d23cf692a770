import { defineEndpoint } from "../endpoint.js";

/** What a seller's open pages refetch when the server says it changed (`data: {"type": ...}` on the stream). */
export const LIVE_EVENT_TYPES = ["inventory", "orders", "bots", "listings", "withdrawals", "user"] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

/** Sent instead of an event type when events may have been missed: the page refetches everything. */
export const LIVE_EVENT_RESYNC = "resync";

export const eventsEndpoints = {
  /** Server-Sent Events for the signed-in seller: an EventSource's URL, not a JSON call. */
  stream: defineEndpoint({ method: "GET", path: "/api/events", response: null }),
};
