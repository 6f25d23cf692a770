import { describe, expect, it } from "vitest";
import { RECONNECT_MAX_MS, RECONNECT_MIN_MS, reconnectDelayMs } from "./reconnect.js";

describe("reconnectDelayMs", () => {
  it("starts short and doubles", () => {
    expect([0, 1, 2, 3].map(reconnectDelayMs)).toEqual([250, 500, 1000, 2000]);
    expect(reconnectDelayMs(0)).toBe(RECONNECT_MIN_MS);
  });

  it("never waits longer than the cap, however many attempts failed", () => {
    expect(reconnectDelayMs(7)).toBe(RECONNECT_MAX_MS);
    expect(reconnectDelayMs(1000)).toBe(RECONNECT_MAX_MS);
  });
});
