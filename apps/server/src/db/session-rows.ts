import { and, eq, getTableName, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { PgColumn, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { SessionRow, SessionRows } from '../lib/session-store.js';
import type { Db, DbOrTx, Tx } from './client.js';

/** What every session table has; the owner's column is named by its owner (memberId, operatorId). */
type SessionTable = PgTable & {
  id: PgColumn;
  tokenHash: PgColumn;
  createdAt: PgColumn;
  lastUsedAt: PgColumn;
  revokedAt: PgColumn;
};

/**
 * The queries of a session store over one owner's session table, for its repository to
 * hand to `createSessionStore`: `createSessionRows(db, memberSessions, 'memberId')`. The
 * lookup that every authenticated request makes (several requests' tokens at once), and the
 * touch, are prepared statements
 * (built once, parsed once per connection). A table with `revokeReason`, `ip` and
 * `userAgent` columns gets them written.
 */
export function createSessionRows<T extends SessionTable, K extends keyof T & keyof T['$inferInsert'] & string>(
  db: Db,
  table: T,
  ownerKey: K,
): SessionRows<Tx> {
  const owner = table[ownerKey] as unknown as PgColumn;
  const has = (key: string) => key in table;
  const set = (values: Record<string, unknown>) => values as PgUpdateSetSource<T>;
  const name = (what: string) => `${getTableName(table)}_${what}`;

  const byTokenHashes = db
    .select({
      id: table.id,
      ownerId: owner,
      tokenHash: table.tokenHash,
      lastUsedAt: table.lastUsedAt,
      revokedAt: table.revokedAt,
    })
    .from(table as PgTable)
    .where(sql`${table.tokenHash} = ANY(${sql.placeholder('tokenHashes')}::text[])`)
    .prepare(name('by_tokens'));
  const touch = db
    .update(table)
    .set(set({ lastUsedAt: sql.placeholder('at') }))
    .where(eq(table.id, sql.placeholder('id')))
    .prepare(name('touch'));

  return {
    async insert(r, tx: DbOrTx = db) {
      const values = {
        [ownerKey]: r.ownerId,
        tokenHash: r.tokenHash,
        createdAt: r.at,
        lastUsedAt: r.at,
        ...(has('ip') ? { ip: r.meta.ip, userAgent: r.meta.userAgent } : {}),
      } as T['$inferInsert'];
      const [row] = (await tx.insert(table).values(values).returning({ id: table.id })) as { id: number }[];
      return row!.id;
    },
    async byTokenHashes(tokenHashes) {
      return (await byTokenHashes.execute({ tokenHashes })) as (SessionRow & { tokenHash: string })[];
    },
    async touch(id, at) {
      await touch.execute({ id, at });
    },
    async revokeLive(ownerId, at, reason, keepSessionId, tx: DbOrTx = db) {
      await tx
        .update(table)
        .set(set({ revokedAt: at, ...(has('revokeReason') ? { revokeReason: reason } : {}) }))
        .where(
          and(eq(owner, ownerId), isNull(table.revokedAt), keepSessionId ? ne(table.id, keepSessionId) : undefined),
        );
    },
    async revoke(id, at) {
      await db
        .update(table)
        .set(set({ revokedAt: at }))
        .where(eq(table.id, id));
    },
    async deleteIdleBefore(cutoff) {
      await db.delete(table).where(or(lt(table.lastUsedAt, cutoff), lt(table.revokedAt, cutoff)));
    },
  };
}
