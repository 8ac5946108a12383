import { placeBid, type LotBidState, type LotPrice, type StandingBid } from '@antique/shared';
import type { Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, notFound } from '../../lib/domain-error.js';
import type { MembersService } from '../members/members.service.js';
import type { AuctionsRepository, BidderRow, BidRow, LotRow } from './auctions.repository.js';
import type { LotHandRepository } from './lot-hand.repository.js';
import { auctionLotOf, priceOf, rulesOf, statusOf } from './lot-state.js';

/** A deposit to move with a void: `amount` back to the balance (negative: frozen again), one a member. */
export interface DepositChange {
  memberId: number;
  amount: number;
}

/** A bid voided under the lot's lock: the lot before and after, and what the flow does next. */
export interface VoidedBid {
  before: LotRow;
  lot: LotRow;
  price: LotPrice;
  bid: BidRow;
  /** Deposits to release (positive) or freeze again (negative), per wallet. */
  deposits: DepositChange[];
  /** The account that led before and the one that leads now (null: nobody). */
  leaderBefore: number | null;
  leaderAfter: number | null;
}

/** What the remaining bids give when bid afresh by the rules: the lot's standing and each bidder's. */
export interface Replayed {
  state: LotBidState;
  standings: Map<string, StandingBid>;
}

/**
 * Bids replayed through the bidding rules (`placeBid`, the engine every bid goes through),
 * in chain order, from the lot's start: what the lot's standing would be had only these
 * bids been placed. The end stays where it is (`endsAt`), so no bid that was live is refused
 * for lateness; a bid the rules refuse now (too low once a voided bid is gone) stands for nothing.
 */
export function replayBids(lot: LotRow, consignorKey: string | null, chain: readonly BidRow[]): Replayed {
  const rules = rulesOf(lot);
  const auctionLot = auctionLotOf(lot, consignorKey);
  let state: LotBidState = { currentPrice: lot.startPrice, bidCount: 0, leader: null, endsAt: lot.endsAt.getTime() };
  const standings = new Map<string, StandingBid>();
  for (const b of chain) {
    if (b.voidedAt !== null) continue;
    const outcome = placeBid(
      auctionLot,
      state,
      standings.get(b.bidderKey) ?? null,
      { bidder: b.bidderKey, maxBid: b.maxBid, at: b.at.getTime() },
      rules,
    );
    if (!outcome.accepted) continue;
    // A standing keeps the chain's sequence number of the bid that set it, as bidding writes it.
    const mine = { ...outcome.mine, seq: b.seq };
    standings.set(b.bidderKey, mine);
    const leader = outcome.state.leader!;
    state = { ...outcome.state, leader: leader.bidder === b.bidderKey ? mine : leader };
  }
  return { state, standings };
}

/**
 * The house's own hand on a lot, the auctions' side (the flow moves the money, puts the
 * piece back and tells the members): a scheduled or live lot withdrawn, a bid voided and the
 * lot's standing recomputed from the remaining bids.
 */
