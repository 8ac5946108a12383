import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { lots } from '../../db/schema/index.js';

/**
 * Staggered endings (issue 18): a session's lots end one after another, in the order they
 * were added (their ids), `staggerSeconds` apart from the first one's planned end.
 */
export function createStaggerRepository() {
  return {
    /** The session's lots (withdrawn ones aside) in their order, under the session's lock held by the caller. */
    sessionLots: (sessionId: number, tx: Tx) =>
      tx
        .select({
          id: lots.id,
          status: lots.status,
          startsAt: lots.startsAt,
          plannedEnd: lots.plannedEnd,
          endsAt: lots.endsAt,
          closedAt: lots.closedAt,
        })
        .from(lots)
        .where(and(eq(lots.sessionId, sessionId), ne(lots.status, 'withdrawn')))
        .orderBy(asc(lots.id)),

    /**
     * Moves a lot's planned end, only while it is scheduled, not closed and not extended by
     * soft close (its end still the planned one): a running extension is never cut short.
     */
    async retime(id: number, end: Date, tx: Tx) {
      const [row] = await tx
        .update(lots)
        .set({ plannedEnd: end, endsAt: end })
        .where(
          and(
            eq(lots.id, id),
            eq(lots.status, 'scheduled'),
            isNull(lots.closedAt),
            sql`${lots.endsAt} = ${lots.plannedEnd}`,
            sql`${lots.startsAt} < ${end}`,
          ),
        )
        .returning({ id: lots.id });
      return row !== undefined;
    },
  };
}
