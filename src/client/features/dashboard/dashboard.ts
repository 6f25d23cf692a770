import type { DashboardPeriod } from "@contract/dashboard";

export const PERIOD_LABELS: Record<DashboardPeriod, string> = {
  "24h": "Last 24 hours",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  "90d": "Last 90 days",
};

const DECIMAL = /^(-)?(\d+)(?:\.(\d*))?$/;

/**
 * US dollars from the server's decimal string (money is never a float): rounded half up to cents, with
 * thousands separators, e.g. "1234.5" -> "$1,234.50". Anything that is not a decimal shows as given.
 */
export function formatUsd(decimal: string): string {
  const match = DECIMAL.exec(decimal.trim());
  if (!match) return decimal;
  const [, minus, whole, fraction = ""] = match;
  const thousandths = BigInt(whole + fraction.padEnd(3, "0").slice(0, 3));
  let cents = (thousandths + 5n) / 10n;
  if (cents === 0n) return "$0.00";
  const dollars = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  cents %= 100n;
  return `${minus ? "-" : ""}$${dollars}.${cents.toString().padStart(2, "0")}`;
}

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** The chart's days are UTC dates ("2024-05-01"), labelled "May 1". */
export function dayLabel(isoDate: string): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : dayFormat.format(date);
}

/** A change against the previous period: "+12.5%", "−3.0%", or null when there was nothing to compare with. */
export function changeLabel(percent: number | null): string | null {
  if (percent === null) return null;
  const sign = percent > 0 ? "+" : percent < 0 ? "\u2212" : "";
  return `${sign}${Math.abs(percent).toFixed(1)}%`;
}

/** A median duration as a person says it: "45 s", "12 min", "3 h 5 min", "2 d 4 h"; "No orders yet" without one. */
export function durationLabel(seconds: number | null): string {
  if (seconds === null) return "No orders yet";
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  const days = Math.floor(hours / 24);
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`;
}

/** A share in percent, whole, for the funnel ("80%"); a dash when there is nothing to share. */
export const shareLabel = (part: number, whole: number) =>
  whole === 0 ? "\u2013" : `${Math.round((part / whole) * 100)}%`;

const hourFormat = new Intl.DateTimeFormat("en-US", { hour: "numeric", timeZone: "UTC" });

/** A series bucket's label: the UTC hour for 24h ("3 PM"), else the day ("May 1"). */
export const bucketLabel = (iso: string, span: "hour" | "day") =>
  span === "hour" ? hourFormat.format(new Date(iso)) : dayLabel(iso.slice(0, 10));
