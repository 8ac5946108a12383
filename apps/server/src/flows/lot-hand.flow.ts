import type { AdminLot, AdminLotDetail } from '@antique/shared';
import type { Db, Tx } from '../db/client.js';
import { retryOnDeadlock } from '../lib/pg-errors.js';
import type { Actor, AuditService } from '../modules/audit/audit.service.js';
import type { AuctionsService } from '../modules/auctions/auctions.service.js';
import { lotMemo } from '../modules/auctions/lot-state.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { CustodyService } from '../modules/custody/custody.service.js';
import type { NoticesService } from '../modules/notices/notices.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';
import { pieceBack } from './piece-back.js';

/**
 * The house's own hand on a lot (issue 18), each in one transaction under the lot's lock
 * (bids wait for it):
 * - withdraw: every frozen deposit released (wallet), the piece back with its owner and the
 *   house's unit back in inventory as for an unsold lot (custody, catalogue), the lot
 *   withdrawn (auctions), audited; the live price says so; after the commit its bidders and
 *   watchers are told.
 * - void a bid: the bid struck out and the lot's standing recomputed from the remaining bids
 *   by the bidding rules (auctions), deposits released or frozen again to match (wallet),
 *   audited; the live price pushed; after the commit the bid's member is told, and the
 *   leader who lost the lead or the one who now has it.
 */
export function createLotHandFlow(d: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  auctions: AuctionsService;
  wallet: Pick<WalletService, 'lockAvailable' | 'moveMany'>;
  custody: Pick<CustodyService, 'lotClosed'>;
  catalogue: Pick<CatalogueService, 'returnUnit'>;
  notices: Pick<NoticesService, 'lotChanged' | 'notice' | 'sendMany'>;
}) {
  const by = (actor: Actor) => (actor ? actor.operatorId : null);

  /** Deposits back (positive) or frozen again (negative), the wallets locked in member order first. */
  async function moveDeposits(
    tx: Tx,
    lot: { id: number; title: string },
    changes: { memberId: number; amount: number }[],
  ) {
    if (changes.length === 0) return;
    await d.wallet.lockAvailable(
      tx,
      changes.map((c) => c.memberId),
    );
    const memo = lotMemo('LOT_DEPOSIT', lot);
    const released = changes.filter((c) => c.amount > 0);
    const frozen = changes.filter((c) => c.amount < 0);
    await d.wallet.moveMany(tx, {
      type: 'bid_deposit_release',
      refType: 'lot',
      refId: lot.id,
      memo,
      moves: released.map((c) => ({ memberId: c.memberId, amount: c.amount, frozenAmount: -c.amount })),
    });
    await d.wallet.moveMany(tx, {
      type: 'bid_deposit_freeze',
      refType: 'lot',
      refId: lot.id,
      memo,
      moves: frozen.map((c) => ({ memberId: c.memberId, amount: c.amount, frozenAmount: -c.amount })),
    });
  }

  return {
    async withdraw(actor: Actor, id: number, reason: string): Promise<AdminLot> {
      const done = await retryOnDeadlock(() =>
        d.db.transaction(async (tx) => {
          const { lot, at } = await d.auctions.lockForWithdraw(tx, id);
          const releases = await d.auctions.settleDeposits(tx, lot, at);
          await moveDeposits(tx, lot, releases);
          await pieceBack(tx, d, lot);
          const withdrawn = await d.auctions.markWithdrawn(tx, lot, at, { reason, by: by(actor) });
          await d.audit.record(tx, actor, {
            action: 'auction.lot.withdraw',
            targetType: 'lot',
            targetId: lot.id,
            before: { status: lot.status, currentPrice: lot.currentPrice, bidCount: lot.bidCount },
            after: { status: 'withdrawn', reason, released: releases },
          });
          await d.notices.lotChanged(withdrawn.price, tx);
          return withdrawn.lot;
        }),
      );
      const concerned = await d.auctions.concerned(done.id);
      const notice = d.notices.notice({ kind: 'lot_withdrawn', lotId: done.id, title: done.title });
      await d.notices.sendMany(concerned.map((memberId) => ({ memberId, notice }))).catch(() => undefined);
      return d.auctions.adminLotById(done.id);
    },

    async voidBid(actor: Actor, lotId: number, bidId: number, reason: string): Promise<AdminLotDetail> {
      const v = await retryOnDeadlock(() =>
        d.db.transaction(async (tx) => {
          const voided = await d.auctions.voidBid(tx, lotId, bidId, { reason, by: by(actor) });
          await moveDeposits(tx, voided.lot, voided.deposits);
          await d.audit.record(tx, actor, {
            action: 'auction.bid.void',
            targetType: 'lot',
            targetId: lotId,
            before: {
              bidId,
              seq: voided.bid.seq,
              memberId: voided.bid.memberId,
              currentPrice: voided.before.currentPrice,
              leaderMemberId: voided.before.leaderMemberId,
              bidCount: voided.before.bidCount,
            },
            after: {
              reason,
              currentPrice: voided.lot.currentPrice,
              leaderMemberId: voided.lot.leaderMemberId,
              bidCount: voided.lot.bidCount,
              deposits: voided.deposits,
            },
          });
          await d.notices.lotChanged(voided.price, tx);
          return voided;
        }),
      );
      // The bid's member is told; a change of leader tells the one who lost it (outbid) and the one who has it now.
      const title = v.lot.title;
      const told = new Map<number, 'bid_voided' | 'outbid'>([[v.bid.memberId, 'bid_voided']]);
      if (v.leaderAfter !== v.leaderBefore) {
        if (v.leaderBefore !== null && !told.has(v.leaderBefore)) told.set(v.leaderBefore, 'outbid');
        if (v.leaderAfter !== null && !told.has(v.leaderAfter)) told.set(v.leaderAfter, 'bid_voided');
      }
      await d.notices
        .sendMany([...told].map(([memberId, kind]) => ({ memberId, notice: d.notices.notice({ kind, lotId, title }) })))
        .catch(() => undefined);
      return d.auctions.adminLot(lotId);
    },
  };
}
export type LotHandFlow = ReturnType<typeof createLotHandFlow>;
