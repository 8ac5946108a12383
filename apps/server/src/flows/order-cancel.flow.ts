import type { Order, OrderCancelReason } from '@antique/shared';
import type { Db, Tx } from '../db/client.js';
import type { AuctionsService } from '../modules/auctions/auctions.service.js';
import { lotMemo } from '../modules/auctions/lot-state.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { CustodyService } from '../modules/custody/custody.service.js';
import type { NoticesService } from '../modules/notices/notices.service.js';
import { stockOf, type OrdersService, type PendingOrder } from '../modules/orders/orders.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';
import { pieceBack } from './piece-back.js';

/**
 * An unpaid order cancelled (decision 009): by the member (a mall order), or by the expiry
 * job (any order past its time). What the order held goes back in the same transaction:
 * a mall order's units to the catalogue; an auction order's lot becomes unsold, the
 * winner's deposit is forfeited to the house, and the piece goes back to its owner (the
 * house's unit to inventory).
 */
export function createOrderCancelFlow(d: {
  db: Db;
  orders: OrdersService;
  catalogue: Pick<CatalogueService, 'release' | 'returnUnit'>;
  auctions: Pick<AuctionsService, 'settleUnpaid'>;
  wallet: Pick<WalletService, 'move'>;
  custody: Pick<CustodyService, 'lotClosed'>;
  notices: Pick<NoticesService, 'lotChanged'>;
}) {
  /** Cancels a pending order locked by the caller, inside the caller's transaction. */
  async function cancelLocked(tx: Tx, o: PendingOrder, reason: OrderCancelReason): Promise<Order> {
    if (o.source === 'mall') await d.catalogue.release(tx, stockOf(o.items));
    const cancelled = await d.orders.markCancelled(tx, o, reason);
    if (o.source === 'auction') await lotUnpaid(tx, o);
    return cancelled;
  }

  /** The lot of an unpaid auction order: unsold, the winner's deposit forfeited, the piece back. */
  async function lotUnpaid(tx: Tx, o: PendingOrder) {
    const lot = await d.auctions.settleUnpaid(tx, o.id);
    if (o.depositApplied > 0) {
      await d.wallet.move(tx, {
        memberId: lot.winnerId,
        type: 'bid_deposit_forfeit',
        amount: 0,
        frozenAmount: -o.depositApplied,
        refType: 'lot',
        refId: lot.id,
        memo: lotMemo('LOT_DEPOSIT', lot),
      });
    }
    await pieceBack(tx, d, lot);
    await d.notices.lotChanged(lot.price, tx);
  }

  return {
    cancelLocked,

    /**
     * The member cancels a pending mall order: its stock is released at once. A cancelled
     * order is returned as it is; a paid one, or an auction order (whose deposit rules
     * apply), cannot be cancelled.
     */
    async cancel(memberId: number, id: number): Promise<Order> {
      return d.db.transaction(async (tx) => {
        const locked = await d.orders.lockForCancel(tx, memberId, id);
        if ('done' in locked) return locked.done;
        return cancelLocked(tx, locked.pending, 'MEMBER_CANCELLED');
      });
    },

    /** The job: cancels pending orders past their time and gives back what they held. */
    async expireDue(limit = 100): Promise<number> {
      return d.db.transaction(async (tx) => {
        const due = await d.orders.lockDue(tx, limit);
        for (const o of due) await cancelLocked(tx, o, 'PAYMENT_TIMEOUT');
        return due.length;
      });
    },
  };
}
export type OrderCancelFlow = ReturnType<typeof createOrderCancelFlow>;
