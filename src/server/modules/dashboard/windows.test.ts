import { describe, expect, it } from "vitest";
import { DASHBOARD_PERIODS, DAY_MS, PERIOD_HOURS } from "../../../contract/dashboard.js";
import { at } from "../../db/rows.js";
import {
  bucketsIn,
  dashboardWindows,
  dayOf,
  HOUR_MS,
  type Range,
  rollupTargets,
  SETTLE_MS,
  SPAN_MS,
  type Span,
} from "./windows.js";

const MINUTE = 60_000;
const MIDNIGHT = Date.UTC(2026, 10, 22);

/** Times of day that sit on and around the edges: midnight, the settling delay, whole hours. */
const NOWS = [
  MIDNIGHT,
  MIDNIGHT + 1,
  MIDNIGHT + 5 * MINUTE,
  MIDNIGHT + SETTLE_MS - 1,
  MIDNIGHT + SETTLE_MS,
  MIDNIGHT + 37 * MINUTE,
  MIDNIGHT + HOUR_MS,
  MIDNIGHT + HOUR_MS + 5 * MINUTE,
  MIDNIGHT + 13 * HOUR_MS + 27 * MINUTE + 13_457,
  MIDNIGHT + 23 * HOUR_MS + 59 * MINUTE,
];

type Piece = Range & { what: string };

/** Every piece the period is read from, in time order. */
function periodPieces(w: ReturnType<typeof dashboardWindows>, now: number): Piece[] {
  const buckets = (r: Range, span: Span) =>
    bucketsIn(r, span).map((t) => ({ from: t, to: t + SPAN_MS[span], what: span }));
  return [
    { ...w.liveLeading, what: "live" },
    ...w.periodHours.flatMap((r) => buckets(r, "hour")),
    ...buckets(w.periodDays, "day"),
    { from: w.liveTrailingFrom, to: now + 1, what: "live" },
  ]
    .filter((p) => p.to > p.from)
    .sort((a, b) => a.from - b.from);
}

describe("dashboardWindows", () => {
  for (const now of NOWS)
    for (const period of DASHBOARD_PERIODS)
      it(`covers the ${period} period at ${new Date(now).toISOString()} exactly once`, () => {
        const w = dashboardWindows(period, now);
        expect(w.liveLeading.from).toBe(now - PERIOD_HOURS[period] * HOUR_MS);
        const pieces = periodPieces(w, now);
        expect(at(pieces, 0).from).toBe(w.liveLeading.from);
        expect(pieces.at(-1)?.to).toBe(now + 1);
        for (let i = 1; i < pieces.length; i++) expect(at(pieces, i).from).toBe(at(pieces, i - 1).to);
        // Rolled buckets are over and settled; nothing older than the period is read live.
        for (const p of pieces) if (p.what !== "live") expect(p.to).toBeLessThanOrEqual(now - SETTLE_MS);
        // Live reads stay short whatever the period: a partial hour at the start, at most 70 minutes at the end.
        expect(w.liveLeading.to - w.liveLeading.from).toBeLessThan(HOUR_MS);
        expect(now - w.liveTrailingFrom).toBeLessThan(HOUR_MS + SETTLE_MS);
        // The period's buckets are among those read.
        for (const r of w.periodHours)
          for (const t of bucketsIn(r, "hour"))
            expect(w.hours.some((h) => t >= h.from && t < h.to)).toBe(true);
        expect(w.periodDays.from).toBeGreaterThanOrEqual(w.days.from);
        expect(w.periodDays.to).toBe(w.days.to);
        // At most a day of hours at each end.
        expect(w.hours.reduce((n, r) => n + bucketsIn(r, "hour").length, 0)).toBeLessThanOrEqual(48);
      });

  for (const now of NOWS)
    it(`builds every chart day from whole days, then hours and live orders, at ${new Date(now).toISOString()}`, () => {
      const w = dashboardWindows("24h", now);
      expect(w.chartDays).toHaveLength(7);
      expect(w.chartDays.at(-1)).toBe(dayOf(now));
      const rolledDays = new Set(bucketsIn(w.days, "day").map(dayOf));
      const [, trailing] = w.hours;
      for (const date of w.chartDays) {
        const start = Date.parse(`${date}T00:00:00Z`);
        if (start < w.dayEnd) {
          expect(rolledDays.has(date)).toBe(true);
          continue;
        }
        // A day after dayEnd is covered by the trailing hours up to liveTrailingFrom, then live orders.
        expect(trailing.from).toBeLessThanOrEqual(start);
        expect(trailing.to).toBe(w.liveTrailingFrom);
      }
    });

  it("reads the last whole day from its rollup once it has settled", () => {
    const before = dashboardWindows("7d", MIDNIGHT + SETTLE_MS - 1);
    const after = dashboardWindows("7d", MIDNIGHT + SETTLE_MS);
    expect(before.dayEnd).toBe(MIDNIGHT - DAY_MS);
    expect(after.dayEnd).toBe(MIDNIGHT);
    expect(bucketsIn(after.hours[1], "hour")).toEqual([]);
    expect(bucketsIn(before.hours[1], "hour")).toHaveLength(23);
  });

  for (const now of NOWS)
    it(`has the rollup job sum every bucket a request reads until the next hour settles, at ${new Date(now).toISOString()}`, () => {
      const targets = rollupTargets(now);
      const inTargets = (ranges: readonly Range[], span: Span) =>
        ranges
          .flatMap((r) => bucketsIn(r, span))
          .every((t) =>
            (span === "day" ? [targets.days] : targets.hours).some((r) => t >= r.from && t < r.to),
          );
      const settledHour = Math.floor((now - SETTLE_MS) / HOUR_MS) * HOUR_MS;
      // Every later time whose last settled hour is still this one, by the minute (and its last millisecond).
      const nextSettle = settledHour + HOUR_MS + SETTLE_MS;
      const times = [...bucketsIn({ from: now, to: nextSettle }, "hour"), nextSettle - 1];
      for (let t = now; t < nextSettle; t += MINUTE) times.push(t);
      for (const t of times)
        for (const period of DASHBOARD_PERIODS) {
          const w = dashboardWindows(period, t);
          expect(inTargets([w.days], "day")).toBe(true);
          expect(inTargets(w.hours, "hour")).toBe(true);
        }
      // Only settled buckets, and a couple of days of hours per period at most.
      expect(targets.days.to).toBeLessThanOrEqual(now - SETTLE_MS);
      for (const r of targets.hours) expect(r.to).toBeLessThanOrEqual(settledHour);
      expect(targets.hours.reduce((n, r) => n + bucketsIn(r, "hour").length, 0)).toBeLessThanOrEqual(5 * 48);
    });
});
