import { describe, expect, it } from "vitest";
import { LaneBatcher, laneOf } from "./lane-batcher.js";

interface Req {
  key: string;
  n: number;
}

/** A batcher whose batches finish when the test says so, recording what ran together and what overlapped. */
function harness(options: { splitAt?: number; maxBatch?: number; fail?: (r: Req) => boolean } = {}) {
  const batches: Req[][] = [];
  const pending: (() => void)[] = [];
  let running = 0;
  let maxRunning = 0;
  const overlaps: Req[] = [];
  const runningKeys = new Map<string, number>();
  const batcher = new LaneBatcher<Req, string>({
    laneKey: (r) => r.key,
    splitAt: options.splitAt ?? 4,
    maxBatch: options.maxBatch,
    runBatch: async (requests) => {
      batches.push(requests);
      running++;
      maxRunning = Math.max(maxRunning, running);
      // No key may be in two running batches (recorded, since a throw here would only make the batcher retry).
      for (const r of requests) if (runningKeys.get(r.key)) overlaps.push(r);
      for (const r of requests) runningKeys.set(r.key, 1);
      await new Promise<void>((resolve) => pending.push(resolve));
      running--;
      for (const r of requests) runningKeys.set(r.key, 0);
      if (requests.some((r) => options.fail?.(r))) throw new Error("batch failed");
      return requests.map((r) => `${r.key}#${r.n}`);
    },
    runOne: async (r) => {
      if (options.fail?.(r)) throw new Error(`poison ${r.n}`);
      return `${r.key}#${r.n} alone`;
    },
  });
  const tick = () => new Promise((r) => setImmediate(r));
  /** Finishes every running batch and waits for the next ones to start. */
  const finishRunning = async () => {
    for (const done of pending.splice(0)) done();
    await tick();
    await tick();
  };
  return { batcher, batches, overlaps, tick, finishRunning, maxRunning: () => maxRunning };
}

/** Two keys known to fall in different lanes of two. */
const [A, B] = (() => {
  const keys = Array.from({ length: 20 }, (_, i) => `shop-${i}.myshopify.com`);
  const a = keys.find((k) => laneOf(k, 2) === 0)!;
  return [a, keys.find((k) => laneOf(k, 2) === 1)!];
})();

describe("LaneBatcher", () => {
  it("spreads keys over the lanes, each key always to the same lane", () => {
    const keys = Array.from({ length: 1000 }, (_, i) => `store-${i}.myshopify.com`);
    const lanes = keys.map((k) => laneOf(k, 2));
    expect(lanes.filter((l) => l === 0).length).toBeGreaterThan(400);
    expect(lanes.filter((l) => l === 1).length).toBeGreaterThan(400);
    expect(keys.map((k) => laneOf(k, 2))).toEqual(lanes);
  });

  it("runs a short backlog as one batch across every key, one batch at a time", async () => {
    const h = harness({ splitAt: 4 });
    const first = h.batcher.submit({ key: A, n: 1 });
    await h.tick();
    const more = [h.batcher.submit({ key: B, n: 2 }), h.batcher.submit({ key: A, n: 3 })];
    await h.tick();
    expect(h.batches).toEqual([[{ key: A, n: 1 }]]);
    await h.finishRunning();
    expect(h.batches[1]).toEqual([
      { key: B, n: 2 },
      { key: A, n: 3 },
    ]);
    await h.finishRunning();
    expect(await Promise.all([first, ...more])).toEqual([`${A}#1`, `${B}#2`, `${A}#3`]);
    expect(h.maxRunning()).toBe(1);
  });

  it("splits a backlog into lanes that run side by side and keeps each key's order", async () => {
    const h = harness({ splitAt: 4 });
    const results: string[] = [];
    const submit = (key: string, n: number) => h.batcher.submit({ key, n }).then((r) => results.push(r));
    const all = [submit(A, 0)];
    await h.tick();
    // A backlog builds up while the first batch runs.
    for (let n = 1; n <= 6; n++) all.push(submit(n % 2 ? A : B, n));
    await h.finishRunning();
    expect(h.batches.slice(1)).toEqual([
      [
        { key: A, n: 1 },
        { key: A, n: 3 },
        { key: A, n: 5 },
      ],
      [
        { key: B, n: 2 },
        { key: B, n: 4 },
        { key: B, n: 6 },
      ],
    ]);
    expect(h.maxRunning()).toBe(2);
    // While lane B still runs, lane A takes what arrived for it; B's new request waits for B.
    all.push(submit(A, 7), submit(B, 8));
    await h.tick();
    await h.tick();
    expect(h.batches).toHaveLength(3);
    await h.finishRunning();
    await h.finishRunning();
    await Promise.all(all);
    const order = (key: string) =>
      results.filter((r) => r.startsWith(key)).map((r) => Number(r.split("#")[1]));
    expect(order(A)).toEqual([0, 1, 3, 5, 7]);
    expect(order(B)).toEqual([2, 4, 6, 8]);
    expect(results.some((r) => r.endsWith("alone"))).toBe(false);
    expect(h.overlaps).toEqual([]);
    expect(h.maxRunning()).toBe(2);
  });

  it("takes at most maxBatch requests into a batch", async () => {
    const h = harness({ splitAt: 100, maxBatch: 3 });
    const all = Array.from({ length: 7 }, (_, n) => h.batcher.submit({ key: A, n }));
    await h.tick();
    expect(h.batches.map((b) => b.length)).toEqual([3]);
    await h.finishRunning();
    await h.finishRunning();
    await h.finishRunning();
    expect(h.batches.map((b) => b.length)).toEqual([3, 3, 1]);
    expect(await Promise.all(all)).toHaveLength(7);
  });

  it("retries a failed batch one request at a time, so a poison request fails alone", async () => {
    const h = harness({ fail: (r) => r.n === 2 });
    const all = [1, 2, 3].map((n) => h.batcher.submit({ key: A, n }).catch((e: Error) => e.message));
    await h.tick();
    await h.finishRunning();
    expect(await Promise.all(all)).toEqual([`${A}#1 alone`, "poison 2", `${A}#3 alone`]);
  });
});
