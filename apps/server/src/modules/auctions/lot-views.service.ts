import {
  nextMinimum,
  type AdminLot,
  type AdminLotDetail,
  type Lot,
  type LotDetail,
  type LotListStatus,
  type LotPrice,
  type LotStatus,
  type PublicBid,
} from '@antique/shared';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { MembersService } from '../members/members.service.js';
import type { AuctionsRepository, BidderRow, BidRow, LotRow } from './auctions.repository.js';
import { priceOf, rulesOf, toSession } from './lot-state.js';
import { createLotSearch, type Departments, type LotSearchQuery } from './lot-search.service.js';
import type { Db } from '../../db/client.js';

const ms = (d: Date | null) => (d ? d.getTime() : null);

/** What a lot's page says of the piece beside its price. */
const particularsOf = (row: LotRow) => ({
  description: row.description,
  era: row.era,
  material: row.material,
  dimensions: row.dimensions,
  provenance: row.provenance,
});

/** A bid as the public history shows it: exactly what its hash covers. */
const publicBidOf = (b: BidRow): PublicBid => ({
  seq: b.seq,
  bidder: b.bidderPublic,
  amount: b.amount,
  at: b.at.getTime(),
  prevHash: b.prevHash,
  hash: b.hash,
  ...(b.voidedAt !== null ? { voided: { at: b.voidedAt.getTime(), reason: b.voidReason ?? '' } } : {}),
});

/**
 * The public history, newest first, each leader's raise of their own maximum marked: the
 * leader before a bid is the bidder of the last bid that led.
 */
function publicBidsOf(newestFirst: BidRow[]): PublicBid[] {
  let leader: string | null = null;
  const raised = new Set<number>();
  for (const b of [...newestFirst].reverse()) {
    if (b.bidderKey === leader) raised.add(b.seq);
    if (b.leading) leader = b.bidderKey;
  }
  return newestFirst.map((b) => ({ ...publicBidOf(b), ...(raised.has(b.seq) ? { raise: true } : {}) }));
}

/** What a lot's card shows members and operators alike: its price, piece and schedule, the winner masked. */
const cardOf = (r: LotRow, now: number, winners: Map<number, string>) => ({
  ...priceOf(r, now),
  sessionId: r.sessionId,
  title: r.title,
  cover: r.cover,
  images: r.images,
  startPrice: r.startPrice,
  startsAt: r.startsAt.getTime(),
  consigned: r.consignorId !== null,
  ...(r.status === 'sold' && r.winnerId !== null ? { winnerMasked: winners.get(r.winnerId) ?? '' } : {}),
  ...(r.withdrawnAt !== null ? { withdrawn: { at: r.withdrawnAt.getTime(), reason: r.withdrawnReason ?? '' } } : {}),
});

/** The caller's standing bids by lot, when the caller has them at hand (a bid just written). */
export interface KnownStandings {
  key: string;
  rows: Map<number, BidderRow>;
}

