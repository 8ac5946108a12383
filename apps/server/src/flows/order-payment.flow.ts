import type { CreateOrderInput, Order } from '@antique/shared';
import type { Db, Tx } from '../db/client.js';
import type { Clock } from '../lib/clock.js';
import { fail } from '../lib/domain-error.js';
import { retryOnDeadlock } from '../lib/pg-errors.js';
import type { AuctionsService } from '../modules/auctions/auctions.service.js';
import { lotMemo } from '../modules/auctions/lot-state.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { CustodyService } from '../modules/custody/custody.service.js';
import type { MembersService } from '../modules/members/members.service.js';
import { stockOf, type OrdersService, type PendingOrder } from '../modules/orders/orders.service.js';
import type { ReferralsService } from '../modules/referrals/referrals.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';
import type { OrderCancelFlow } from './order-cancel.flow.js';

/**
 * Placing and paying an order, whatever its source (decision 009). A mall order takes its
 * units from the catalogue; an auction order is placed by the lot-close flow. Paying is one
 * transaction across owners, in this order: the buyer's payment (wallet), the order paid
 * (orders), the pieces to the buyer (custody; for the mall, the sale counted in the
 * catalogue; for a lot, the consignor's proceeds through the wallet), the member's total
 * (members) and any referral reward (referrals).
 */
export function createOrderPaymentFlow(d: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  orders: OrdersService;
  wallet: WalletService;
  custody: CustodyService;
  catalogue: Pick<CatalogueService, 'reserve' | 'recordSale'>;
  members: Pick<MembersService, 'addPaid' | 'verifyTradePassword'>;
  referrals: ReferralsService;
  auctions: Pick<AuctionsService, 'settleSold'>;
  cancel: Pick<OrderCancelFlow, 'cancelLocked'>;
}) {
  /**
   * Pays a pending order from the member's balance, in the caller's transaction when given.
   * A paid order is returned as it is: paying twice never charges twice.
   */
  async function pay(outer: Tx | undefined, p: { orderId: number; memberId: number }): Promise<Order> {
    return (outer ?? d.db).transaction(async (tx) => {
      const locked = await d.orders.lockForPayment(tx, p);
      if ('done' in locked) return locked.done;
      const o = locked.pending;
      // `amount` from the balance; an auction's deposit already frozen (`depositApplied`) from frozen.
      if (o.amount > 0 || o.depositApplied > 0) {
        await d.wallet.move(tx, {
          memberId: o.memberId,
          type: 'payment',
          amount: -o.amount,
          ...(o.depositApplied > 0 ? { frozenAmount: -o.depositApplied } : {}),
          memo: { code: 'ORDER_PAYMENT', params: { orderNo: o.orderNo } },
          refType: 'order',
          refId: o.id,
        });
      }
      const paid = await d.orders.markPaid(tx, o);
      if (o.source === 'mall') {
        await d.custody.grant(tx, { ownerId: o.memberId, orderId: o.id, lines: o.items });
        await d.catalogue.recordSale(tx, stockOf(o.items));
      } else {
        await settleLot(tx, o);
      }
      const total = o.amount + o.depositApplied;
      await d.members.addPaid(tx, o.memberId, total);
      await d.referrals.reward(tx, { buyerId: o.memberId, orderId: o.id, orderNo: o.orderNo, amount: total });
      return paid;
    });
  }

  /**
   * The lot an auction order pays for: the consignor credited hammer less commission (the
   * house keeps hammer and premium for its own pieces), and the piece handed to the buyer
   * with its consignment sold, in one call to custody.
   */
  async function settleLot(tx: Tx, o: PendingOrder) {
    const lot = await d.auctions.settleSold(tx, o.id);
    if (lot.consignorId !== null && lot.proceeds > 0) {
      await d.wallet.move(tx, {
        memberId: lot.consignorId,
        type: 'sale_proceeds',
        amount: lot.proceeds,
        refType: 'lot',
        refId: lot.id,
        memo: lotMemo('SALE_PROCEEDS', lot),
      });
    }
    await d.custody.lotSold(tx, {
      holdingId: lot.holdingId,
      lotId: lot.id,
      buyerId: o.memberId,
      orderId: o.id,
      hammer: lot.hammer,
      commission: lot.commission,
      proceeds: lot.proceeds,
    });
  }

  return {
    pay,

    /**
     * A mall order: the stock of every line reserved and the order placed, in one
     * transaction. With a request key, the order already placed under it is returned (a
     * retry after a crash that lost the stored answer), and no stock is taken again.
     */
    async create(memberId: number, input: CreateOrderInput, requestKey?: string): Promise<Order> {
      const minutes = await d.settings.get('mallPaymentMinutes');
      return d.db.transaction(async (tx) => {
        const placed = await d.orders.admitMallOrder(tx, memberId, requestKey);
        if (placed) return placed;
        const lines = await d.catalogue.reserve(tx, input.items);
        return d.orders.place(tx, {
          memberId,
          source: 'mall',
          lines,
          windowMs: minutes * 60_000,
          ...(input.remark ? { remark: input.remark } : {}),
          ...(requestKey ? { requestKey } : {}),
        });
      });
    },

    /**
     * The member pays with the trade password (checked first, with its lockout). An order
     * found past its time is cancelled then and there.
     */
    async confirm(memberId: number, id: number, tradePassword: string): Promise<Order> {
      const first = await d.orders.info(memberId, id);
      if (first.status === 'paid') return first;
      if (first.status === 'cancelled') throw fail('ORDER_NOT_PENDING');
      if (first.expiresAt <= d.clock.now()) {
        await d.db.transaction(async (tx) => {
          const o = await d.orders.lockPending(tx, id);
          if (o) await d.cancel.cancelLocked(tx, o, 'PAYMENT_TIMEOUT');
        });
        throw fail('ORDER_EXPIRED');
      }
      await d.members.verifyTradePassword(memberId, tradePassword);
      return retryOnDeadlock(() => pay(undefined, { orderId: id, memberId }));
    },
  };
}
export type OrderPaymentFlow = ReturnType<typeof createOrderPaymentFlow>;
