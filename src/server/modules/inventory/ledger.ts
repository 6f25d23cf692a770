import { type Tx, txSql } from "../../db/client.js";
import { at, missing } from "../../db/rows.js";
import { columnsOf } from "../../db/unnest.js";

export interface ItemQuantity {
  itemId: string;
  quantity: number;
}

export type LedgerKind = "deposit" | "admin_grant" | "reservation" | "release" | "delivery";

/** How each ledger kind moves the two balances. Pure: the rule behind every inventory change. */
export function balanceEffect(kind: LedgerKind, quantity: number): { available: number; reserved: number } {
  switch (kind) {
    case "deposit":
    case "admin_grant":
      return { available: quantity, reserved: 0 };
    case "reservation":
      return { available: -quantity, reserved: quantity };
    case "release":
      return { available: quantity, reserved: -quantity };
    case "delivery":
      return { available: 0, reserved: -quantity };
  }
}

/** Sums repeated items so each (item) is locked and moved once. */
export function mergeQuantities(lines: ItemQuantity[]): ItemQuantity[] {
  const byItem = new Map<string, number>();
  for (const l of lines) byItem.set(l.itemId, (byItem.get(l.itemId) ?? 0) + l.quantity);
  return [...byItem]
    .map(([itemId, quantity]) => ({ itemId, quantity }))
    .sort((a, b) => a.itemId.localeCompare(b.itemId));
}

export class InsufficientInventoryError extends Error {
  constructor(readonly itemId: string) {
    super("Insufficient inventory");
  }
}

/** One movement of one seller's inventory: every line moves, or none does. */
export interface Movement {
  userId: string;
  kind: LedgerKind;
  lines: ItemQuantity[];
  ref?: { orderId?: string; note?: string };
}

export interface Balance {
  available: number;
  reserved: number;
}

/** What a planned movement does: applied, or refused on the first item (in item order) it would overdraw. */
type MovementOutcome = { applied: true } | { applied: false; itemId: string };

/** The key of a seller's balance of an item in the maps the ledger works with. */
const balanceKey = (userId: string, itemId: string) => `${userId} ${itemId}`;

/** The balances the movements touch, in locking order. */
const balanceKeysOf = (moves: Movement[]) =>
  [...new Set(moves.flatMap((m) => m.lines.map((l) => balanceKey(m.userId, l.itemId))))].sort();

/**
 * Decides a list of movements against the current balances (a missing row is zero), in the order given: a
 * movement that would make any balance negative is refused whole and moves nothing, the others apply. Pure, and
 * built on balanceEffect alone; `balances` ends up holding the new balances of every key touched.
 */
export function planMovements(balances: Map<string, Balance>, moves: Movement[]): MovementOutcome[] {
  return moves.map((move) => {
    const next = mergeQuantities(move.lines).map(({ itemId, quantity }) => {
      if (!Number.isInteger(quantity) || quantity <= 0)
        throw new Error("Quantities must be positive integers");
      const key = balanceKey(move.userId, itemId);
      const now = balances.get(key) ?? { available: 0, reserved: 0 };
      const effect = balanceEffect(move.kind, quantity);
      return {
        itemId,
        key,
        available: now.available + effect.available,
        reserved: now.reserved + effect.reserved,
      };
    });
    const short = next.find((b) => b.available < 0 || b.reserved < 0);
    if (short) return { applied: false, itemId: short.itemId };
    for (const b of next) balances.set(b.key, { available: b.available, reserved: b.reserved });
    return { applied: true };
  });
}

/**
 * Applies many movements (any sellers, items and kinds) inside the caller's transaction in two round trips: the
 * sellers, then the balance rows in (seller, item) order, are locked, so concurrent callers cannot deadlock or
 * oversell; then movementWrites decides them and one statement writes them. Answers each movement's outcome.
 */
export async function applyMovements(tx: Tx, moves: Movement[]): Promise<MovementOutcome[]> {
  const keys = balanceKeysOf(moves);
  if (keys.length === 0) return planMovements(new Map(), moves);
  const split = keys.map((k) => k.split(" "));
  // The sellers' rows first (the share lock the ledger's foreign key takes anyway), then the balances: whoever
  // locks a seller (a withdrawal does) before a balance then never waits in the opposite order from us.
  const locked = await txSql(tx).query<{
    user_id: string;
    item_id: string | null;
    available: number;
    reserved: number;
  }>(
    `WITH s AS (
       SELECT id FROM users WHERE id = ANY($3::uuid[]) ORDER BY id FOR KEY SHARE
     ), b AS (
       SELECT user_id, item_id, available, reserved FROM inventory_balances
        WHERE (user_id, item_id) IN (SELECT * FROM unnest($1::uuid[], $2::uuid[]))
        ORDER BY user_id, item_id FOR NO KEY UPDATE
     )
     SELECT id AS user_id, NULL AS item_id, 0 AS available, 0 AS reserved FROM s
     UNION ALL SELECT * FROM b`,
    [split.map(([u]) => u), split.map(([, i]) => i), [...new Set(moves.map((m) => m.userId))]],
  );
  const balances = new Map(
    locked.rows.flatMap((r) => (r.item_id === null ? [] : [[balanceKey(r.user_id, r.item_id), r] as const])),
  );
  const writes = movementWrites(balances, moves, 0);
  if (writes.ctes === null) return writes.outcomes;
  const [{ n } = missing("the ledger count")] = (
    await txSql(tx).query<{ n: number }>(
      `WITH ${writes.ctes} SELECT (SELECT count(*) FROM ledger_u)::int AS n`,
      writes.params,
    )
  ).rows;
  checkMovementWrites(writes, Number(n));
  return writes.outcomes;
}

