import { and, count, desc, eq, inArray, isNull, sql, type Placeholder } from 'drizzle-orm';
import { arrayColumn } from '../../db/array-columns.js';
import type { Db, DbOrTx } from '../../db/client.js';
import { messages, type MessageRefs } from '../../db/schema/index.js';

export type MessageRow = typeof messages.$inferSelect;
export type { MessageRefs };

/** One message to keep: whose, the notice's kind, title, ids and time (epoch ms). */
export interface MessageInsert {
  memberId: number;
  kind: string;
  title: string;
  refs: MessageRefs;
  at: number;
}

/** A NOTIFY sent by the same statement that keeps the messages. */
export interface MessageEvent {
  channel: string;
  payload: string;
}

export function createMessagesRepository(db: Db) {
  const unreadOf = (memberId: number | Placeholder) => and(eq(messages.memberId, memberId), isNull(messages.readAt));
  // Every member info asks for it (the badge on 我的): built once, parsed once per connection.
  const unreadCountOf = db
    .select({ n: count() })
    .from(messages)
    .where(unreadOf(sql.placeholder('memberId')))
    .prepare('messages_unread_count');

  return {
    /**
     * Keeps a batch of messages and sends the live events that announce them, in ONE
     * statement (one round trip whatever the batch's size): the events are delivered at its
     * commit, so a member told of a notice always finds it among their messages.
     */
    async insertMany(rows: MessageInsert[], events: MessageEvent[] = [], tx: DbOrTx = db) {
      if (rows.length === 0 && events.length === 0) return;
      const column = <T>(pick: (r: MessageInsert) => T) => arrayColumn(rows, pick);
      await tx.execute(sql`
        WITH kept AS (
          INSERT INTO ${messages} (member_id, kind, title, link, created_at)
          SELECT m, k, t, l::jsonb, to_timestamp(a / 1000.0)
            FROM unnest(
              ${column((r) => r.memberId)}::int[],
              ${column((r) => r.kind)}::text[],
              ${column((r) => r.title)}::text[],
              ${column((r) => JSON.stringify(r.refs))}::text[],
              ${column((r) => r.at)}::bigint[]
            ) AS r(m, k, t, l, a)
          RETURNING 1
        )
        SELECT pg_notify(e.c, e.p)
          FROM unnest(
            ${arrayColumn(events, (e) => e.channel)}::text[],
            ${arrayColumn(events, (e) => e.payload)}::text[]
          ) WITH ORDINALITY AS e(c, p, i)
         ORDER BY e.i`);
    },

    /** One page of a member's messages, newest first. */
    page: (memberId: number, offset: number, limit: number, tx: DbOrTx = db) =>
      tx
        .select()
        .from(messages)
        .where(eq(messages.memberId, memberId))
        .orderBy(desc(messages.id))
        .limit(limit)
        .offset(offset),

    /** A member's messages and their unread ones, in one read. */
    async counts(memberId: number, tx: DbOrTx = db) {
      const [row] = await tx
        .select({ total: count(), read: count(messages.readAt) })
        .from(messages)
        .where(eq(messages.memberId, memberId));
      return { total: row?.total ?? 0, unread: (row?.total ?? 0) - (row?.read ?? 0) };
    },

    /** A member's unread messages (the partial index on unread rows answers it). */
    async unreadCount(memberId: number, tx: DbOrTx = db) {
      const [row] =
        tx === db
          ? await unreadCountOf.execute({ memberId })
          : await tx.select({ n: count() }).from(messages).where(unreadOf(memberId));
      return row?.n ?? 0;
    },

    /** Marks read the member's own unread messages among `ids` (all of them without `ids`). */
    async markRead(memberId: number, ids: number[] | undefined, at: Date, tx: DbOrTx = db) {
      const where = ids ? and(unreadOf(memberId), inArray(messages.id, ids)) : unreadOf(memberId);
      const rows = await tx.update(messages).set({ readAt: at }).where(where).returning({ id: messages.id });
      return rows.length;
    },
  };
}
export type MessagesRepository = ReturnType<typeof createMessagesRepository>;
