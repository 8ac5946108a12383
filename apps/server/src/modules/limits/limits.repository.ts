import { lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { requestCounts } from '../../db/schema/index.js';

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
