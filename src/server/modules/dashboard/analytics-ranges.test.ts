import { describe, expect, it } from "vitest";
import { DASHBOARD_PERIODS, DAY_MS, PERIOD_HOURS } from "../../../contract/dashboard.js";
import { changePercent, medianFromBins, profitWindows, seriesRange } from "./analytics-ranges.js";
import { bucketsIn, HOUR_MS } from "./windows.js";

const MIDNIGHT = Date.UTC(2026, 10, 22);
const NOWS = [
  MIDNIGHT,
  MIDNIGHT + 1,
  MIDNIGHT + 37 * 60_000,
  MIDNIGHT + 13 * HOUR_MS + 5,
  MIDNIGHT + DAY_MS - 1,
];

describe("profitWindows", () => {
  for (const now of NOWS)
    for (const period of DASHBOARD_PERIODS)
      it(`covers ${period} at ${new Date(now).toISOString()} hour by hour, each hour once`, () => {
        const w = profitWindows(period, now);
        const hours = [
          ...bucketsIn(w.hours[0], "hour"),
          ...bucketsIn(w.days, "day").flatMap((d) => bucketsIn({ from: d, to: d + DAY_MS }, "hour")),
          ...bucketsIn(w.hours[1], "hour"),
        ];
        const start = Math.floor((now - PERIOD_HOURS[period] * HOUR_MS) / HOUR_MS) * HOUR_MS;
        expect(hours).toEqual(Array.from({ length: hours.length }, (_, i) => start + i * HOUR_MS));
        // Up to the hour that holds now.
        expect(hours.at(-1)).toBe(Math.floor(now / HOUR_MS) * HOUR_MS);
        expect(
          bucketsIn(w.hours[0], "hour").length + bucketsIn(w.hours[1], "hour").length,
        ).toBeLessThanOrEqual(48);
      });
});

describe("seriesRange", () => {
  it("is 24 hours for 24h and whole UTC days otherwise, the current one last, the previous period before", () => {
    const now = MIDNIGHT + 13 * HOUR_MS + 5;
    const day = seriesRange("24h", now);
    expect(day.span).toBe("hour");
    expect(day.buckets).toHaveLength(24);
    expect(day.buckets.at(-1)).toBe(MIDNIGHT + 13 * HOUR_MS);
    expect(day.from - day.previousFrom).toBe(24 * HOUR_MS);
    const week = seriesRange("7d", now);
    expect(week.span).toBe("day");
    expect(week.buckets).toHaveLength(7);
    expect(week.buckets.at(-1)).toBe(MIDNIGHT);
    expect(week.to).toBe(MIDNIGHT + DAY_MS);
    expect(week.firstDay).toBe(week.from);
    expect(seriesRange("90d", now).buckets).toHaveLength(90);
  });
});

describe("changePercent", () => {
  it("compares with the previous period to one decimal, and says nothing without one", () => {
    expect(changePercent(150n, 100n)).toBe(50);
    expect(changePercent(50n, 150n)).toBe(-66.7);
    expect(changePercent(100n, 0n)).toBeNull();
    expect(changePercent(-50n, -100n)).toBe(50);
  });
});

describe("medianFromBins", () => {
  it("finds the bin that holds the middle duration, within 12% of any value in it", () => {
    expect(medianFromBins([])).toBeNull();
    // 3 orders in bin 10 (8.3 to 10.6 s), 1 in bin 30: the median is in bin 10.
    const m = medianFromBins([
      { bin: 30, n: 1 },
      { bin: 10, n: 3 },
    ]);
    expect(m).toBe(Math.round(1.25 ** 10.5 - 1));
    for (const seconds of [60, 3_600, 86_400]) {
      const bin = Math.floor(Math.log(seconds + 1) / Math.log(1.25));
      const median = medianFromBins([{ bin, n: 1 }]) ?? 0;
      expect(Math.abs(median - seconds) / seconds).toBeLessThan(0.12);
    }
  });
});