/** Lots as members and operators read them: lists, one lot with its history, prices, the dashboard's counts. */
export function createLotViews(d: {
  repo: AuctionsRepository;
  clock: Clock;
  members: Pick<MembersService, 'bidderKeyIfVerified' | 'phonesOf'>;
  /** Search by terms (issue 18): its queries, and the catalogue's departments it reads. */
  db: Db;
  readDb?: Db | undefined;
  departments?: Departments | undefined;
}) {
  const { repo, clock } = d;
  const search = createLotSearch(d);

  /** The caller's standing on each lot (by their bidder key, so any of their accounts sees it). */
  async function standingsOf(memberId: number | undefined, lotIds: number[]): Promise<KnownStandings | undefined> {
    if (memberId === undefined || lotIds.length === 0) return undefined;
    const key = await d.members.bidderKeyIfVerified(memberId);
    if (!key) return undefined;
    const rows = await repo.biddersOfKey(key, lotIds);
    return { key, rows: new Map(rows.map((r) => [r.lotId, r])) };
  }

  /** Lots as the member sees them. */
  async function views(rows: LotRow[], memberId: number | undefined, known?: KnownStandings): Promise<Lot[]> {
    const now = clock.now();
    const [mine, winners] = await Promise.all([
      known ??
        standingsOf(
          memberId,
          rows.map((r) => r.id),
        ),
      d.members.phonesOf(rows.flatMap((r) => (r.status === 'sold' && r.winnerId !== null ? [r.winnerId] : []))),
    ]);
    const key = mine?.key ?? null;
    return rows.map((r) => {
      const own = mine?.rows.get(r.id);
      const leading = own !== undefined && key !== null && r.leaderKey === key;
      return {
        ...cardOf(r, now, winners),
        rules: {
          increments: rulesOf(r).increments.map(([below, step]) => [below, step] as [number | null, number]),
          premiumBps: rulesOf(r).premiumBps,
          depositBps: rulesOf(r).depositBps,
        },
        ...(memberId !== undefined && r.consignorId !== null
          ? { ownLot: r.consignorId === memberId || (key !== null && r.consignorKey === key) }
          : {}),
        ...(own
          ? {
              myMaxBid: own.maxBid,
              leading,
              myDeposit: own.depositSettledAt ? 0 : own.deposit,
              nextMinimum: nextMinimum(
                { startPrice: r.startPrice, currentPrice: r.currentPrice, bidCount: r.bidCount },
                rulesOf(r).increments,
                { maxBid: own.maxBid, leading },
              ),
            }
          : {}),
        ...(own && leading && r.orderId !== null ? { myOrderId: r.orderId } : {}),
      };
    });
  }

  /** One lot as the member sees it; `known`: their standing when the caller has it at hand. */
  const lotView = async (row: LotRow, memberId: number | undefined, known?: KnownStandings) =>
    (await views([row], memberId, known))[0]!;

  async function adminViews(rows: LotRow[]): Promise<AdminLot[]> {
    const now = clock.now();
    const winners = await d.members.phonesOf(rows.flatMap((r) => (r.winnerId !== null ? [r.winnerId] : [])));
    return rows.map((r) => ({
      ...cardOf(r, now, winners),
      reservePrice: r.reservePrice,
      holdingId: r.holdingId,
      consignorId: r.consignorId,
      delegationId: r.delegationId,
      plannedEnd: r.plannedEnd.getTime(),
      winnerId: r.winnerId,
      orderId: r.orderId,
      leaderMaxBid: r.leaderMaxBid,
      closedAt: ms(r.closedAt),
    }));
  }

  return {
    lotView,
    // 成交结果, comparables, each lot's terms and their backfill (issue 18).
    results: search.results,
    comparables: search.comparables,
    lotTerms: search.lotTerms,
    searchableLot: search.searchableLot,
    backfillSearchTerms: search.backfillSearchTerms,
    /** Lots as the member sees them, in the order given (我的竞拍, a session's page). */
    lotViews: views,

    /** A lot by id as the member sees it (a replayed bid's answer). */
    memberLot: async (id: number, memberId: number) => lotView((await repo.findLot(id))!, memberId),

    /** The dashboard's lots by the server clock: live now, live and ending within the hour, still to start. */
    async dashboardFigures() {
      const now = clock.now();
      const c = await repo.lotCounts(new Date(now), new Date(now + 3_600_000));
      return { live: c.live, closingWithinHour: c.closing, scheduled: c.upcoming };
    },

    async list(
      memberId: number | undefined,
      q: { status?: LotListStatus; sessionId?: number; page: number; pageSize: number } & LotSearchQuery,
    ) {
      const now = new Date(clock.now());
      const status = q.status ?? 'live';
      const order = status === 'upcoming' ? 'startsAsc' : status === 'live' ? 'endsAsc' : 'endsDesc';
      const [{ rows, total }, sessions] = await Promise.all([
        search.searches(q)
          ? search.page(q, status, now)
          : repo.lotPage({
              phase: status,
              ...(q.sessionId !== undefined ? { sessionId: q.sessionId } : {}),
              now,
              order,
              limit: q.pageSize,
              offset: offsetOf(q),
            }),
        repo.currentSessions(now),
      ]);
      return { ...pageResult(await views(rows, memberId), total, q), sessions: sessions.map(toSession) };
    },

    async info(memberId: number | undefined, id: number): Promise<LotDetail> {
      const row = await repo.publicLot(id);
      if (!row) throw notFound();
      const [lot, bids, comparables] = await Promise.all([
        lotView(row, memberId),
        repo.bidsOf(id),
        search.comparables({ ...row, excludeLotId: id }),
      ]);
      return { ...lot, ...particularsOf(row), bids: publicBidsOf(bids), comparables };
    },

    /** The current LotPrice of each listed lot that exists. */
    async prices(ids: number[]): Promise<LotPrice[]> {
      const now = clock.now();
      return (await repo.lotsByIds(ids)).map((r) => priceOf(r, now));
    },

    /** Bids recorded at or after the lot's end: there must never be any. */
    bidsAfterEnd: (lotId: number) => repo.bidsAfterEnd(lotId),

    async adminLots(q: { status?: LotStatus; sessionId?: number; page: number; pageSize: number }) {
      const now = new Date(clock.now());
      const filter =
        q.status === 'sold' || q.status === 'unsold' || q.status === 'withdrawn'
          ? { status: q.status }
          : q.status === 'ended'
            ? { status: 'scheduled' as const, phase: 'ended' as const }
            : q.status
              ? { phase: q.status }
              : {};
      const { rows, total } = await repo.lotPage({
        ...filter,
        ...(q.sessionId !== undefined ? { sessionId: q.sessionId } : {}),
        now,
        order: 'newest',
        limit: q.pageSize,
        offset: offsetOf(q),
      });
      return pageResult(await adminViews(rows), total, q);
    },

    /** One lot as the operators' list shows it (a lot just made). */
    adminLotById: async (id: number): Promise<AdminLot> => (await adminViews([(await repo.findLot(id))!]))[0]!,

    async adminLot(id: number): Promise<AdminLotDetail> {
      const row = await repo.findLot(id);
      if (!row) throw notFound();
      const [[lot], bids] = await Promise.all([adminViews([row]), repo.bidsOf(id)]);
      const phones = await d.members.phonesOf(bids.map((b) => b.memberId));
      return {
        ...lot!,
        ...particularsOf(row),
        bids: publicBidsOf(bids).map((pub, i) => ({
          ...pub,
          id: bids[i]!.id,
          maxBid: bids[i]!.maxBid,
          memberId: bids[i]!.memberId,
          memberPhone: phones.get(bids[i]!.memberId) ?? '',
        })),
      };
    },
  };
}
