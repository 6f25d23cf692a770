import { describe, expect, it } from "vitest";
import { packEvents, type UserEvent } from "./bus.js";

describe("packEvents", () => {
  it("packs events into JSON arrays that each fit a NOTIFY payload, losing none and keeping their order", () => {
    const events: UserEvent[] = Array.from({ length: 500 }, (_, i) => ({
      userId: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      type: i % 2 ? "orders" : "inventory",
    }));
    const payloads = packEvents(events);
    expect(payloads.length).toBeGreaterThan(1);
    for (const p of payloads) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    expect(payloads.flatMap((p) => JSON.parse(p) as UserEvent[])).toEqual(events);
  });

  it("sends a few events as one notification", () => {
    const events: UserEvent[] = [
      { userId: "a", type: "orders" },
      { userId: "b", type: "listings" },
    ];
    expect(packEvents(events)).toEqual([JSON.stringify(events)]);
  });
});
