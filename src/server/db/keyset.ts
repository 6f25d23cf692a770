/**
 * Keyset pagination over a (timestamp, uuid) order, the one way lists page through rows: a page continues after
 * the position where the last one ended, so rows inserted meanwhile neither shift nor repeat a page (an OFFSET
 * would), and the query seeks on the (…, created_at, id) index instead of counting rows off. The id breaks ties
 * between rows of the same instant.
 */
import { type AnyColumn, asc, desc, type SQL, sql } from "drizzle-orm";

/** Where a page ended: the last row's timestamp, as text PostgreSQL reads as timestamptz, and its id. */
export interface KeysetPosition {
  /** At the precision the cursor must keep: a microsecond-exact column needs all six digits, a Date has three. */
  at: string;
  id: string;
}

/** "asc": oldest first, the next page is later; "desc": newest first, the next page is earlier. */
export type KeysetDirection = "asc" | "desc";

const AFTER = { asc: ">", desc: "<" } as const satisfies Record<KeysetDirection, string>;

/** The key columns of a query built with Drizzle. */
export interface KeysetColumns {
  at: AnyColumn;
  id: AnyColumn;
}

/** The rows after `position` in the `direction` order (a row comparison, lexicographic on (at, id)). */
export function keysetAfter(
  columns: KeysetColumns,
  direction: KeysetDirection,
  position: KeysetPosition,
): SQL {
  return sql`(${columns.at}, ${columns.id}) ${sql.raw(AFTER[direction])} (${position.at}::timestamptz, ${position.id}::uuid)`;
}

/** The order the pages follow: by the timestamp, then the id, both in `direction`. */
export function keysetOrderBy(columns: KeysetColumns, direction: KeysetDirection): SQL[] {
  const by = direction === "asc" ? asc : desc;
  return [by(columns.at), by(columns.id)];
}

/** The key columns of a query written in SQL, as its text names them (e.g. "o.created_at"). */
export interface KeysetSqlColumns {
  at: string;
  id: string;
}

/**
 * keysetAfter for a hand-written query with $n placeholders: the condition reads the position from $first and
 * $first + 1, whose values are keysetValues(position).
 */
export function keysetAfterSql(columns: KeysetSqlColumns, direction: KeysetDirection, first: number): string {
  return `(${columns.at}, ${columns.id}) ${AFTER[direction]} ($${first}::timestamptz, $${first + 1}::uuid)`;
}

/** keysetOrderBy for a hand-written query: the ORDER BY list. */
export function keysetOrderBySql(columns: KeysetSqlColumns, direction: KeysetDirection): string {
  const by = direction.toUpperCase();
  return `${columns.at} ${by}, ${columns.id} ${by}`;
}

/** The parameter values keysetAfterSql reads. */
export const keysetValues = (position: KeysetPosition): [string, string] => [position.at, position.id];

/** A position on the wire. */
export interface KeysetCursor {
  encode(position: KeysetPosition): string;
  /** The position a client sent back, or null when the text is not a cursor of this format. */
  decode(text: string): KeysetPosition | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** An ISO 8601 UTC instant as Date.toISOString or to_char(… 'US') print it, to the millisecond or microsecond. */
const INSTANT = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{1,6})?Z$/;

/** Whether the instant exists (not 25:00 or 30 February, which PostgreSQL would refuse with a 500). */
function isCalendarInstant(at: string): boolean {
  const parsed = new Date(at);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 19) === at.slice(0, 19);
}

/**
 * A cursor's text format: `<at><separator><id>`, and base64url-encoded when `opaque` (a public API's clients
 * then pass it back untouched instead of building one). Endpoints keep the format they were published with.
 */
export function keysetCursor(format: { separator: string; opaque: boolean }): KeysetCursor {
  return {
    encode(position) {
      const text = `${position.at}${format.separator}${position.id}`;
      return format.opaque ? Buffer.from(text).toString("base64url") : text;
    },
    decode(text) {
      const plain = format.opaque ? Buffer.from(text, "base64url").toString("utf8") : text;
      const [at, id, ...extra] = plain.split(format.separator);
      if (extra.length > 0 || !at || !id || !UUID.test(id)) return null;
      if (!INSTANT.test(at) || !isCalendarInstant(at)) return null;
      return { at, id };
    },
  };
}
