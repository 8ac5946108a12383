import type { BidderSignals, LotSignals, SignalQueueItem, SignalReason, SignalReviewInput } from '@antique/shared';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { notFound } from '../../lib/domain-error.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { AddressesService } from '../addresses/addresses.service.js';
import type { Actor, AuditService } from '../audit/audit.service.js';
import type { AuctionsService } from '../auctions/auctions.service.js';
import type { MembersService } from '../members/members.service.js';
import { createIntegrityRepository, type LotSignalsRow } from './integrity.repository.js';
import { scoreLot, type AccountTies } from './signal-rules.js';

/** How far back the signals job looks for closed lots to score. */
const JOB_LOOKBACK_MS = 2 * 86_400_000;
/** Lots the job scores per run. */
const JOB_BATCH = 20;

type StoredBidder = BidderSignals & { bidderKey: string };

/** An address as one place: the same region and street however it was spaced or cased. */
const placeOf = (a: { province: string; city: string; district: string; detail: string }) =>
  `${a.province}${a.city}${a.district}${a.detail}`.replace(/\s+/g, '').toLowerCase();

/**
 * The house watching its own auctions (issue 18): each lot's bidding signals, computed from
 * the owners' reads (auctions: the lot, its bids with where they came from, the consignor's
 * other lots, comparable sales; members: inviters and sign-in sources; addresses), scored by
 * `signal-rules.ts`, stored in `lot_signals` with an operator's review. Computed when a lot
 * closes (the `lot-signals` job, after the close committed, never in the bid path) and
 * afresh whenever an operator opens the lot's signals.
 */
