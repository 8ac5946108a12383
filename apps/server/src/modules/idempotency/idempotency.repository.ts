import crypto from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbOrTx } from '../../db/client.js';
import { idempotencyKeys } from '../../db/schema/index.js';

const byKey = (scope: string, key: string) => and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key));
const ownedBy = (owner: number | null) =>
  owner === null ? isNull(idempotencyKeys.owner) : eq(idempotencyKeys.owner, owner);

/** Advisory locks (LEASE_CLASS, key): one per living server process. */
const LEASE_CLASS = 727201;

/**
 * This process's lease: a session-level advisory lock on a connection of its own, held
 * for as long as the process lives. PostgreSQL drops it when the process dies (its
 * connection goes), so any instance can tell whether a key's first call still runs.
 */
export function createOwnerLease(db: Db) {
  const pool = (db as Db & { $client: pg.Pool }).$client;
  let key: number | undefined;
  let held: Promise<number> | undefined;
  let client: pg.Client | undefined;
  let closed = false;

  async function acquire(): Promise<number> {
    const c = new pg.Client(pool.options);
    c.on('error', () => {
      // The connection is gone and the lock with it: the next call takes it again.
      if (client === c) held = undefined;
    });
    await c.connect();
    // The same key again after a lost connection, so calls in flight stay ours.
    for (let candidate = key ?? crypto.randomInt(1, 2 ** 31 - 1); ; candidate = crypto.randomInt(1, 2 ** 31 - 1)) {
      const r = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS ok', [LEASE_CLASS, candidate]);
      if (r.rows[0]?.ok) {
        key = candidate;
        break;
      }
    }
    client = c;
    return key!;
  }

  return {
    /** This process's owner key, taking the lease on first use. */
    key(): Promise<number> {
      if (closed) return Promise.reject(new Error('the idempotency lease is closed'));
      held ??= acquire().catch((e: unknown) => {
        held = undefined;
        throw e;
      });
      return held;
    },

    async close() {
      closed = true;
      const c = client;
      client = undefined;
      held = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
export type OwnerLease = ReturnType<typeof createOwnerLease>;

export function createIdempotencyRepository(db: Db) {
  return {
    /** Claims the key; false when a row for it exists already. */
    async claim(
      row: { scope: string; key: string; requestHash: string; createdAt: Date; owner: number },
      tx: DbOrTx = db,
    ) {
      const [inserted] = await tx
        .insert(idempotencyKeys)
        .values(row)
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      return Boolean(inserted);
    },

    async find(scope: string, key: string, tx: DbOrTx = db) {
      const [row] = await tx.select().from(idempotencyKeys).where(byKey(scope, key));
      return row;
    },

    /** Whether the process holding the lease `owner` is alive (its lock cannot be taken). */
    async ownerAlive(owner: number, tx: DbOrTx = db) {
      // A transaction-level try: taken and let go at once when nobody holds it.
      const r = await tx.execute<{ held: boolean }>(
        sql`SELECT NOT pg_try_advisory_xact_lock(${LEASE_CLASS}, ${owner}) AS held`,
      );
      return r.rows[0]?.held === true;
    },

    /**
     * Takes over a key whose first call died unanswered: true for exactly one caller, the
     * one whose update still finds the dead owner's row.
     */
    async takeOver(scope: string, key: string, from: number | null, to: number, at: Date, tx: DbOrTx = db) {
      const [row] = await tx
        .update(idempotencyKeys)
        .set({ owner: to, createdAt: at })
        .where(and(byKey(scope, key), isNull(idempotencyKeys.statusCode), ownedBy(from)))
        .returning({ key: idempotencyKeys.key });
      return Boolean(row);
    },

    async complete(scope: string, key: string, owner: number, response: unknown, tx: DbOrTx = db) {
      await tx
        .update(idempotencyKeys)
        .set({ statusCode: 200, response: response as object })
        .where(and(byKey(scope, key), eq(idempotencyKeys.owner, owner)));
    },

    /** Deletes the key's row: only the one created at `createdAt`, or only `owner`'s, when given. */
    async remove(scope: string, key: string, only: { createdAt?: Date; owner?: number } = {}, tx: DbOrTx = db) {
      await tx
        .delete(idempotencyKeys)
        .where(
          and(
            byKey(scope, key),
            only.createdAt ? eq(idempotencyKeys.createdAt, only.createdAt) : undefined,
            only.owner !== undefined ? eq(idempotencyKeys.owner, only.owner) : undefined,
          ),
        );
    },
  };
}
