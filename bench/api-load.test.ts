import { describe, expect, it } from "vitest";
import { missing } from "../src/server/db/rows.js";
import { apiOrderRequests } from "./api-load.js";

const sellers = Array.from({ length: 20 }, (_, s) => ({ apiKey: `key-${s}`, codeName: `item_${s}` }));

describe("the API benchmark's orders", () => {
  it("counts the distinct orders of exactly the requests sent, retries excluded", () => {
    const again = apiOrderRequests(sellers, "run", { repeatEvery: 10, repeatLag: 50 });
    const seen = new Set<string>();
    for (let sent = 1; sent <= 1234; sent++) {
      const r = again.next();
      seen.add(`${r.headers.authorization} ${r.headers["idempotency-key"]}`);
      expect(again.distinctOrders(sent)).toBe(seen.size);
    }
    expect(seen.size).toBeLessThan(1234);
  });

  it("repeats an earlier request whole: same seller, key and body", () => {
    const { next } = apiOrderRequests(sellers, "run", { repeatEvery: 10, repeatLag: 50 });
    const sent = Array.from({ length: 400 }, next);
    const byKey = new Map<string, (typeof sent)[number]>();
    let repeats = 0;
    for (const r of sent) {
      const key = r.headers["idempotency-key"] ?? missing("an Idempotency-Key");
      const first = byKey.get(key);
      if (first) {
        repeats++;
        expect(r.headers.authorization).toBe(first.headers.authorization);
        expect(r.body).toBe(first.body);
      } else byKey.set(key, r);
    }
    expect(repeats).toBeGreaterThan(30);
  });
});