export function createLotHandService(d: {
  repo: AuctionsRepository;
  hand: LotHandRepository;
  clock: Clock;
  members: Pick<MembersService, 'bidderKeyIfVerified'>;
}) {
  const { repo, hand, clock } = d;

  /** The lot locked, refused unless it is still open (scheduled, not closed; `live`: nor past its end). */
  async function lockOpen(tx: Tx, id: number, opts: { beforeEnd: boolean }) {
    const lot = await repo.lockLot(id, tx);
    if (!lot) throw notFound();
    const now = clock.now();
    if (lot.status !== 'scheduled' || lot.closedAt !== null || (opts.beforeEnd && lot.endsAt.getTime() <= now))
      throw fail('LOT_NOT_OPEN');
    return { lot, at: new Date(now) };
  }

  return {
    /** A lot to withdraw, locked: scheduled and not yet ended (409 LOT_NOT_OPEN otherwise). */
    lockForWithdraw: (tx: Tx, id: number) => lockOpen(tx, id, { beforeEnd: true }),

    /** The lot withdrawn: it never closes (`closed_at` set with the withdrawal), with who and why. */
    async markWithdrawn(tx: Tx, lot: LotRow, at: Date, p: { reason: string; by: number | null }) {
      const row = await hand.updateLot(
        lot.id,
        { status: 'withdrawn', closedAt: at, withdrawnAt: at, withdrawnReason: p.reason, withdrawnBy: p.by },
        tx,
      );
      return { lot: row, price: priceOf(row, clock.now()) };
    },

    /** Whom a withdrawal tells: the lot's bidders and watchers. */
    concerned: (lotId: number) => hand.concerned(lotId),

    /**
     * Voids one bid of a lot not yet closed, under the lot's lock (bids wait for it): the bid
     * marked, the lot's price, leader and count and each bidder's standing max recomputed by
     * replaying the remaining bids, each bidder's deposit set to what the rules ask of their
     * remaining max (a bidder with none left drops out). Answers the deposits to move.
     */
    async voidBid(tx: Tx, lotId: number, bidId: number, p: { reason: string; by: number | null }): Promise<VoidedBid> {
      const { lot, at } = await lockOpen(tx, lotId, { beforeEnd: false });
      const chain = await hand.chainOf(lot.id, tx);
      const target = chain.find((b) => b.id === bidId);
      if (!target) throw notFound();
      if (target.voidedAt !== null || !(await hand.markVoided(target.id, at, p.reason, p.by, tx)))
        throw fail('BID_ALREADY_VOIDED');
      target.voidedAt = at;
      target.voidReason = p.reason;
      target.voidedBy = p.by;

      const consignorKey =
        lot.consignorKey ??
        (lot.consignorId !== null ? await d.members.bidderKeyIfVerified(lot.consignorId, tx) : null);
      const { state, standings } = replayBids(lot, consignorKey, chain);

      const rows = await hand.allBidders(lot.id, tx);
      const holderOf = new Map(rows.map((r) => [r.bidderKey, r.memberId]));
      const change = new Map<number, number>();
      const keep: BidderRow[] = [];
      const drop: string[] = [];
      for (const r of rows) {
        const s = standings.get(r.bidderKey);
        const deposit = s?.deposit ?? 0;
        if (r.deposit !== deposit) change.set(r.memberId, (change.get(r.memberId) ?? 0) + r.deposit - deposit);
        if (s) keep.push({ ...r, maxBid: s.maxBid, seq: s.seq, at: new Date(s.at), deposit });
        else drop.push(r.bidderKey);
      }
      await hand.replaceStandings(lot.id, keep, drop, tx);

      const leader = state.leader;
      const updated = await hand.updateLot(
        lot.id,
        {
          currentPrice: state.currentPrice,
          bidCount: state.bidCount,
          leaderKey: leader?.bidder ?? null,
          leaderMemberId: leader ? (holderOf.get(leader.bidder) ?? null) : null,
          leaderMaxBid: leader?.maxBid ?? null,
          leaderSeq: leader?.seq ?? null,
        },
        tx,
      );
      return {
        before: lot,
        lot: updated,
        price: priceOf(updated, clock.now()),
        bid: target,
        deposits: [...change]
          .filter(([, amount]) => amount !== 0)
          .map(([memberId, amount]) => ({ memberId, amount }))
          .sort((x, y) => x.memberId - y.memberId),
        leaderBefore: lot.leaderMemberId,
        leaderAfter: updated.leaderMemberId,
      };
    },

    // ---------------------------------------------------------------- reads for the bidding signals (integrity)
    /** A lot with its whole chain (voided bids included, with where each came from) and the consignor's identity. */
    async lotForSignals(id: number) {
      const lot = await repo.findLot(id);
      if (!lot) throw notFound();
      const [chain, consignorKey] = await Promise.all([
        hand.chainOf(id),
        lot.consignorKey ?? (lot.consignorId !== null ? d.members.bidderKeyIfVerified(lot.consignorId) : null),
      ]);
      return { lot, chain, consignorKey, status: statusOf(lot, clock.now()) };
    },

    /**
     * Each bidder's record on one consignor's lots: on how many closed lots the bidder key bid,
     * and how many of those they won.
     */
    async consignorRecord(consignorId: number, consignorKey: string | null) {
      const lotsOf = (await hand.lotsOfConsignor(consignorId, consignorKey)).filter(
        (l) => l.status === 'sold' || l.status === 'unsold',
      );
      const bidders = await hand.bidderKeysOn(lotsOf.map((l) => l.id));
      const byLot = new Map(lotsOf.map((l) => [l.id, l]));
      const out = new Map<string, { lots: Set<number>; won: Set<number> }>();
      for (const b of bidders) {
        const rec = out.get(b.bidderKey) ?? { lots: new Set<number>(), won: new Set<number>() };
        rec.lots.add(b.lotId);
        const l = byLot.get(b.lotId)!;
        if (l.status === 'sold' && (l.leaderKey === b.bidderKey || l.winnerId === b.memberId)) rec.won.add(b.lotId);
        out.set(b.bidderKey, rec);
      }
      return new Map([...out].map(([k, r]) => [k, { lots: r.lots.size, won: r.won.size }]));
    },

    /** The ips and devices some accounts bid from, on any lot. */
    bidSources: (memberIds: number[]) => hand.sourcesOf(memberIds),

    /**
     * The house's comparable sales of a lot: sold lots of the same department sharing a search
     * term (the department alone when the lot has no terms), their hammers and median.
     */
    async comparableHammers(lot: LotRow) {
      if (lot.categoryId === null) return { count: 0, median: null };
      const rows = await hand.soldComparables(lot.categoryId, lot.searchTerms, lot.id);
      const hammers = rows.map((r) => r.hammer!).sort((a, b) => a - b);
      if (hammers.length === 0) return { count: 0, median: null };
      const mid = Math.floor(hammers.length / 2);
      const median = hammers.length % 2 === 1 ? hammers[mid]! : Math.round((hammers[mid - 1]! + hammers[mid]!) / 2);
      return { count: hammers.length, median };
    },

    /** Lots closed (sold, unsold) since a moment, with when: the signals job's work. */
    closedSince: (since: Date, limit: number) => hand.closedSince(since, limit),
  };
}
