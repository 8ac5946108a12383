import {
  lotPhase,
  nextMinimum,
  type AuctionLot,
  type AuctionRules,
  type AuctionSession,
  type LotBidState,
  type LotPrice,
  type LotStatus,
  type StandingBid,
} from '@antique/shared';
import type { BidderRow, LotRow, SessionRow } from './auctions.repository.js';

/** A lot's rules: the snapshot taken when it was scheduled, so a settings change never moves a running lot. */
export const rulesOf = (row: LotRow) => row.rules as AuctionRules;

export function statusOf(row: LotRow, now: number): LotStatus {
  if (row.status === 'sold' || row.status === 'unsold' || row.status === 'withdrawn') return row.status;
  return lotPhase({ startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime() }, now);
}

function reserveMetOf(row: LotRow): boolean {
  return row.reservePrice === null || (row.leaderMaxBid !== null && row.leaderMaxBid >= row.reservePrice);
}

/** What the live stream and every view say of a lot's price. */
export function priceOf(row: LotRow, now: number): LotPrice {
  return {
    id: row.id,
    currentPrice: row.currentPrice,
    nextMinimum: nextMinimum(
      { startPrice: row.startPrice, currentPrice: row.currentPrice, bidCount: row.bidCount },
      rulesOf(row).increments,
    ),
    bidCount: row.bidCount,
    endsAt: row.endsAt.getTime(),
    status: statusOf(row, now),
    reserveMet: reserveMetOf(row),
  };
}

/**
 * The rules' view of a lot: the consignor is their bidder key (taken when the lot was made,
 * or since, when they verified afterwards), or the account itself when it has none.
 */
export function auctionLotOf(row: LotRow, consignorKey: string | null = row.consignorKey): AuctionLot {
  return {
    startPrice: row.startPrice,
    reserve: row.reservePrice,
    startsAt: row.startsAt.getTime(),
    plannedEnd: row.plannedEnd.getTime(),
    consignor: consignorKey ?? (row.consignorId !== null ? `member:${row.consignorId}` : null),
  };
}

export function stateOf(row: LotRow): LotBidState {
  return {
    currentPrice: row.currentPrice,
    bidCount: row.bidCount,
    endsAt: row.endsAt.getTime(),
    leader:
      row.leaderKey === null
        ? null
        : { bidder: row.leaderKey, maxBid: row.leaderMaxBid ?? 0, seq: row.leaderSeq ?? 0, at: 0, deposit: 0 },
  };
}

export const standingOf = (b: BidderRow): StandingBid => ({
  bidder: b.bidderKey,
  maxBid: b.maxBid,
  seq: b.seq,
  at: b.at.getTime(),
  deposit: b.deposit,
});

export const toSession = (s: SessionRow): AuctionSession => ({
  id: s.id,
  title: s.title,
  cover: s.cover,
  startsAt: s.startsAt.getTime(),
  staggerSeconds: s.staggerSeconds,
});

/** The memo of a ledger entry about a lot: its number and title, which each locale words. */
export const lotMemo = (code: 'LOT_DEPOSIT' | 'SALE_PROCEEDS', lot: { id: number; title: string }) => ({
  code,
  params: { title: lot.title, lotId: String(lot.id) },
});
