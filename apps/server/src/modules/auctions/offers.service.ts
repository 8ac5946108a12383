import {
  buyersPremium,
  depositFor,
  OFFER_HOURS,
  type AdminLotOffers,
  type AdminOffer,
  type AuctionRules,
  type LotOffer,
} from '@antique/shared';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { MembersService } from '../members/members.service.js';
import type { LotRow } from './auctions.repository.js';
import { createOffersRepository, type OfferRow } from './offers.repository.js';

/** Whom a new offer on a lot would go to: the underbidder's account and their max bid. */
export interface OfferCandidate {
  memberId: number;
  bidderKey: string;
  price: number;
}

const HOUR_MS = 3_600_000;

const termsOf = (price: number, rules: AuctionRules) => ({
  premium: buyersPremium(price, rules),
  deposit: depositFor(price, rules),
});

const toOffer = (o: OfferRow, lot: { title: string; cover: string; rules: unknown }): LotOffer => ({
  id: o.id,
  lotId: o.lotId,
  title: lot.title,
  cover: lot.cover,
  price: o.price,
  ...termsOf(o.price, lot.rules as AuctionRules),
  status: o.status,
  expiresAt: o.expiresAt.getTime(),
  orderId: o.orderId,
  createdAt: o.createdAt.getTime(),
});

/**
 * Second chance (PRODUCT.md): a lot whose winner did not pay (unsold after its order was
 * cancelled) offered to the underbidder at their max bid for a day. The auctions' side of
 * `flows/second-chance.flow.ts`: which lots qualify and to whom, the offers' rows, and the
 * lot sold again when one is accepted. One open or accepted offer a lot (the unique index).
 */
