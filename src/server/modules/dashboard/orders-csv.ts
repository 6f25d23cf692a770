import { ORDERS_CSV_COLUMNS } from "../../../contract/analytics.js";
import { fromUnits, toUnits, USD_DECIMALS } from "../../../contract/money.js";
import type { AppContext } from "../../context.js";
import { type KeysetPosition, keysetAfterSql, keysetOrderBySql, keysetValues } from "../../db/keyset.js";
import { at } from "../../db/rows.js";
import { SELLER_ORDER_FILTER } from "../orders/index.js";

/** Orders per page of the export: the export streams page by page, never holding more than one. */
const PAGE = 500;
const OLDEST_FIRST = { at: "o.created_at", id: "o.id" };
/** Below every id: the first page starts before any order created at `from`. */
const LOWEST_ID = "00000000-0000-0000-0000-000000000000";
const NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * One CSV field (RFC 4180): quoted when it holds a quote, comma or line break. Text that a spreadsheet would run
 * as a formula (=, +, -, @ first) gets a leading apostrophe; numbers stay numbers.
 */
export function csvField(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const csvLine = (fields: readonly (string | number | null)[]) =>
  `${fields.map(csvField).join(",")}\r\n`;

interface CsvRow {
  id: string;
  created_at: string;
  /** created_at as PostgreSQL prints it, to the microsecond: where the next page starts. */
  cursor: string;
  source: string;
  order_number: string | null;
  game: string | null;
  status: string;
  roblox_username: string | null;
  items: string | null;
  total: string;
  kept: boolean;
  delivered: boolean;
  cost: string | null;
}

/** One order's line: revenue is what it kept, cost what it delivered (blank when an item has no cost set). */
export function orderCsvFields(row: CsvRow): (string | null)[] {
  const revenue = row.kept ? toUnits(row.total, USD_DECIMALS) : 0n;
  const cost = row.delivered ? (row.cost === null ? null : toUnits(row.cost, USD_DECIMALS)) : 0n;
  const usd = (units: bigint | null) => (units === null ? null : fromUnits(units, USD_DECIMALS));
  return [
    row.id,
    row.created_at,
    row.source,
    row.order_number,
    row.game,
    row.status,
    row.roblox_username,
    row.items,
    row.total,
    usd(revenue),
    usd(cost),
    usd(cost === null ? null : revenue - cost),
  ];
}

/**
 * GET /api/analytics/orders.csv: the orders created in [from, to), oldest first, as CSV lines. Pages by (created_at,
 * id) on the seller's index, so a million orders stream in constant memory.
 */
export async function* ordersCsv(ctx: AppContext, userId: string, from: number, to: number) {
  yield csvLine(ORDERS_CSV_COLUMNS);
  let after: KeysetPosition = { at: new Date(from).toISOString(), id: LOWEST_ID };
  for (;;) {
    const { rows } = await ctx.database.raw.query<CsvRow>(
      `SELECT o.id, to_char(o.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
              o.created_at::text AS cursor, o.source, o.shopify_order_number AS order_number, o.game, o.status,
              o.roblox_username, o.total_amount::text AS total,
              o.status IN ('unclaimed', 'pending', 'completed', 'failed_no_stock') AND o.refunded_after_delivery_at IS NULL AS kept,
              o.status = 'completed' AS delivered, x.items, x.cost
         FROM orders o
         CROSS JOIN LATERAL (
           SELECT string_agg(oi.quantity || ' x ' || it.public_name, '; ' ORDER BY it.public_name) AS items,
                  CASE WHEN bool_and(c.unit_cost IS NOT NULL) THEN COALESCE(sum(oi.quantity * c.unit_cost), 0)::text
                       WHEN count(*) = 0 THEN '0' END AS cost
             FROM order_items oi JOIN items it ON it.id = oi.item_id
             LEFT JOIN item_costs c ON c.user_id = o.user_id AND c.item_id = oi.item_id
            WHERE oi.order_id = o.id) x
        WHERE o.user_id = $1 AND ${SELLER_ORDER_FILTER} AND o.source <> 'withdrawal'
          AND o.created_at < $2 AND ${keysetAfterSql(OLDEST_FIRST, "asc", 3)}
        ORDER BY ${keysetOrderBySql(OLDEST_FIRST, "asc")}
        LIMIT ${PAGE}`,
      [userId, new Date(to).toISOString(), ...keysetValues(after)],
    );
    if (rows.length > 0) yield rows.map((row) => csvLine(orderCsvFields(row))).join("");
    if (rows.length < PAGE) return;
    const last = at(rows, rows.length - 1);
    after = { at: last.cursor, id: last.id };
  }
}
