import { type SQL, sql } from "drizzle-orm";
import { type PgColumn, timestamp } from "drizzle-orm/pg-core";

/** The creation time every table that has one defaults to now(). */
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** A CHECK that the column holds one of the values (a status column and its enum in src/contract). */
export const oneOf = (column: PgColumn, values: readonly string[]): SQL =>
  sql`${column} IN (${sql.raw(values.map((v) => `'${v}'`).join(", "))})`;
