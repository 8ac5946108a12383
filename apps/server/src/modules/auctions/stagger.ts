import type { Tx } from '../../db/client.js';
import { invalidField } from '../../lib/domain-error.js';
import { createStaggerRepository } from './stagger.repository.js';

/**
 * Staggered endings (issue 18): in a session with `staggerSeconds` > 0, the lot at position k
 * (in the order lots were added) ends k × stagger after the first lot's planned end. Soft
 * close still extends each lot on its own (`endsAt`), never the others' planned ends.
 */
export function createStagger() {
  const repo = createStaggerRepository();

  return {
    /**
     * The end of a lot being added to the session (the caller holds the session's lock): the
     * end it was given when the session is not staggered or has no lot yet, else the slot
     * after the session's last lot. 400 endsAt when that slot is not after the lot's start.
     */
    async endOfNewLot(
      tx: Tx,
      session: { id: number; staggerSeconds: number },
      p: { startsAt: number; endsAt: number },
    ): Promise<number> {
      if (session.staggerSeconds <= 0) return p.endsAt;
      const existing = await repo.sessionLots(session.id, tx);
      if (existing.length === 0) return p.endsAt;
      const end = existing[0]!.plannedEnd.getTime() + existing.length * session.staggerSeconds * 1000;
      if (end <= p.startsAt) throw invalidField('endsAt');
      return end;
    },

    /**
     * The session's lots put in their slots after its stagger changed: each lot still
     * scheduled, not closed and not extended moves to the first lot's planned end + k ×
     * stagger (one that would end before it starts, or has ended, keeps its time).
     * Answers the lots moved, with their new ends, in slot order.
     */
    async retimeSession(
      tx: Tx,
      session: { id: number; staggerSeconds: number },
      now: number,
    ): Promise<{ id: number; endsAt: number }[]> {
      if (session.staggerSeconds <= 0) return [];
      const list = await repo.sessionLots(session.id, tx);
      if (list.length < 2) return [];
      const base = list[0]!.plannedEnd.getTime();
      const moved: { id: number; endsAt: number }[] = [];
      for (const [k, lot] of list.entries()) {
        const end = base + k * session.staggerSeconds * 1000;
        if (k === 0 || end === lot.plannedEnd.getTime() || end <= now || lot.endsAt.getTime() <= now) continue;
        if (await repo.retime(lot.id, new Date(end), tx)) moved.push({ id: lot.id, endsAt: end });
      }
      return moved;
    },
  };
}
