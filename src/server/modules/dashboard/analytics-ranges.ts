import { DAY_MS, type DashboardPeriod, PERIOD_HOURS } from "../../../contract/dashboard.js";
import { bucketsIn, HOUR_MS, type Range, SPAN_MS, type Span } from "./windows.js";

const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;

/**
 * A rolling period as the analytics tables hold it: the whole UTC days inside it from the daily rows, the hours at
 * its two ends from the hourly ones. The tables are exact to the moment (triggers keep them), so nothing is read
 * live; the period starts at the top of the hour it begins in (decision 045).
 */
export function profitWindows(period: DashboardPeriod, now: number): { days: Range; hours: [Range, Range] } {
  const from = floorTo(now - PERIOD_HOURS[period] * HOUR_MS, HOUR_MS);
  const to = floorTo(now, HOUR_MS) + HOUR_MS;
  const firstDay = ceilTo(from, DAY_MS);
  const lastDay = Math.max(firstDay, floorTo(to, DAY_MS));
  return {
    days: { from: firstDay, to: lastDay },
    hours: [
      { from, to: Math.min(firstDay, to) },
      { from: lastDay, to },
    ],
  };
}

/**
 * The buckets of the advanced analytics' series: the last 24 hours by the hour, the other periods by UTC day, the
 * current hour or day last; and as many buckets before them, the previous period they are compared with.
 */
export function seriesRange(period: DashboardPeriod, now: number) {
  const span: Span = period === "24h" ? "hour" : "day";
  const unit = SPAN_MS[span];
  const count = (PERIOD_HOURS[period] * HOUR_MS) / unit;
  const to = floorTo(now, unit) + unit;
  const from = to - count * unit;
  const previousFrom = from - count * unit;
  return {
    span,
    from,
    to,
    previousFrom,
    buckets: bucketsIn({ from, to }, span),
    /** The first day of the series, the durations' days start there. */
    firstDay: floorTo(from, DAY_MS),
  };
}

/** The change from `previous` to `current` in percent with one decimal; null when there was nothing before. */
export function changePercent(current: bigint, previous: bigint): number | null {
  if (previous === 0n) return null;
  const magnitude = previous < 0n ? -previous : previous;
  return Math.round((Number(current - previous) / Number(magnitude)) * 1000) / 10;
}

/** The width of a duration bin: `analytics_bin` in drizzle/0019_analytics.sql puts s seconds in floor(log1.25(s + 1)). */
const BIN_RATIO = 1.25;

/**
 * The median of durations counted in bins, as the middle of its bin on the log scale (so within 12% of the true
 * value either way); null without any.
 */
export function medianFromBins(bins: readonly { bin: number; n: number }[]): number | null {
  const total = bins.reduce((sum, b) => sum + b.n, 0);
  if (total <= 0) return null;
  let seen = 0;
  for (const b of [...bins].sort((x, y) => x.bin - y.bin)) {
    seen += b.n;
    if (seen * 2 >= total) return Math.round(BIN_RATIO ** (b.bin + 0.5) - 1);
  }
  return null;
}
