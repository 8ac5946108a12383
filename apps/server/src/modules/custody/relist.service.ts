import type { Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail } from '../../lib/domain-error.js';
import type { CustodyRepository } from './custody.repository.js';
import { ref } from './custody-views.js';

/**
 * A lot offered again after its winner did not pay (a second-chance offer, issue 18): the
 * same piece must still be where the unpaid order left it — held by the house (its unit
 * back in inventory) or by its consignor — and goes back into the lot as it was listed.
 */
export function createRelistService(d: { repo: CustodyRepository; clock: Clock }) {
  const { repo } = d;

  /** Whether the lot's piece is free: with its owner, held, nowhere else. */
  const isFree = (h: { ownerId: number | null; status: string }, consignorId: number | null) =>
    h.status === 'held' && h.ownerId === consignorId;

  return {
    /** The lot's piece is still free to offer (a read; the accept checks again under the lock). */
    async pieceFree(p: { holdingId: number; consignorId: number | null }): Promise<boolean> {
      const h = await repo.find(p.holdingId);
      return h !== undefined && isFree(h, p.consignorId);
    },

    /**
     * The piece back into its lot, in the accepting transaction, under its row lock: the house's
     * piece or the consignor's again `delegated`, the consignment `listed` again (so the payment
     * settles it as any sale), the history recording the listing. 409 PIECE_NOT_AVAILABLE when
     * it went elsewhere meanwhile. Answers the product whose unit leaves inventory again.
     */
    async relist(
      tx: Tx,
      p: { holdingId: number; consignorId: number | null; delegationId: number | null; lotId: number },
    ): Promise<{ productId: number | null }> {
      const h = await repo.lock(p.holdingId, tx);
      if (!h || !isFree(h, p.consignorId)) throw fail('PIECE_NOT_AVAILABLE');
      if (p.delegationId !== null) {
        const moved = await repo.moveDelegation(
          { id: p.delegationId, from: 'unsold' },
          { status: 'listed', settledAt: null },
          tx,
        );
        if (!moved) throw fail('PIECE_NOT_AVAILABLE');
      }
      await repo.update(h.id, { status: 'delegated' }, tx);
      await repo.addEvents(
        [{ holdingId: h.id, event: 'listed', ref: ref.lot(p.lotId), at: new Date(d.clock.now()) }],
        tx,
      );
      return { productId: h.ownerId === null ? h.productId : null };
    },
  };
}