export function createIntegrityService(d: {
  db: Db;
  clock: Clock;
  audit: Pick<AuditService, 'record'>;
  auctions: Pick<
    AuctionsService,
    'lotForSignals' | 'consignorRecord' | 'bidSources' | 'comparableHammers' | 'closedSince'
  >;
  members: Pick<MembersService, 'tiesOf'>;
  addresses: Pick<AddressesService, 'list'>;
}) {
  const repo = createIntegrityRepository(d.db);

  async function tiesOf(ids: number[]): Promise<Map<number, AccountTies>> {
    const [accounts, bidSources, addresses] = await Promise.all([
      d.members.tiesOf(ids),
      d.auctions.bidSources(ids),
      Promise.all(ids.map(async (id) => [id, (await d.addresses.list(id)).map(placeOf)] as const)),
    ]);
    const places = new Map(addresses);
    const out = new Map<number, AccountTies>();
    for (const id of ids) {
      const a = accounts.get(id);
      out.set(id, {
        inviterId: a?.inviterId ?? null,
        addresses: places.get(id) ?? [],
        sources: [
          ...(a?.sources ?? []),
          ...bidSources.filter((s) => s.memberId === id).map((s) => ({ ip: s.ip!, userAgent: s.userAgent })),
        ],
      });
    }
    return out;
  }

  /** Scores one lot now and stores it (a review already made is kept). */
  async function compute(lotId: number): Promise<LotSignals> {
    const { lot, chain, consignorKey, status } = await d.auctions.lotForSignals(lotId);
    const bids = chain.filter((b) => b.voidedAt === null);
    const memberIds = [
      ...new Set([...bids.map((b) => b.memberId), ...(lot.consignorId !== null ? [lot.consignorId] : [])]),
    ];
    const [ties, accounts, record, comparables] = await Promise.all([
      tiesOf(memberIds),
      d.members.tiesOf(memberIds),
      lot.consignorId !== null ? d.auctions.consignorRecord(lot.consignorId, consignorKey) : new Map(),
      d.auctions.comparableHammers(lot),
    ]);
    const scored = scoreLot({
      lot: {
        startsAt: lot.startsAt.getTime(),
        endsAt: lot.endsAt.getTime(),
        price: lot.hammerPrice ?? lot.currentPrice,
        leaderKey: lot.leaderKey,
        closed: lot.closedAt !== null,
      },
      consignor:
        lot.consignorId !== null ? { id: lot.consignorId, key: consignorKey, ties: ties.get(lot.consignorId)! } : null,
      bids: bids.map((b) => ({
        seq: b.seq,
        bidderKey: b.bidderKey,
        memberId: b.memberId,
        maxBid: b.maxBid,
        leading: b.leading,
        at: b.at.getTime(),
        ip: b.ip,
        userAgent: b.userAgent,
      })),
      ties,
      record,
      comparables,
    });
    const bidders: StoredBidder[] = scored.bidders.map((b) => ({
      memberId: b.memberId,
      bidderKey: b.bidderKey,
      memberPhone: accounts.get(b.memberId)?.phoneMasked ?? '',
      nickname: accounts.get(b.memberId)?.nickname ?? '',
      bids: b.bids,
      score: b.score,
      reasons: b.reasons,
    }));
    const row = await repo.save({
      lotId,
      score: scored.score,
      reasons: scored.reasons,
      bidders,
      computedAt: new Date(d.clock.now()),
    });
    return view(row, { title: lot.title, status, consignorId: lot.consignorId, currentPrice: lot.currentPrice });
  }

  function view(
    row: LotSignalsRow,
    lot: { title: string; status: LotSignals['lotStatus']; consignorId: number | null; currentPrice: number },
  ): LotSignals {
    return {
      lotId: row.lotId,
      title: lot.title,
      lotStatus: lot.status,
      consignorId: lot.consignorId,
      currentPrice: lot.currentPrice,
      score: row.score,
      reasons: row.reasons as SignalReason[],
      bidders: (row.bidders as StoredBidder[]).map(({ bidderKey: _key, ...b }) => b),
      reviewStatus: row.reviewStatus,
      reviewNote: row.reviewNote,
      reviewedBy: row.reviewedBy,
      computedAt: row.computedAt.getTime(),
    };
  }

  return {
    /** One lot's signals, computed afresh (operators open it: the console's detail). */
    lotSignals: (lotId: number) => compute(lotId),

    async queue(q: { status?: 'open' | 'cleared' | 'escalated'; page: number; pageSize: number }) {
      const { rows, total } = await repo.page({ ...q, limit: q.pageSize, offset: offsetOf(q) });
      const lots = await Promise.all(rows.map((r) => d.auctions.lotForSignals(r.lotId)));
      const list: SignalQueueItem[] = rows.map((r, i) => {
        const { lot, status } = lots[i]!;
        const { bidders, ...rest } = view(r, {
          title: lot.title,
          status,
          consignorId: lot.consignorId,
          currentPrice: lot.currentPrice,
        });
        const top = bidders[0];
        return {
          ...rest,
          topBidder: top ?? null,
        };
      });
      return pageResult(list, total, q);
    },

    /** An operator's review (audited); the lot's signals are computed first if they never were. */
    async review(actor: Actor, lotId: number, input: Omit<SignalReviewInput, 'id'>): Promise<LotSignals> {
      const before = (await repo.find(lotId)) ?? (await compute(lotId), await repo.find(lotId));
      if (!before) throw notFound();
      const row = await d.db.transaction(async (tx) => {
        const r = await repo.review(
          lotId,
          { status: input.status, note: input.note, by: actor?.operatorId ?? null },
          tx,
        );
        await d.audit.record(tx, actor, {
          action: 'integrity.signals.review',
          targetType: 'lot',
          targetId: lotId,
          before: { status: before.reviewStatus, note: before.reviewNote, score: before.score },
          after: { status: input.status, note: input.note },
        });
        return r!;
      });
      const { lot, status } = await d.auctions.lotForSignals(lotId);
      return view(row, { title: lot.title, status, consignorId: lot.consignorId, currentPrice: lot.currentPrice });
    },

    /** The job: lots closed lately whose signals are missing or older than their close, a few a run. */
    async computeClosed(): Promise<number> {
      const closed = await d.auctions.closedSince(new Date(d.clock.now() - JOB_LOOKBACK_MS), 500);
      const computed = await repo.computedAt(closed.map((c) => c.id));
      const due = closed
        .filter((c) => {
          const at = computed.get(c.id);
          return at === undefined || (c.closedAt !== null && at < c.closedAt);
        })
        .slice(0, JOB_BATCH);
      for (const c of due) await compute(c.id);
      return due.length;
    },
  };
}
export type IntegrityService = ReturnType<typeof createIntegrityService>;