export function createOffersService(d: { db: Db; clock: Clock; members: Pick<MembersService, 'phonesOf'> }) {
  const repo = createOffersRepository(d.db);
  const now = () => new Date(d.clock.now());

  /** The lot, its offers, and the underbidder a new offer would go to, or why none can be made. */
  async function standing(lot: LotRow, tx: DbOrTx) {
    const offers = await repo.ofLot(lot.id, tx);
    const blocked = (reason: string) => ({ offers, candidate: null, blocked: reason });
    if (lot.status !== 'unsold' || lot.winnerId === null || lot.orderId === null) return blocked('LOT_NOT_OFFERABLE');
    if (offers.some((o) => o.status === 'open' || o.status === 'accepted')) return blocked('OFFER_EXISTS');
    // Never the winner who did not pay, nor anyone offered the lot before; at or above the reserve.
    const skip = new Set([lot.leaderKey, ...offers.map((o) => o.bidderKey)]);
    const next = (await repo.biddersByMax(lot.id, tx)).find(
      (b) => !skip.has(b.bidderKey) && b.memberId !== lot.winnerId,
    );
    if (!next || (lot.reservePrice !== null && next.maxBid < lot.reservePrice)) return blocked('NO_UNDERBIDDER');
    const candidate: OfferCandidate = { memberId: next.memberId, bidderKey: next.bidderKey, price: next.maxBid };
    return { offers, candidate, blocked: null };
  }

  async function adminViews(rows: OfferRow[], lot: LotRow): Promise<AdminOffer[]> {
    const phones = await d.members.phonesOf([...new Set(rows.map((r) => r.memberId))]);
    return rows.map((o) => ({
      ...toOffer(o, lot),
      memberId: o.memberId,
      memberPhone: phones.get(o.memberId) ?? '',
      decidedAt: o.decidedAt?.getTime() ?? null,
    }));
  }

  return {
    async adminLotOffers(lotId: number): Promise<AdminLotOffers> {
      const lot = await repo.lot(lotId);
      if (!lot) throw notFound();
      const s = await standing(lot, d.db);
      const phones = s.candidate ? await d.members.phonesOf([s.candidate.memberId]) : new Map<number, string>();
      return {
        offers: await adminViews(s.offers, lot),
        candidate: s.candidate
          ? {
              memberId: s.candidate.memberId,
              memberPhone: phones.get(s.candidate.memberId) ?? '',
              price: s.candidate.price,
            }
          : null,
        blocked: s.blocked,
      };
    },

    /** The lot locked, if it may be offered now, with the underbidder (409 with the reason otherwise). */
    async lockOfferable(tx: Tx, lotId: number): Promise<{ lot: LotRow; candidate: OfferCandidate }> {
      const lot = await repo.lockLot(lotId, tx);
      if (!lot) throw notFound();
      const s = await standing(lot, tx);
      if (!s.candidate) throw fail(s.blocked as 'LOT_NOT_OFFERABLE' | 'OFFER_EXISTS' | 'NO_UNDERBIDDER');
      return { lot, candidate: s.candidate };
    },

    /** An open offer for a day, in the caller's transaction. */
    async openOffer(tx: Tx, lot: LotRow, c: OfferCandidate, operatorId: number): Promise<AdminOffer> {
      const at = now();
      const row = await repo.insert(
        {
          lotId: lot.id,
          memberId: c.memberId,
          bidderKey: c.bidderKey,
          price: c.price,
          status: 'open',
          expiresAt: new Date(at.getTime() + OFFER_HOURS * HOUR_MS),
          createdBy: operatorId,
          createdAt: at,
        },
        tx,
      );
      if (!row) throw fail('OFFER_EXISTS');
      return (await adminViews([row], lot))[0]!;
    },

    /**
     * The member's offer locked for accepting: an accepted one answered as it is (a retry, a
     * double tap); one not open, or past its time, 409 OFFER_CLOSED; another member's 404.
     */
    async lockForAccept(
      tx: Tx,
      memberId: number,
      id: number,
    ): Promise<{ done: LotOffer } | { offer: OfferRow; lot: LotRow; premium: number; deposit: number }> {
      const offer = await repo.lock(id, tx);
      if (!offer || offer.memberId !== memberId) throw notFound();
      const lot = (await repo.lockLot(offer.lotId, tx))!;
      if (offer.status === 'accepted') return { done: toOffer(offer, lot) };
      if (offer.status !== 'open' || offer.expiresAt.getTime() <= d.clock.now()) throw fail('OFFER_CLOSED');
      if (lot.status !== 'unsold') throw fail('LOT_NOT_OFFERABLE');
      return { offer, lot, ...termsOf(offer.price, lot.rules as AuctionRules) };
    },

    /** The lot sold to the offer's member at its price, the offer accepted with its order. */
    async acceptOffer(tx: Tx, offer: OfferRow, lot: LotRow, orderId: number): Promise<LotOffer> {
      const sold = await repo.sellLot(lot.id, { winnerId: offer.memberId, hammerPrice: offer.price, orderId }, tx);
      if (!sold) throw fail('LOT_NOT_OFFERABLE');
      const row = await repo.close(offer.id, { status: 'accepted', decidedAt: now(), orderId }, tx);
      if (!row) throw fail('OFFER_CLOSED');
      return toOffer(row, sold);
    },

    /** An operator withdraws an open offer (409 OFFER_CLOSED otherwise); audited by the caller. */
    async withdrawOffer(tx: Tx, id: number): Promise<{ offer: AdminOffer; title: string }> {
      const found = await repo.lock(id, tx);
      if (!found) throw notFound();
      const row = await repo.close(id, { status: 'withdrawn', decidedAt: now() }, tx);
      if (!row) throw fail('OFFER_CLOSED');
      const lot = (await repo.lot(row.lotId, tx))!;
      return { offer: (await adminViews([row], lot))[0]!, title: lot.title };
    },

    /** The job's step: open offers past their time expired, each once; whom to tell. */
    async expireOffers(limit = 100) {
      const rows = await repo.expireDue(now(), limit);
      const titles = new Map<number, string>();
      for (const r of rows) {
        if (!titles.has(r.lotId)) titles.set(r.lotId, (await repo.lot(r.lotId))?.title ?? '');
      }
      return rows.map((r) => ({ id: r.id, memberId: r.memberId, lotId: r.lotId, title: titles.get(r.lotId)! }));
    },

    async memberOffers(memberId: number, q: { page: number; pageSize: number }) {
      const { rows, total } = await repo.memberPage({ memberId, limit: q.pageSize, offset: offsetOf(q) });
      return pageResult(
        rows.map((r) => toOffer(r.offer, r)),
        total,
        q,
      );
    },
  };
}
export type OffersService = ReturnType<typeof createOffersService>;
