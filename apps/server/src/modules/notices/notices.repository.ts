import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Db, DbOrTx } from '../../db/client.js';

/** The two channels of the live stream (decision 008). */
export const LOT_CHANNEL = 'lot_events';
export const NOTICE_CHANNEL = 'member_notices';
/** A lot's end set (a new lot, a session's stagger changed): every instance's close job looks at it. */
export const LOT_END_CHANNEL = 'lot_ends';
export type Channel = typeof LOT_CHANNEL | typeof NOTICE_CHANNEL | typeof LOT_END_CHANNEL;

/**
 * NOTIFY and LISTEN. Publishing goes through the pool (or the caller's transaction, then
 * it is delivered at commit); listening holds one connection of its own per process.
 */
export function createNoticesRepository(db: Db) {
  const pool = (db as Db & { $client: pg.Pool }).$client;
  return {
    async publish(channel: Channel, payload: string, tx: DbOrTx = db) {
      await tx.execute(sql`SELECT pg_notify(${channel}, ${payload})`);
    },
    /**
     * A dedicated LISTEN connection on every channel. `onLost` is called once when the
     * connection fails; the caller opens a new one.
     */
    async listen(onMessage: (channel: Channel, payload: string) => void, onLost: (err: unknown) => void) {
      const client = new pg.Client(pool.options);
      let lost = false;
      const fail = (err: unknown) => {
        if (lost) return;
        lost = true;
        onLost(err);
      };
      client.on('error', fail);
      client.on('end', () => fail(new Error('listen connection ended')));
      client.on('notification', (m) => {
        if (m.payload !== undefined) onMessage(m.channel as Channel, m.payload);
      });
      await client.connect();
      await client.query(`LISTEN ${LOT_CHANNEL}; LISTEN ${NOTICE_CHANNEL}; LISTEN ${LOT_END_CHANNEL}`);
      return {
        async close() {
          lost = true;
          await client.end().catch(() => undefined);
        },
      };
    },
  };
}
