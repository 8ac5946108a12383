import { sql } from 'drizzle-orm';

/**
 * One column of a batch of rows as one array parameter, for `unnest(...)` (cast it in the
 * SQL: `::int[]`). A statement that writes a batch this way keeps one text whatever the
 * batch's size, built and parsed as cheaply as a single row, instead of a parameter a value.
 */
export const arrayColumn = <T, V>(rows: readonly T[], pick: (row: T) => V) => sql.param(rows.map(pick));

/** A timestamp as an element of such an array (`::timestamptz[]`): ISO, null for none. */
export const isoOrNull = (d: Date | null | undefined): string | null => d?.toISOString() ?? null;