/** What planned movements write: statement parts for a caller to run, alone or inside a larger statement. */
export interface MovementWrites {
  outcomes: MovementOutcome[];
  /**
   * The CTEs `ledger_u` (balance updates, one row each), `ledger_i` (new balance rows) and `ledger_l` (ledger rows),
   * comma-separated, with their parameters numbered from `firstParam + 1`; null when nothing moves.
   */
  ctes: string | null;
  params: unknown[];
  /** The rows `ledger_u` must update: fewer means a balance changed although it was locked. */
  updates: number;
}

/**
 * Decides the movements with planMovements against `locked`, the balances the caller holds locked (its sellers
 * first, then every balance row the movements touch that exists, as applyMovements locks them; a missing row is
 * zero), and builds the statement parts that write every balance and every ledger row (one per movement and item).
 */
export function movementWrites(
  locked: ReadonlyMap<string, Balance>,
  moves: Movement[],
  firstParam: number,
): MovementWrites {
  const keys = balanceKeysOf(moves);
  const touched = new Set(keys);
  const before = new Map([...locked].filter(([k]) => touched.has(k)));
  const after = new Map<string, Balance>(before);
  const outcomes = planMovements(after, moves);
  const ledger = moves.flatMap((m, i) =>
    at(outcomes, i).applied
      ? mergeQuantities(m.lines).map((l) => [
          m.userId,
          l.itemId,
          m.kind,
          l.quantity,
          m.ref?.orderId,
          m.ref?.note,
        ])
      : [],
  );
  if (ledger.length === 0) return { outcomes, ctes: null, params: [], updates: 0 };
  const changed = keys.filter((k) => after.get(k) !== before.get(k));
  const delta = (k: string) => {
    const was = before.get(k) ?? { available: 0, reserved: 0 };
    const now = after.get(k)!;
    return [...k.split(" "), now.available - was.available, now.reserved - was.reserved];
  };
  const updates = changed.filter((k) => before.has(k)).map(delta);
  const inserts = changed.filter((k) => !before.has(k)).map(delta);
  const $ = (n: number) => `$${firstParam + n}`;
  // Existing rows are locked, so their conditional update cannot fail. A row missing when locked only ever gains
  // (planMovements saw it as zero), so adding to it is safe even if another transaction has created it since.
  const ctes = `ledger_u AS (
       UPDATE inventory_balances b SET available = b.available + v.a, reserved = b.reserved + v.r
         FROM unnest(${$(1)}::uuid[], ${$(2)}::uuid[], ${$(3)}::int[], ${$(4)}::int[]) AS v(user_id, item_id, a, r)
        WHERE b.user_id = v.user_id AND b.item_id = v.item_id
          AND b.available + v.a >= 0 AND b.reserved + v.r >= 0
       RETURNING 1
     ), ledger_i AS (
       INSERT INTO inventory_balances (user_id, item_id, available, reserved)
       SELECT * FROM unnest(${$(5)}::uuid[], ${$(6)}::uuid[], ${$(7)}::int[], ${$(8)}::int[])
       ON CONFLICT (user_id, item_id) DO UPDATE
         SET available = inventory_balances.available + excluded.available,
             reserved = inventory_balances.reserved + excluded.reserved
       RETURNING 1
     ), ledger_l AS (
       INSERT INTO inventory_ledger (user_id, item_id, kind, quantity, order_id, note)
       SELECT * FROM unnest(${$(9)}::uuid[], ${$(10)}::uuid[], ${$(11)}::text[], ${$(12)}::int[], ${$(13)}::uuid[],
                            ${$(14)}::text[])
     )`;
  return {
    outcomes,
    ctes,
    params: [...columnsOf(updates, 4), ...columnsOf(inserts, 4), ...columnsOf(ledger, 6)],
    updates: updates.length,
  };
}

/** Checks what a statement with movementWrites' CTEs answered as `(SELECT count(*) FROM ledger_u)`. */
export function checkMovementWrites(writes: MovementWrites, updated: number): void {
  if (updated !== writes.updates) throw new Error("Inventory balances changed while locked");
}

/**
 * Applies one inventory movement for a seller inside the caller's transaction (applyMovements with one movement):
 * a movement that would make a balance negative throws InsufficientInventoryError and the caller's transaction
 * rolls back.
 */
export async function applyMovement(
  tx: Tx,
  userId: string,
  kind: LedgerKind,
  lines: ItemQuantity[],
  ref: { orderId?: string; note?: string } = {},
): Promise<void> {
  const [outcome = missing("the movement's outcome")] = await applyMovements(tx, [
    { userId, kind, lines, ref },
  ]);
  if (!outcome.applied) throw new InsufficientInventoryError(outcome.itemId);
}
