import type { AdminDelegation, DelegateInput, Delegation, DelegationStatus } from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { CustodyRepository, DelegationRow } from './custody.repository.js';
import { ref, toDelegation, toHolding, unavailable, type CustodyViews } from './custody-views.js';

/**
 * Consignments (delegations): a member's held piece offered for auction, reviewed by
 * operators (the lot-listing flow makes the lot), withdrawn while waiting, settled when
 * its lot closes (holdings).
 */
export function createConsignmentsService(d: { db: Db; repo: CustodyRepository; clock: Clock; views: CustodyViews }) {
  const { db, repo, views } = d;
  const now = () => new Date(d.clock.now());

  /** Puts a piece back into its owner's hands (held) after a consignment ends without a sale. */
  async function returnPiece(tx: Tx, holdingId: number, at: Date, reference: string) {
    const h = await repo.lock(holdingId, tx);
    if (!h || h.status !== 'delegated') return;
    await repo.update(holdingId, { status: 'held' }, tx);
    await repo.addEvents([{ holdingId, event: 'returned', ref: reference, at }], tx);
  }

  return {
    async delegations(memberId: number, q: { status?: DelegationStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.delegationPage({
        memberId,
        ...(q.status ? { status: q.status } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await views.delegationViews(rows), total, q);
    },

    /** Consigns a held piece of the member for auction (optional reserve); operators review it. */
    async delegate(memberId: number, input: DelegateInput, requestKey?: string): Promise<Delegation> {
      return db.transaction(async (tx) => {
        const before = requestKey ? await repo.delegationByKey(requestKey, tx) : undefined;
        if (before) return (await views.delegationViews([before], tx))[0]!;
        const at = now();
        const [h] = await repo.move(
          { ids: [input.holdingId], ownerId: memberId, from: 'held' },
          { status: 'delegated' },
          tx,
        );
        if (!h) throw unavailable({ holdingIds: [input.holdingId] });
        const row = await repo.insertDelegation(
          {
            memberId,
            holdingId: h.id,
            status: 'pending',
            reservePrice: input.reservePrice ?? null,
            createdAt: at,
            requestKey: requestKey ?? null,
          },
          tx,
        );
        await repo.addEvents([{ holdingId: h.id, event: 'consigned', ref: ref.delegation(row.id), at }], tx);
        return toDelegation(row, toHolding(h));
      });
    },

    /** Withdraws a consignment still waiting for review: the piece is held again. Cancelling again returns it. */
    async cancelDelegation(memberId: number, id: number): Promise<Delegation> {
      return db.transaction(async (tx) => {
        const at = now();
        const row = await repo.moveDelegation({ id, memberId, from: 'pending' }, { status: 'cancelled' }, tx);
        if (!row) {
          const existing = await repo.delegation(id, tx);
          if (!existing || existing.memberId !== memberId) throw notFound();
          if (existing.status === 'cancelled') return (await views.delegationViews([existing], tx))[0]!;
          throw unavailable({ status: existing.status });
        }
        await returnPiece(tx, row.holdingId, at, ref.delegation(row.id));
        return (await views.delegationViews([row], tx))[0]!;
      });
    },

    async adminDelegations(q: { status?: DelegationStatus; page: number; pageSize: number }) {
      const { rows, total } = await repo.delegationPage({
        ...(q.status ? { status: q.status } : {}),
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await views.adminDelegationViews(rows), total, q);
    },

    adminConsignmentView: async (row: DelegationRow, tx: Db | Tx = db): Promise<AdminDelegation> =>
      (await views.adminDelegationViews([row], tx))[0]!,

    /** The catalogue's product of a consigned piece (its particulars go on the lot), null when none. */
    async consignedProductId(id: number): Promise<number | null> {
      const c = await repo.delegation(id);
      return (c && (await repo.find(c.holdingId))?.productId) ?? null;
    },

    /** A consignment waiting for review, locked; 409 HOLDING_NOT_AVAILABLE when already reviewed or withdrawn. */
    async lockPendingConsignment(tx: Tx, id: number): Promise<DelegationRow> {
      const c = await repo.lockDelegation(id, tx);
      if (!c) throw notFound();
      if (c.status !== 'pending') throw unavailable({ status: c.status });
      return c;
    },

    /** The consignment's piece, locked, still consigned by its owner. */
    async consignedPiece(tx: Tx, c: DelegationRow) {
      const h = await repo.lock(c.holdingId, tx);
      if (!h || h.status !== 'delegated' || h.ownerId !== c.memberId) throw unavailable();
      return h;
    },

    /**
     * A pending consignment reviewed: approved, it is `listed` as the lot and the piece's
     * history says so; rejected with a reason, the piece is held again.
     */
    async consignmentReviewed(
      tx: Tx,
      c: DelegationRow,
      r: { reviewer: number | null } & ({ lotId: number } | { reason: string }),
    ) {
      const at = now();
      const row = (await repo.moveDelegation(
        { id: c.id, from: 'pending' },
        'lotId' in r
          ? { status: 'listed', lotId: r.lotId, reviewedBy: r.reviewer, reviewedAt: at }
          : { status: 'rejected', rejectReason: r.reason, reviewedBy: r.reviewer, reviewedAt: at },
        tx,
      ))!;
      if ('lotId' in r)
        await repo.addEvents([{ holdingId: c.holdingId, event: 'listed', ref: ref.lot(r.lotId), at }], tx);
      else await returnPiece(tx, row.holdingId, at, ref.delegation(row.id));
      return row;
    },
  };
}
