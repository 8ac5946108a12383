import type { AdminOffer, LotOffer, OfferAcceptInput } from '@antique/shared';
import type { Db } from '../db/client.js';
import type { AuctionsService } from '../modules/auctions/auctions.service.js';
import { lotMemo } from '../modules/auctions/lot-state.js';
import type { Actor, OperatorActor, AuditService } from '../modules/audit/audit.service.js';
import type { CatalogueService } from '../modules/catalogue/catalogue.service.js';
import type { CustodyService } from '../modules/custody/custody.service.js';
import type { MembersService } from '../modules/members/members.service.js';
import type { NoticesService } from '../modules/notices/notices.service.js';
import type { OrdersService } from '../modules/orders/orders.service.js';
import type { SettingsService } from '../modules/settings/settings.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';
import { fail } from '../lib/domain-error.js';

/**
 * Second chance (PRODUCT.md): when a winner did not pay, an operator offers the lot to the
 * underbidder at their max bid for a day. Accepting takes the same path to an order as a
 * win, in one transaction: the deposit frozen (wallet), the piece back into the lot and its
 * unit out of inventory again (custody, catalogue), the auction order placed with the
 * deposit applied (orders), the lot sold to them (auctions). Unpaid in time, that order is
 * cancelled like any win's: the deposit forfeited, the piece back.
 */
export function createSecondChanceFlow(d: {
  db: Db;
  settings: Pick<SettingsService, 'get'>;
  auctions: Pick<
    AuctionsService,
    'lockOfferable' | 'openOffer' | 'lockForAccept' | 'acceptOffer' | 'withdrawOffer' | 'expireOffers'
  >;
  custody: Pick<CustodyService, 'pieceFree' | 'relist'>;
  catalogue: Pick<CatalogueService, 'takeUnit'>;
  wallet: Pick<WalletService, 'move'>;
  orders: Pick<OrdersService, 'place'>;
  members: Pick<MembersService, 'verifyTradePassword'>;
  audit: Pick<AuditService, 'record'>;
  notices: Pick<NoticesService, 'notice' | 'send' | 'sendMany'>;
}) {
  return {
    /** An operator offers the lot to its underbidder (409 when none, the piece is gone, or one is open). */
    async offer(actor: OperatorActor, lotId: number): Promise<AdminOffer> {
      const made = await d.db.transaction(async (tx) => {
        const { lot, candidate } = await d.auctions.lockOfferable(tx, lotId);
        if (!(await d.custody.pieceFree({ holdingId: lot.holdingId, consignorId: lot.consignorId }))) {
          throw fail('PIECE_NOT_AVAILABLE');
        }
        const offer = await d.auctions.openOffer(tx, lot, candidate, actor.operatorId);
        await d.audit.record(tx, actor, {
          action: 'auction.lot.offer',
          targetType: 'lot',
          targetId: lotId,
          after: { offerId: offer.id, memberId: offer.memberId, price: offer.price, expiresAt: offer.expiresAt },
        });
        return offer;
      });
      await d.notices
        .send(made.memberId, d.notices.notice({ kind: 'offer', lotId, offerId: made.id, title: made.title }))
        .catch(() => undefined);
      return made;
    },

    /** The member accepts with their trade password: one order, whatever the retries or parallel taps. */
    async accept(memberId: number, input: OfferAcceptInput): Promise<LotOffer> {
      await d.members.verifyTradePassword(memberId, input.tradePassword);
      const hours = await d.settings.get('auctionPaymentHours');
      return d.db.transaction(async (tx) => {
        const locked = await d.auctions.lockForAccept(tx, memberId, input.id);
        if ('done' in locked) return locked.done;
        const { offer, lot, premium, deposit } = locked;
        const { productId } = await d.custody.relist(tx, {
          holdingId: lot.holdingId,
          consignorId: lot.consignorId,
          delegationId: lot.delegationId,
          lotId: lot.id,
        });
        if (productId !== null) await d.catalogue.takeUnit(tx, productId);
        // As for a win: the deposit on the price frozen from the balance, applied to the order.
        if (deposit > 0) {
          await d.wallet.move(tx, {
            memberId,
            type: 'bid_deposit_freeze',
            amount: -deposit,
            frozenAmount: deposit,
            refType: 'lot',
            refId: lot.id,
            memo: lotMemo('LOT_DEPOSIT', lot),
          });
        }
        const order = await d.orders.place(tx, {
          memberId,
          source: 'auction',
          lines: [
            {
              ...(lot.productId !== null ? { productId: lot.productId } : {}),
              holdingId: lot.holdingId,
              title: lot.title,
              cover: lot.cover,
              price: offer.price,
              quantity: 1,
            },
          ],
          premium,
          depositApplied: Math.min(deposit, offer.price + premium),
          windowMs: hours * 3_600_000,
        });
        return d.auctions.acceptOffer(tx, offer, lot, order.id);
      });
    },

    async withdraw(actor: Actor, id: number): Promise<AdminOffer> {
      const { offer, title } = await d.db.transaction(async (tx) => {
        const w = await d.auctions.withdrawOffer(tx, id);
        await d.audit.record(tx, actor, {
          action: 'auction.offer.withdraw',
          targetType: 'lot',
          targetId: w.offer.lotId,
          before: { offerId: id, status: 'open' },
          after: { offerId: id, status: 'withdrawn' },
        });
        return w;
      });
      await d.notices
        .send(offer.memberId, d.notices.notice({ kind: 'offer_expired', lotId: offer.lotId, offerId: id, title }))
        .catch(() => undefined);
      return offer;
    },

    /** The job: open offers past their day expired, each member told once. */
    async expireDue(): Promise<number> {
      const expired = await d.auctions.expireOffers();
      if (expired.length > 0) {
        await d.notices
          .sendMany(
            expired.map((e) => ({
              memberId: e.memberId,
              notice: d.notices.notice({ kind: 'offer_expired', lotId: e.lotId, offerId: e.id, title: e.title }),
            })),
          )
          .catch(() => undefined);
      }
      return expired.length;
    },
  };
}
export type SecondChanceFlow = ReturnType<typeof createSecondChanceFlow>;
