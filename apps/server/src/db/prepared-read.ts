import { fillPlaceholders, sql, type Column, type SQL } from 'drizzle-orm';
import type pg from 'pg';
import type { Db } from './client.js';

/**
 * A selection whose columns are named in the statement by their keys (`"market_price" AS
 * "marketPrice"`), so that node-postgres's rows are already the selection's objects.
 */
export function aliased<T extends Record<string, Column>>(
  columns: T,
): { [K in keyof T]: SQL.Aliased<T[K]['_']['data']> } {
  return Object.fromEntries(Object.entries(columns).map(([k, c]) => [k, sql`${c}`.as(k)])) as never;
}

/**
 * A read of the busiest pages, built once with Drizzle and run as it stands on node-postgres
 * (through `db`'s client: the replica routing of db/replica.ts still decides where), without
 * Drizzle's per-call work (placeholders are filled, rows come as the driver parses them).
 * Only for selections of `aliased` columns and plain expressions whose driver value is the
 * value (integers, text, jsonb, `count(*)` as the pool reads int8): no column that Drizzle
 * maps on read (timestamps, custom types). A name makes it a named statement (parsed once
 * per connection); without one PostgreSQL plans each call for its own parameters.
 */
export function preparedRead<Row extends pg.QueryResultRow>(
  db: Db,
  query: { toSQL(): { sql: string; params: unknown[] } },
  name?: string,
): (values?: Record<string, unknown>) => Promise<Row[]> {
  const { sql: text, params } = query.toSQL();
  const client = (db as Db & { $client: pg.Pool }).$client;
  // Unnamed, the text itself: node-postgres copies a query given as an object on every call.
  if (!name) return async (values = {}) => (await client.query<Row>(text, fillPlaceholders(params, values))).rows;
  return async (values = {}) =>
    (await client.query<Row>({ name, text, values: fillPlaceholders(params, values) })).rows;
}
