import { randomBytes, randomInt } from "node:crypto";
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import {
  CRYPTO_DECIMALS,
  compareDecimal,
  cryptoAmountFor,
  fromUnits,
  subtractDecimal,
  toUnits,
} from "../../../../contract/money.js";
import type { CryptoCurrency } from "../../../../contract/payments.js";
import { sha256Hex } from "../../../crypto/tokens.js";
import type { Db } from "../../../db/client.js";
import { missing } from "../../../db/rows.js";
import { sandboxPlisioInvoices, sandboxPlisioSettings } from "../../../db/schema/index.js";
import type { SandboxContext } from "../../sandbox-home.js";

export const BASE = "/__sandbox/plisio";
export type SandboxInvoice = typeof sandboxPlisioInvoices.$inferSelect;

/** Fixed sandbox exchange rates, USD per coin. */
export const SANDBOX_RATES: Record<CryptoCurrency, string> = {
  BTC: "60000.00",
  LTC: "80.00",
  ETH: "3000.00",
};
/** Invoice lifetime when the request names none (expire_min). */
export const DEFAULT_EXPIRE_MINUTES = 60;
/** After a payment in part, the rest may follow within a day (the wizard's partial bar is scaled against it). */
const PARTIAL_WINDOW_MS = 24 * 3_600_000;
const EXPLORERS: Record<CryptoCurrency, string> = {
  BTC: "https://blockstream.info/tx/",
  LTC: "https://blockchair.com/litecoin/transaction/",
  ETH: "https://etherscan.io/tx/",
};

/** Plisio's transaction ids look like MongoDB object ids: 24 hex digits. */
export const newTxnId = () => randomBytes(12).toString("hex");

const BECH32 = "023456789acdefghjklmnpqrstuvwxyz";
const bech32Tail = (length: number) =>
  Array.from({ length }, () => BECH32[randomInt(BECH32.length)]).join("");

/** A well-formed but made-up deposit address for the currency. */
export function sandboxWallet(currency: CryptoCurrency): string {
  if (currency === "ETH") return `0x${randomBytes(20).toString("hex")}`;
  return `${currency === "BTC" ? "bc1q" : "ltc1q"}${bech32Tail(38)}`;
}

/** Crypto per USD, as Plisio's source_rate reads. */
export function sourceRate(currency: CryptoCurrency): string {
  return cryptoAmountFor("1.00", SANDBOX_RATES[currency]);
}

/** What the buyer still has to send: the amount less everything received, confirmed or not. */
export const remaining = (inv: SandboxInvoice) => subtractDecimal(inv.amount, inv.received, CRYPTO_DECIMALS);
/** Plisio's pending_amount: the invoice total less the confirmed money received. */
export const pendingAmount = (inv: SandboxInvoice) =>
  subtractDecimal(inv.amount, inv.confirmed, CRYPTO_DECIMALS);
/** Plisio's pending_sum: money seen in the mempool, not yet confirmed. */
export const unconfirmedSum = (inv: SandboxInvoice) =>
  subtractDecimal(inv.received, inv.confirmed, CRYPTO_DECIMALS);
export const isFinal = (inv: SandboxInvoice) => ["completed", "mismatch", "expired"].includes(inv.status);
export const hasUnconfirmed = (inv: SandboxInvoice) => compareDecimal(inv.received, inv.confirmed) > 0;

export type PaymentKind = "full" | "part" | "over";

/** What "pay in full / in part / too much" sends: the rest, half the rest, or the rest and a tenth of the amount. */
export function paymentFor(inv: SandboxInvoice, kind: PaymentKind): string {
  const rest = toUnits(remaining(inv), CRYPTO_DECIMALS);
  const units =
    kind === "full" ? rest : kind === "part" ? rest / 2n : rest + toUnits(inv.amount, CRYPTO_DECIMALS) / 10n;
  return fromUnits(units > 0n ? units : 1n, CRYPTO_DECIMALS);
}

/** A payment arrives unconfirmed: the invoice is pending; a part gives the payer a day for the rest. */
export function afterPayment(inv: SandboxInvoice, amount: string, now: number): Partial<SandboxInvoice> {
  const received = fromUnits(
    toUnits(inv.received, CRYPTO_DECIMALS) + toUnits(amount, CRYPTO_DECIMALS),
    CRYPTO_DECIMALS,
  );
  const paidInPart = compareDecimal(received, inv.amount) < 0;
  const currency = inv.currency as CryptoCurrency;
  return {
    received,
    status: "pending",
    txUrls: [...inv.txUrls, `${EXPLORERS[currency]}${randomBytes(32).toString("hex")}`],
    expiresAt: paidInPart
      ? new Date(Math.max(inv.expiresAt.getTime(), now + PARTIAL_WINDOW_MS))
      : inv.expiresAt,
  };
}

/** One confirmation on everything received: completed when paid exactly, mismatch when overpaid. */
export function afterConfirmation(inv: SandboxInvoice): Partial<SandboxInvoice> {
  const paid = compareDecimal(inv.received, inv.amount);
  return {
    confirmed: inv.received,
    status: paid < 0 ? inv.status : paid === 0 ? "completed" : "mismatch",
  };
}

export async function findInvoice(db: Db, txnId: string): Promise<SandboxInvoice | null> {
  const [row] = await db.select().from(sandboxPlisioInvoices).where(eq(sandboxPlisioInvoices.txnId, txnId));
  return row ?? null;
}

export async function updateInvoice(
  db: Db,
  txnId: string,
  changes: Partial<SandboxInvoice>,
): Promise<SandboxInvoice> {
  const [row = missing("the updated sandboxPlisioInvoices row")] = await db
    .update(sandboxPlisioInvoices)
    .set(changes)
    .where(eq(sandboxPlisioInvoices.txnId, txnId))
    .returning();
  return row;
}

export async function listInvoices(db: Db, limit: number): Promise<SandboxInvoice[]> {
  return db.select().from(sandboxPlisioInvoices).orderBy(desc(sandboxPlisioInvoices.createdAt)).limit(limit);
}

/** Invoices whose time ran out unpaid: expired now (a paid one awaiting its confirmation is left to confirm). */
export async function expireDue(ctx: SandboxContext): Promise<SandboxInvoice[]> {
  return ctx.db
    .update(sandboxPlisioInvoices)
    .set({ status: "expired" })
    .where(
      and(
        inArray(sandboxPlisioInvoices.status, ["new", "pending"]),
        lte(sandboxPlisioInvoices.expiresAt, new Date(ctx.clock())),
        sql`${sandboxPlisioInvoices.received} < ${sandboxPlisioInvoices.amount}`,
      ),
    )
    .returning();
}

export const shopOf = (apiKey: string) => sha256Hex(apiKey);

export interface SandboxSettings {
  expireMinutes: number | null;
  callbacksPaused: boolean;
}

export async function getSettings(db: Db): Promise<SandboxSettings> {
  const [row] = await db.select().from(sandboxPlisioSettings).where(eq(sandboxPlisioSettings.id, 1));
  return { expireMinutes: row?.expireMinutes ?? null, callbacksPaused: row?.callbacksPaused ?? false };
}

export async function saveSettings(db: Db, settings: SandboxSettings): Promise<void> {
  await db
    .insert(sandboxPlisioSettings)
    .values({ id: 1, ...settings })
    .onConflictDoUpdate({ target: sandboxPlisioSettings.id, set: settings });
}
