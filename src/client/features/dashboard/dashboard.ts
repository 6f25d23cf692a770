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
