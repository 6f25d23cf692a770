// Decimal money as the providers write it ("12.50"), in exact integer cents: neutral, used by clients and emulators.

/** Decimal money in cents, exact: "12.5" -> 1250n. Extra decimals are rounded half up. */
export function toCents(amount: string): bigint {
  const negative = amount.startsWith("-");
  const [whole, frac = ""] = (negative ? amount.slice(1) : amount).split(".");
  let cents = BigInt(whole || "0") * 100n + BigInt(`${frac}00`.slice(0, 2));
  if (frac.length > 2 && Number(frac[2]) >= 5) cents += 1n;
  return negative ? -cents : cents;
}

export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const s = `${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
  return negative ? `-${s}` : s;
}
