import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { attemptCounts, requestCounts } from '../../db/schema/index.js';

/** One key's attempts: how many in the window begun at `since`, and a pause if one holds. */
export interface Attempts {
  count: number;
  since: number;
  pausedUntil: number | null;
}

export function createLimitsRepository(db: Db) {
  return {
    /**
     * One more request of `key`, in one statement whatever the instances: the count in the
     * key's window (a new window of `windowMs` once the last one ended) and the time left in
     * it. The database's clock decides, the same for every instance.
     */
    async count(key: string, windowMs: number) {
      const [row] = await db
        .insert(requestCounts)
        .values({ key, count: 1, windowEnds: sql`now() + ${windowMs} * interval '1 millisecond'` })
        .onConflictDoUpdate({
          target: requestCounts.key,
          set: {
            count: sql`CASE WHEN ${requestCounts.windowEnds} <= now() THEN 1 ELSE ${requestCounts.count} + 1 END`,
            windowEnds: sql`CASE WHEN ${requestCounts.windowEnds} <= now() THEN excluded.window_ends ELSE ${requestCounts.windowEnds} END`,
          },
        })
        .returning({
          count: requestCounts.count,
          ttlMs: sql<number>`ceil(extract(epoch FROM ${requestCounts.windowEnds} - now()) * 1000)`.mapWith(Number),
        });
      return row!;
    },

    /**
     * Changes one key's attempts under its row lock: `change` gets them (a new key: none
     * counted, from `now`) and says what to keep and what to answer. Parallel calls of one
     * key, on any instance, take turns.
     */
    async changeAttempts<T>(key: string, now: Date, change: (a: Attempts) => { keep: Attempts; answer: T }) {
      return db.transaction(async (tx) => {
        await tx.insert(attemptCounts).values({ key, count: 0, since: now }).onConflictDoNothing();
        const [row] = await tx.select().from(attemptCounts).where(eq(attemptCounts.key, key)).for('update');
        const { keep, answer } = change({
          count: row!.count,
          since: row!.since.getTime(),
          pausedUntil: row!.pausedUntil?.getTime() ?? null,
        });
        await tx
          .update(attemptCounts)
          .set({
            count: keep.count,
            since: new Date(keep.since),
            pausedUntil: keep.pausedUntil === null ? null : new Date(keep.pausedUntil),
          })
          .where(eq(attemptCounts.key, key));
        return answer;
      });
    },

    /** One attempt of `key` less (never below none). */
    async takeBackAttempt(key: string) {
      await db
        .update(attemptCounts)
        .set({ count: sql`${attemptCounts.count} - 1` })
        .where(and(eq(attemptCounts.key, key), gt(attemptCounts.count, 0)));
    },

    /** Drops the attempts whose window began and whose pause ended before `cutoff`; how many. */
    async deleteAttemptsBefore(cutoff: Date) {
      const gone = await db
        .delete(attemptCounts)
        .where(
          and(
            lt(attemptCounts.since, cutoff),
            or(sql`${attemptCounts.pausedUntil} IS NULL`, lt(attemptCounts.pausedUntil, cutoff)),
          ),
        )
        .returning({ key: attemptCounts.key });
      return gone.length;
    },

    /** Drops the windows that ended before `cutoff`; how many. */
    async deleteEndedBefore(cutoff: Date) {
      const gone = await db
        .delete(requestCounts)
        .where(lt(requestCounts.windowEnds, cutoff))
        .returning({ key: requestCounts.key });
      return gone.length;
    },
  };
}
export type LimitsRepository = ReturnType<typeof createLimitsRepository>;
