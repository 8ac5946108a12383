import { closeLot, sellersCommission, settlement, type LotPrice } from '@antique/shared';
import type { Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { AuctionsRepository, LotRow } from './auctions.repository.js';
import { auctionLotOf, priceOf, rulesOf, stateOf } from './lot-state.js';

/** A lot being closed or settled, as the flows read it. */
export type ClosingLot = LotRow;

/** A deposit to release from frozen back to the balance. */
export interface DepositRelease {
  memberId: number;
  amount: number;
}

/** A due lot under its row lock, with the rules' verdict at the moment of closing. */
export type DueLot =
  | { lot: LotRow; at: Date; sold: false }
  | {
      lot: LotRow;
      at: Date;
      sold: true;
      /** The leader: their identity and the account holding their deposit. */
      winner: { key: string; memberId: number };
      settlement: ReturnType<typeof settlement>;
    };

/**
 * Closing a lot and settling its sale, the auctions' side of the lot-close, payment and
 * cancel flows: each step takes the caller's transaction and changes only the auctions'
 * tables, answering what the flow needs for the other owners.
 */
export function createClosingService(d: { repo: AuctionsRepository; clock: Clock }) {
  const { repo, clock } = d;

  const closedPrice = (lot: LotRow) => ({ lot, price: priceOf(lot, clock.now()) as LotPrice });

  return {
    /**
     * Open lots past their end (at most `limit`, the oldest end first), and when the first
     * open lot still running ends (ms; undefined when none).
     */
    dueLots: (limit: number) => repo.dueLots(new Date(clock.now()), limit),

    /**
     * The lot locked (SKIP LOCKED) if it is still open past its end, and the rules' verdict:
     * unsold, or sold to the leader with the hammer, premium and deposit applied.
     */
    async lockDue(tx: Tx, id: number): Promise<DueLot | undefined> {
      const at = new Date(clock.now());
      const lot = await repo.lockDueLot(id, at, tx);
      if (!lot) return undefined;
      const result = closeLot(auctionLotOf(lot), stateOf(lot));
      if (!result.sold) return { lot, at, sold: false };
      const winner = await repo.bidder(lot.id, result.winner, tx);
      if (!winner) throw new Error(`lot ${lot.id}: the leader has no bidder row`);
      return {
        lot,
        at,
        sold: true,
        winner: { key: result.winner, memberId: winner.memberId },
        settlement: settlement(result.hammer, winner.depositSettledAt ? 0 : winner.deposit, rulesOf(lot)),
      };
    },

    /**
     * Settles every still-frozen deposit of the lot but `except`'s, and answers what to
     * release (with `extra`: the part of the winner's deposit beyond the order), one a member.
     */
    async settleDeposits(
      tx: Tx,
      lot: LotRow,
      at: Date,
      opts: { except?: string; extra?: DepositRelease } = {},
    ): Promise<DepositRelease[]> {
      const out = new Map<number, number>();
      if (opts.extra && opts.extra.amount > 0) out.set(opts.extra.memberId, opts.extra.amount);
      for (const b of await repo.biddersOf(lot.id, tx)) {
        if (b.bidderKey === opts.except || b.depositSettledAt !== null) continue;
        if (b.deposit > 0) out.set(b.memberId, (out.get(b.memberId) ?? 0) + b.deposit);
        await repo.settleBidder(lot.id, b.bidderKey, at, tx);
      }
      return [...out].map(([memberId, amount]) => ({ memberId, amount })).sort((x, y) => x.memberId - y.memberId);
    },

    async markUnsold(tx: Tx, lot: LotRow, at: Date) {
      return closedPrice(await repo.updateLot(lot.id, { status: 'unsold', closedAt: at }, tx));
    },

    async markSold(tx: Tx, lot: LotRow, at: Date, p: { winnerId: number; hammer: number; orderId: number }) {
      return closedPrice(
        await repo.updateLot(
          lot.id,
          { status: 'sold', closedAt: at, winnerId: p.winnerId, hammerPrice: p.hammer, orderId: p.orderId },
          tx,
        ),
      );
    },

    /**
     * The lot of an auction order being paid, locked: the winner's deposit settled (applied
     * to the order), and the hammer split into the seller's commission and proceeds.
     */
    async settleSold(tx: Tx, orderId: number) {
      const lot = await repo.lotByOrderForUpdate(orderId, tx);
      if (!lot || lot.hammerPrice === null) throw new Error(`order ${orderId}: no sold lot`);
      const hammer = lot.hammerPrice;
      const commission = sellersCommission(hammer, rulesOf(lot));
      if (lot.leaderKey) await repo.settleBidder(lot.id, lot.leaderKey, new Date(clock.now()), tx);
      return {
        id: lot.id,
        title: lot.title,
        holdingId: lot.holdingId,
        consignorId: lot.consignorId,
        hammer,
        commission,
        proceeds: hammer - commission,
      };
    },

    /** The lot of an auction order gone unpaid, locked: the winner's deposit settled (forfeited), the lot unsold. */
    async settleUnpaid(tx: Tx, orderId: number) {
      const lot = await repo.lotByOrderForUpdate(orderId, tx);
      if (!lot || lot.winnerId === null) throw new Error(`order ${orderId}: no sold lot`);
      if (lot.leaderKey) await repo.settleBidder(lot.id, lot.leaderKey, new Date(clock.now()), tx);
      const { price } = closedPrice(await repo.updateLot(lot.id, { status: 'unsold' }, tx));
      return { id: lot.id, title: lot.title, holdingId: lot.holdingId, winnerId: lot.winnerId, price };
    },
  };
}
