import {
  chartDayStarts,
  DASHBOARD_PERIODS,
  DAY_MS,
  type DashboardPeriod,
  PERIOD_HOURS,
} from "../../../contract/dashboard.js";
import { at } from "../../db/rows.js";

export const HOUR_MS = 3_600_000;
/** A bucket is rolled up once it has been over for this long (a transaction begun before its end may commit late). */
export const SETTLE_MS = 10 * 60_000;
/** Hourly rollups older than the longest period (plus a margin) are never read again. */
export const HOURLY_HORIZON_MS = (Math.max(...Object.values(PERIOD_HOURS)) + 48) * HOUR_MS;

/** A half-open time range [from, to) in epoch milliseconds; empty when to <= from. */
export interface Range {
  from: number;
  to: number;
}

export type Span = "day" | "hour";
export const SPAN_MS: Record<Span, number> = { day: DAY_MS, hour: HOUR_MS };

const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;
export const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The starts of the buckets of one span in a range. */
export function bucketsIn(range: Range, span: Span): number[] {
  const out: number[] = [];
  for (let t = range.from; t < range.to; t += SPAN_MS[span]) out.push(t);
  return out;
}

/**
 * The time frame of one dashboard request, cut so that a seller's order count does not matter: whole UTC days
 * that are over come from the daily rollups, the hours at the period's two ends from the hourly rollups, and only
 * the period's partial first hour and the time since the last settled hour (under 70 minutes) are read live.
 *
 * The 7-day chart needs every one of its days: days before `dayEnd` from the daily rollups, later ones from the
 * trailing hours and the trailing live orders.
 */
export function dashboardWindows(period: DashboardPeriod, now: number) {
  const periodStart = now - PERIOD_HOURS[period] * HOUR_MS;
  const chartStarts = chartDayStarts(now);
  const chartStart = at(chartStarts, 0);
  const dayEnd = floorTo(now - SETTLE_MS, DAY_MS);
  const hourEnd = floorTo(now - SETTLE_MS, HOUR_MS);
  const firstHour = ceilTo(periodStart, HOUR_MS);
  const firstDay = ceilTo(periodStart, DAY_MS);
  const leadingHours = { from: firstHour, to: Math.min(firstDay, dayEnd) };
  const trailingHours = { from: dayEnd, to: hourEnd };
  return {
    chartDays: chartStarts.map(dayOf),
    dayEnd,
    /** The daily rollups to read: the chart's days and the period's whole days. */
    days: { from: Math.min(chartStart, firstDay), to: dayEnd },
    /** The period's whole days (a subset of `days`). */
    periodDays: { from: firstDay, to: dayEnd },
    /** The hourly rollups to read: the period's hours before its first whole day, and every hour since dayEnd. */
    hours: [leadingHours, trailingHours] as const,
    /** The period's share of `hours`: the trailing hours can begin before the period after midnight. */
    periodHours: [leadingHours, { from: Math.max(dayEnd, firstHour), to: hourEnd }] as const,
    /**
     * Live orders: the leading range (from the period's start) counts for the period only, the trailing one for the
     * period and the chart.
     */
    liveLeading: { from: periodStart, to: firstHour },
    liveTrailingFrom: hourEnd,
  };
}

export type DashboardWindows = ReturnType<typeof dashboardWindows>;

/**
 * The settled buckets the rollup job keeps summed at `now` (decision 053): every bucket any period's request reads
 * until the next hour settles. Days and trailing hours are a request's own; the leading hours are, per period, the
 * settled hours of the two days its start lies in meanwhile, so they are ready when the start crosses midnight.
 */
export function rollupTargets(now: number): { days: Range; hours: Range[] } {
  const windows = DASHBOARD_PERIODS.map((p) => dashboardWindows(p, now));
  const { dayEnd, liveTrailingFrom: hourEnd } = at(windows, 0);
  const leading = DASHBOARD_PERIODS.map((p) => {
    const start = now - PERIOD_HOURS[p] * HOUR_MS;
    return { from: ceilTo(start, HOUR_MS), to: Math.min(floorTo(start, DAY_MS) + 2 * DAY_MS, dayEnd) };
  });
  return {
    days: { from: Math.min(...windows.map((w) => w.days.from)), to: dayEnd },
    hours: [...leading, { from: dayEnd, to: hourEnd }],
  };
}
