import { describe, expect, it } from "vitest";
import { TtlCache } from "./service.js";

describe("TtlCache", () => {
  it("loads once per ttl and again after it", async () => {
    let now = 1_000;
    let loads = 0;
    const cache = new TtlCache(
      300_000,
      async () => ++loads,
      () => now,
    );
    expect(await cache.get()).toBe(1);
    now += 299_999;
    expect(await cache.get()).toBe(1);
    now += 1;
    expect(await cache.get()).toBe(2);
  });

  it("shares one load between concurrent callers", async () => {
    let loads = 0;
    const cache = new TtlCache(1_000, async () => ++loads);
    const [a, b] = await Promise.all([cache.get(), cache.get()]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
  });

  it("forgets a failed load so the next call retries", async () => {
    let fail = true;
    const cache = new TtlCache(60_000, async () => {
      if (fail) throw new Error("down");
      return "ok";
    });
    await expect(cache.get()).rejects.toThrow("down");
    fail = false;
    expect(await cache.get()).toBe("ok");
  });
});
