import { formatFen, type Order } from '@antique/shared';
import type { Db, Tx } from '../db/client.js';
import { chinaTime } from '../lib/china-day.js';
import type { Metrics } from '../lib/metrics.js';
import type { AuctionsService, ClosingLot, DepositRelease } from '../modules/auctions/auctions.service.js';
import { lotMemo } from '../modules/auctions/lot-state.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { CustodyService } from '../modules/custody/custody.service.js';
import type { NoticesService } from '../modules/notices/notices.service.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';
import { pieceBack } from './piece-back.js';

/**
 * Closing lots past their end (decision 008, "Closing"), each in its own transaction,
 * closed once even with several instances (auctions locks it with SKIP LOCKED and closes
 * it with a conditional update). Sold: the winner's order placed (orders), every other
 * deposit released (wallet), the lot sold (auctions). Unsold: every deposit released, the
 * piece back with its owner and the house's unit back in inventory (custody, catalogue),
 * the lot unsold. After the commit the winner is told, with the time left to pay.
 */
export function createLotCloseFlow(d: {
  db: Db;
  settings: Pick<SettingsService, 'get'>;
  auctions: AuctionsService;
  orders: Pick<OrdersService, 'place'>;
  wallet: Pick<WalletService, 'lockAvailable' | 'moveMany'>;
  custody: Pick<CustodyService, 'holdingForLot' | 'lotClosed'>;
  catalogue: Pick<CatalogueService, 'returnUnit'>;
  notices: Pick<NoticesService, 'lotChanged' | 'notice' | 'send'>;
  metrics?: Pick<Metrics, 'lotClosed'>;
}) {
  /** Closes one due lot; undefined when another worker has it or it is closed. */
  async function closeOne(id: number): Promise<{ lot: ClosingLot; order?: Order } | undefined> {
    return d.db.transaction(async (tx) => {
      const due = await d.auctions.lockDue(tx, id);
      if (!due) return undefined;
      const { lot, at } = due;
      if (!due.sold) {
        await releaseDeposits(tx, lot, await d.auctions.settleDeposits(tx, lot, at));
        await pieceBack(tx, d, lot);
        const closed = await d.auctions.markUnsold(tx, lot, at);
        await d.notices.lotChanged(closed.price, tx);
        return { lot: closed.lot };
      }
      const { winner, settlement: s } = due;
      const piece = await d.custody.holdingForLot(tx, lot.holdingId);
      const hours = await d.settings.get('auctionPaymentHours', tx);
      const order = await d.orders.place(tx, {
        memberId: winner.memberId,
        source: 'auction',
        lines: [
          {
            ...(piece.productId !== null ? { productId: piece.productId } : {}),
            holdingId: lot.holdingId,
            title: lot.title,
            cover: lot.cover,
            price: s.hammer,
            quantity: 1,
          },
        ],
        premium: s.premium,
        depositApplied: s.depositApplied,
        windowMs: hours * 3600_000,
      });
      // The winner's deposit stays frozen for the order, but for any part beyond it.
      const releases = await d.auctions.settleDeposits(tx, lot, at, {
        except: winner.key,
        extra: { memberId: winner.memberId, amount: s.depositReleased },
      });
      await releaseDeposits(tx, lot, releases);
      const closed = await d.auctions.markSold(tx, lot, at, {
        winnerId: winner.memberId,
        hammer: s.hammer,
        orderId: order.id,
      });
      await d.notices.lotChanged(closed.price, tx);
      return { lot: closed.lot, order };
    });
  }

  /** Deposits back from frozen to balance: one entry a member, in one statement, wallets locked in member order. */
  async function releaseDeposits(tx: Tx, lot: ClosingLot, releases: DepositRelease[]) {
    if (releases.length === 0) return;
    // Locked in member order first, so two lots closing at once with the same bidders never deadlock.
    await d.wallet.lockAvailable(
      tx,
      releases.map((r) => r.memberId),
    );
    await d.wallet.moveMany(tx, {
      type: 'bid_deposit_release',
      refType: 'lot',
      refId: lot.id,
      memo: lotMemo('LOT_DEPOSIT', lot),
      moves: releases.map((r) => ({ memberId: r.memberId, amount: r.amount, frozenAmount: -r.amount })),
    });
  }

  /** What the closing tells afterwards: the winner, with the time left to pay. */
  async function tellWinner(r: { lot: ClosingLot; order?: Order }) {
    if (!r.order || r.lot.winnerId === null) return;
    const due = chinaTime(r.order.expiresAt).slice(0, 16);
    const price = formatFen(r.lot.hammerPrice ?? 0);
    await d.notices.send(
      r.lot.winnerId,
      d.notices.notice({ kind: 'won', lotId: r.lot.id, orderId: r.order.id, title: r.lot.title }),
      { sms: { template: 'LOT_WON', params: { title: r.lot.title, price, due } } },
    );
  }

  /**
   * Every open lot past its end (at most `limit`), each closed once in its own transaction;
   * answers how many closed, whether some past their end are still open (another worker
   * holds one, or more than `limit` were due: look again soon), and when the next open lot
   * ends (ms; undefined when none is open).
   */
  async function closeDueAndNext(limit = 50): Promise<{ closed: number; again: boolean; nextEndsAt?: number }> {
    const { ids, nextEndsAt } = await d.auctions.dueLots(limit);
    let closed = 0;
    let again = ids.length >= limit;
    let failed: unknown;
    // One lot that fails to close (and is retried next run) never holds up the others.
    for (const id of ids) {
      try {
        const r = await closeOne(id);
        if (!r) {
          again = true;
          continue;
        }
        closed += 1;
        d.metrics?.lotClosed(r.lot);
        await tellWinner(r).catch(() => undefined);
      } catch (e) {
        failed ??= e;
      }
    }
    if (failed !== undefined) throw failed;
    return { closed, again, ...(nextEndsAt !== undefined ? { nextEndsAt } : {}) };
  }

  return {
    /** The close job's run (jobs/lot-close.ts). */
    closeDueAndNext,
    /** Every open lot past its end, each closed once in its own transaction: how many closed. */
    async closeDue(limit = 50): Promise<number> {
      return (await closeDueAndNext(limit)).closed;
    },
  };
}
export type LotCloseFlow = ReturnType<typeof createLotCloseFlow>;
