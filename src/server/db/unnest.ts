/**
 * Rows as one array per column, for `unnest($1::uuid[], $2::int[], ...)`: a multi-row statement whose text does not
 * change with the number of rows. A missing value is NULL.
 */
export function columnsOf(rows: readonly (readonly unknown[])[], width: number): unknown[][] {
  return Array.from({ length: width }, (_, i) => rows.map((r) => r[i] ?? null));
}
