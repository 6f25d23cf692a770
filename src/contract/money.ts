/**
 * Money as decimal strings (decision 016: never a float). Arithmetic runs on bigint in the smallest unit of the
 * amount (cents for USD, 10^-8 for crypto), so every result is exact and every rounding is stated where it happens.
 */
export const USD_DECIMALS = 2;
export const CRYPTO_DECIMALS = 8;

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** "12.345" at 2 decimals is 1235n: digits past `decimals` round half away from zero. Throws on anything else. */
export function toUnits(value: string, decimals: number): bigint {
  const match = DECIMAL.exec(value.trim());
  if (!match) throw new Error(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, minus, whole, fraction = ""] = match;
  const kept = BigInt(whole + fraction.slice(0, decimals).padEnd(decimals, "0"));
  const roundsUp = (fraction[decimals] ?? "0") >= "5";
  const units = roundsUp ? kept + 1n : kept;
  return minus ? -units : units;
}

/** 1235n at 2 decimals is "12.35": always exactly `decimals` digits after the point. */
export function fromUnits(units: bigint, decimals: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, "0");
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

/** The amount written with exactly `decimals` digits (USD with 2, crypto with 8, as every screen shows them). */
export const formatDecimal = (value: string, decimals: number) =>
  fromUnits(toUnits(value, decimals), decimals);

/** -1, 0 or 1 as a is below, equal to or above b (compared at crypto precision). */
export function compareDecimal(a: string, b: string): -1 | 0 | 1 {
  const x = toUnits(a, CRYPTO_DECIMALS);
  const y = toUnits(b, CRYPTO_DECIMALS);
  return x < y ? -1 : x > y ? 1 : 0;
}

export const subtractDecimal = (a: string, b: string, decimals: number) =>
  fromUnits(toUnits(a, decimals) - toUnits(b, decimals), decimals);

/** `numerator / denominator` in whole units, rounded half up (both positive). */
function divideRoundingHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/**
 * A USD price less a whole percentage, to the cent, rounded half up (decision 016): 19.99 less 15% is 16.99
 * (16.9915), 24.99 less 10% is 22.49 (22.491).
 */
export function discountedPrice(price: string, percentage: number): string {
  if (!Number.isInteger(percentage) || percentage < 0 || percentage > 100)
    throw new Error(`Not a discount percentage: ${percentage}`);
  const cents = toUnits(price, USD_DECIMALS);
  return fromUnits(divideRoundingHalfUp(cents * BigInt(100 - percentage), 100n), USD_DECIMALS);
}

/** The crypto amount worth `usd` at `usdPerCoin`, rounded up to the 8th decimal so the seller is never short. */
export function cryptoAmountFor(usd: string, usdPerCoin: string): string {
  const cents = toUnits(usd, USD_DECIMALS);
  const rateCents = toUnits(usdPerCoin, USD_DECIMALS);
  if (rateCents <= 0n) throw new Error("The exchange rate must be positive");
  const scaled = cents * 10n ** BigInt(CRYPTO_DECIMALS);
  return fromUnits((scaled + rateCents - 1n) / rateCents, CRYPTO_DECIMALS);
}

/** How far `part` is through `whole`, 0 to 100 (a progress bar's width, not money). */
export function percentOf(part: string, whole: string): number {
  const w = toUnits(whole, CRYPTO_DECIMALS);
  if (w <= 0n) return 0;
  const p = toUnits(part, CRYPTO_DECIMALS);
  return Math.min(100, Math.max(0, Number((p * 10_000n) / w) / 100));
}
