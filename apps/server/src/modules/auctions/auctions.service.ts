import crypto from 'node:crypto';
import {
  auctionRulesFromSettings,
  bidHashInput,
  closeLot,
  formatFen,
  GENESIS_HASH,
  lotPhase,
  nextMinimum,
  placeBid,
  sellersCommission,
  settlement,
  type AdminLot,
  type AdminLotDetail,
  type AuctionLot,
  type AuctionRules,
  type AuctionSession,
  type HouseLotInput,
  type LotBidState,
  type LotDetail,
  type LotListStatus,
  type LotPrice,
  type PublicBid,
  type LotStatus,
  type Lot,
  type MatchInput,
  type Order,
  type SessionInput,
  type StandingBid,
} from '@antique/shared';
import type { Db, Tx } from '../../db/client.js';
import { type DomainError, fail, invalidField, notFound } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { offsetOf, pageResult } from '../../lib/page.js';
import type { Actor, AuditService, OperatorActor } from '../audit/audit.service.js';
import type { MembersService } from '../members/members.service.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { OrdersService } from '../orders/orders.service.js';
import type { CatalogueService } from '../catalogue/catalogue.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { WalletService } from '../wallet/wallet.service.js';
import {
  createAuctionsRepository,
  type BidderRow,
  type BidInsert,
  type BidRow,
  type LotRow,
  type SessionRow,
} from './auctions.repository.js';
import { FILE_URL } from '../../lib/file-url.js';
import { retryOnDeadlock } from '../../lib/pg-errors.js';
import { sanitizeRichText } from '../../lib/rich-text.js';

/** What the auctions module asks of custody (decision 008); custody is created after auctions. */
export interface AuctionCustody {
  houseHolding(
    tx: Tx,
    p: { productId: number; title: string; cover: string; images: string[] },
  ): Promise<{ id: number }>;
  holdingForLot(
    tx: Tx,
    holdingId: number,
  ): Promise<{
    id: number;
    ownerId: number | null;
    productId: number | null;
    title: string;
    cover: string;
    images?: string[];
    status: string;
  }>;
  /** Records a house piece going up as a lot (consignments record it when approved). */
  lotListed?(tx: Tx, p: { holdingId: number; lotId: number }): Promise<unknown>;
  /** `backToInventory`: the product whose unit the house has back (a house lot unsold). */
  lotClosed(tx: Tx, p: { holdingId: number; lotId: number }): Promise<{ backToInventory: number | null }>;
  lotSettled(
    tx: Tx,
    p: { holdingId: number; lotId: number; hammer: number; commission: number; proceeds: number },
  ): Promise<unknown>;
}

/** What the auctions module asks of orders; orders are created after auctions. */
type AuctionOrders = Pick<OrdersService, 'place' | 'onPaid' | 'onCancelled' | 'pendingDueBefore'>;

export interface NewLot {
  holdingId: number;
  consignorId: number | null;
  delegationId: number | null;
  title: string;
  cover: string;
  images: string[];
  description: string;
  era: string;
  material: string;
  dimensions: string;
  provenance: string;
  startPrice: number;
  reservePrice: number | null;
  startsAt: number;
  endsAt: number;
  sessionId: number | null;
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');
const ms = (d: Date | null) => (d ? d.getTime() : null);
const rulesOf = (row: LotRow) => row.rules as AuctionRules;
/** A lot scheduled in the past by more than this is refused. */
const START_GRACE_MS = 60_000;
const ENDING_SOON_MS = 5 * 60_000;
const PAYMENT_DUE_LEAD_MS = 6 * 3600_000;

function statusOf(row: LotRow, now: number): LotStatus {
  if (row.status === 'sold' || row.status === 'unsold') return row.status;
  return lotPhase({ startsAt: row.startsAt.getTime(), endsAt: row.endsAt.getTime() }, now);
}

function reserveMetOf(row: LotRow): boolean {
  return row.reservePrice === null || (row.leaderMaxBid !== null && row.leaderMaxBid >= row.reservePrice);
}

function priceOf(row: LotRow, now: number): LotPrice {
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

/** The memo of a ledger entry about a lot: its number and title, which each locale words. */
const lotMemo = (code: 'LOT_DEPOSIT' | 'SALE_PROCEEDS', lot: Pick<LotRow, 'id' | 'title'>) => ({
  code,
  params: { title: lot.title, lotId: String(lot.id) },
});

function auctionLotOf(row: LotRow, consignorKey: string | null = row.consignorKey): AuctionLot {
  return {
    startPrice: row.startPrice,
    reserve: row.reservePrice,
    startsAt: row.startsAt.getTime(),
    plannedEnd: row.plannedEnd.getTime(),
    consignor: consignorKey ?? (row.consignorId !== null ? `member:${row.consignorId}` : null),
  };
}

function stateOf(row: LotRow): LotBidState {
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

const standingOf = (b: BidderRow): StandingBid => ({
  bidder: b.bidderKey,
  maxBid: b.maxBid,
  seq: b.seq,
  at: b.at.getTime(),
  deposit: b.deposit,
});

const toSession = (s: SessionRow): AuctionSession => ({
  id: s.id,
  title: s.title,
  cover: s.cover,
  startsAt: s.startsAt.getTime(),
});

/** Most bids one batch decides (one transaction under the lot's lock). */
const MAX_BID_BATCH = 100;

/** A bid waiting for its lot's next batch. */
interface BidJob {
  memberId: number;
  bidder: { key: string; publicId: string };
  maxBid: number;
  requestKey?: string;
  resolve(answer: BidAnswer): void;
  reject(error: unknown): void;
}
/** What a bid's caller gets: the lot after the batch, and their standing (null for a replayed key). */
interface BidAnswer {
  lot: LotRow;
  standing: BidderRow | null;
}
interface BatchResult {
  lot: LotRow;
  answers: (DomainError | { standing: BidderRow | null })[];
  /** Members who lost the lead in the batch and did not take it back. */
  outbid: number[];
}

/**
 * The auction house: sessions, lots, proxy bidding under the lot's row lock, the public
 * hash-chained bid history, closing each lot exactly once, and what follows a win
 * (the order, the deposits, the consignor's proceeds). Decision 008.
 */
export function createAuctionsService(d: {
  db: Db;
  clock: Clock;
  settings: SettingsService;
  wallet: WalletService;
  members: MembersService;
  notices: NoticesService;
  audit: AuditService;
  catalogue: Pick<CatalogueService, 'takeUnit' | 'returnUnit'>;
}) {
  const { db, clock } = d;
  const repo = createAuctionsRepository(db);
  let custody: AuctionCustody | undefined;
  let orders: AuctionOrders | undefined;
  const needCustody = () => {
    if (!custody) throw new Error('auctions: custody not connected');
    return custody;
  };
  const needOrders = () => {
    if (!orders) throw new Error('auctions: orders not connected');
    return orders;
  };

  /** The caller's standing on each lot (by their bidder key, so any of their accounts sees it). */
  async function standingsOf(memberId: number | undefined, lotIds: number[]) {
    if (memberId === undefined || lotIds.length === 0) return { key: null, rows: new Map<number, BidderRow>() };
    const key = await d.members.bidderKeyIfVerified(memberId);
    if (!key) return { key: null, rows: new Map<number, BidderRow>() };
    const rows = await repo.biddersOfKey(key, lotIds);
    return { key, rows: new Map(rows.map((r) => [r.lotId, r])) };
  }

  /** Lots as the member sees them; `known`: their standing bids when the caller has them at hand (a bid just written). */
  async function views(
    rows: LotRow[],
    memberId: number | undefined,
    known?: { key: string; rows: Map<number, BidderRow> },
  ): Promise<Lot[]> {
    const now = clock.now();
    const [{ key, rows: mine }, winners] = await Promise.all([
      known ??
        standingsOf(
          memberId,
          rows.map((r) => r.id),
        ),
      d.members.phonesOf(rows.flatMap((r) => (r.status === 'sold' && r.winnerId !== null ? [r.winnerId] : []))),
    ]);
    return rows.map((r) => {
      const own = mine.get(r.id);
      const leading = own !== undefined && key !== null && r.leaderKey === key;
      const price = priceOf(r, now);
      return {
        ...price,
        sessionId: r.sessionId,
        rules: {
          increments: rulesOf(r).increments.map(([below, step]) => [below, step] as [number | null, number]),
          premiumBps: rulesOf(r).premiumBps,
          depositBps: rulesOf(r).depositBps,
        },
        title: r.title,
        cover: r.cover,
        images: r.images,
        startPrice: r.startPrice,
        startsAt: r.startsAt.getTime(),
        consigned: r.consignorId !== null,
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
        ...(r.status === 'sold' && r.winnerId !== null ? { winnerMasked: winners.get(r.winnerId) ?? '' } : {}),
        ...(own && leading && r.orderId !== null ? { myOrderId: r.orderId } : {}),
      };
    });
  }

  const view = async (
    row: LotRow,
    memberId: number | undefined,
    known?: { key: string; rows: Map<number, BidderRow> },
  ) => (await views([row], memberId, known))[0]!;

  // ---------------------------------------------------------------- bids, in batches
  /**
   * The bids waiting for one lot in this process. One batch a lot runs at a time here;
   * whatever arrives meanwhile goes in the next. Each batch is one transaction under the
   * lot's row lock (which also orders this process's batches against other instances'),
   * deciding its bids one after another exactly as single bids would be, so a hot lot pays
   * for the lock, the round trips and the commit once a batch instead of once a bid.
   */
  const bidQueues = new Map<number, BidJob[]>();

  async function drainBids(lotId: number) {
    for (;;) {
      const queue = bidQueues.get(lotId)!;
      if (queue.length === 0) {
        bidQueues.delete(lotId);
        return;
      }
      const batch = queue.splice(0, MAX_BID_BATCH);
      let decided: BatchResult;
      try {
        decided = await retryOnDeadlock(() => runBids(lotId, batch));
      } catch (e) {
        for (const job of batch) job.reject(e);
        continue;
      }
      const answer = () =>
        batch.forEach((job, i) => {
          const r = decided.answers[i]!;
          if (r instanceof Error) job.reject(r);
          else job.resolve({ lot: decided.lot, standing: r.standing });
        });
      // The outbid notices before the answers (a caller reading its texts after its bid finds
      // them), without holding up the next batch.
      void sendOutbid(decided).then(answer, answer);
    }
  }

  async function sendOutbid({ lot, outbid }: BatchResult) {
    if (outbid.length === 0) return;
    const notice = d.notices.notice({ kind: 'outbid', lotId: lot.id, title: lot.title });
    const sms = { template: 'OUTBID', params: { title: lot.title, price: formatFen(lot.currentPrice) } } as const;
    await d.notices.sendMany(outbid.map((memberId) => ({ memberId, notice, sms }))).catch(() => undefined);
  }

  /** One batch of bids on one lot, in one transaction: one answer a bid, in order. */
  async function runBids(lotId: number, batch: BidJob[]): Promise<BatchResult> {
    return db.transaction(async (tx) => {
      const keys = [...new Set(batch.map((j) => j.bidder.key))];
      const locked = await repo.lockLotWithBidders(lotId, keys, tx);
      if (!locked) throw notFound();
      let lot = locked.lot;
      const { standings } = locked;
      const requestKeys = batch.flatMap((j) => (j.requestKey ? [j.requestKey] : []));
      const replayed = new Set((await repo.bidsByRequestKeys(requestKeys, tx)).map((b) => b.requestKey));
      // A consignor who verified their real name after consigning: their identity counts from now.
      const consignorKey =
        lot.consignorKey ??
        (lot.consignorId !== null ? await d.members.bidderKeyIfVerified(lot.consignorId, tx) : null);
      // The deposit stays in the wallet of the identity's first bidding account: every wallet
      // a deposit may come from, locked, and its balance followed through the batch.
      const available = await d.wallet.lockAvailable(tx, [
        ...new Set(batch.map((j) => standings.get(j.bidder.key)?.memberId ?? j.memberId)),
      ]);
      const frozen = new Map<number, number>();
      const written = new Map<string, BidderRow>();
      const made: BidInsert[] = [];
      const outbid = new Set<number>();
      const answers: BatchResult['answers'] = [];
      let now = clock.now();

      for (const job of batch) {
        if (job.requestKey && replayed.has(job.requestKey)) {
          answers.push({ standing: null });
          continue;
        }
        now = clock.now();
        if (lot.status !== 'scheduled' || lot.closedAt !== null) {
          answers.push(fail('LOT_NOT_LIVE'));
          continue;
        }
        if (lot.consignorId === job.memberId) {
          answers.push(fail('OWN_LOT'));
          continue;
        }
        const mineRow = standings.get(job.bidder.key);
        const outcome = placeBid(
          auctionLotOf(lot, consignorKey),
          stateOf(lot),
          mineRow ? standingOf(mineRow) : null,
          { bidder: job.bidder.key, maxBid: job.maxBid, at: now },
          rulesOf(lot),
        );
        if (!outcome.accepted) {
          answers.push(
            outcome.reason === 'BID_TOO_LOW'
              ? fail('BID_TOO_LOW', { nextMinimum: outcome.nextMinimum })
              : outcome.reason === 'OWN_LOT'
                ? fail('OWN_LOT')
                : fail('LOT_NOT_LIVE'),
          );
          continue;
        }
        const holder = mineRow?.memberId ?? job.memberId;
        if (outcome.depositToFreeze > 0) {
          const left = available.get(holder) ?? 0;
          if (left < outcome.depositToFreeze) {
            answers.push(fail('INSUFFICIENT_BALANCE'));
            continue;
          }
          available.set(holder, left - outcome.depositToFreeze);
          frozen.set(holder, (frozen.get(holder) ?? 0) + outcome.depositToFreeze);
        }
        const at = new Date(now);
        const prevHash = lot.lastHash ?? GENESIS_HASH;
        const hash = sha256(
          bidHashInput(lot.id, {
            seq: outcome.seq,
            bidderId: job.bidder.publicId,
            amount: outcome.publicAmount,
            at: now,
            prevHash,
          }),
        );
        const leader = outcome.state.leader!;
        if (outcome.outbid !== null && lot.leaderMemberId !== null) outbid.add(lot.leaderMemberId);
        lot = {
          ...lot,
          currentPrice: outcome.currentPrice,
          bidCount: outcome.seq,
          leaderKey: leader.bidder,
          leaderMemberId: leader.bidder !== lot.leaderKey ? holder : lot.leaderMemberId,
          leaderMaxBid: leader.maxBid,
          leaderSeq: leader.seq,
          lastHash: hash,
          endsAt: new Date(outcome.endsAt),
        };
        const standing: BidderRow = {
          lotId: lot.id,
          bidderKey: job.bidder.key,
          memberId: holder,
          maxBid: outcome.mine.maxBid,
          seq: outcome.mine.seq,
          at,
          deposit: outcome.mine.deposit,
          depositSettledAt: null,
        };
        standings.set(job.bidder.key, standing);
        written.set(job.bidder.key, standing);
        made.push({
          lotId: lot.id,
          seq: outcome.seq,
          memberId: job.memberId,
          bidderKey: job.bidder.key,
          bidderPublic: job.bidder.publicId,
          maxBid: job.maxBid,
          amount: outcome.publicAmount,
          priceAfter: outcome.currentPrice,
          leading: outcome.leading,
          at,
          prevHash,
          hash,
          requestKey: job.requestKey ?? null,
        });
        if (job.requestKey) replayed.add(job.requestKey);
        answers.push({ standing });
      }

      if (made.length > 0) {
        await d.wallet.moveMany(tx, {
          type: 'bid_deposit_freeze',
          refType: 'lot',
          refId: lot.id,
          memo: lotMemo('LOT_DEPOSIT', lot),
          moves: [...frozen].map(([memberId, f]) => ({ memberId, amount: -f, frozenAmount: f })),
        });
        await repo.recordBids(
          {
            lotId: lot.id,
            standings: [...written.values()],
            bids: made,
            lot: {
              currentPrice: lot.currentPrice,
              bidCount: lot.bidCount,
              leaderKey: lot.leaderKey,
              leaderMemberId: lot.leaderMemberId,
              leaderMaxBid: lot.leaderMaxBid,
              leaderSeq: lot.leaderSeq,
              lastHash: lot.lastHash,
              endsAt: lot.endsAt,
            },
            notify: d.notices.lotEvent(priceOf(lot, now)),
          },
          tx,
        );
      }
      // Each bidder's own answer carries their standing at the end of the batch.
      const final = answers.map((a) =>
        a instanceof Error || a.standing === null ? a : { standing: standings.get(a.standing.bidderKey)! },
      );
      // Whoever took the lead back within the batch is not told they lost it.
      outbid.delete(lot.leaderMemberId ?? -1);
      return { lot, answers: final, outbid: [...outbid] };
    });
  }

  async function rulesNow(): Promise<AuctionRules> {
    return auctionRulesFromSettings(await d.settings.all());
  }

  /** Schedules a lot inside the caller's transaction. */
  async function createLot(tx: Tx, p: NewLot): Promise<{ id: number }> {
    const now = clock.now();
    if (!Number.isSafeInteger(p.startsAt) || p.startsAt < now - START_GRACE_MS) throw invalidField('startsAt');
    if (!Number.isSafeInteger(p.endsAt) || p.endsAt <= p.startsAt) throw invalidField('endsAt');
    if (!Number.isSafeInteger(p.startPrice) || p.startPrice <= 0) throw invalidField('startPrice');
    if (p.reservePrice !== null && (!Number.isSafeInteger(p.reservePrice) || p.reservePrice <= 0))
      throw invalidField('reservePrice');
    if (p.sessionId !== null && !(await repo.findSession(p.sessionId, tx))) throw invalidField('sessionId');
    const consignorKey = p.consignorId === null ? null : await d.members.bidderKeyIfVerified(p.consignorId, tx);
    const row = await repo.insertLot(
      {
        sessionId: p.sessionId,
        holdingId: p.holdingId,
        consignorId: p.consignorId,
        consignorKey,
        delegationId: p.delegationId,
        title: p.title,
        cover: p.cover,
        images: p.images,
        description: p.description,
        era: p.era,
        material: p.material,
        dimensions: p.dimensions,
        provenance: p.provenance,
        startPrice: p.startPrice,
        reservePrice: p.reservePrice,
        startsAt: new Date(p.startsAt),
        plannedEnd: new Date(p.endsAt),
        endsAt: new Date(p.endsAt),
        rules: await rulesNow(),
        status: 'scheduled',
        currentPrice: p.startPrice,
        bidCount: 0,
        createdAt: new Date(now),
      },
      tx,
    );
    return { id: row.id };
  }

  /**
   * Releases every still-frozen deposit of a lot except the given bidder's, plus `extra`
   * (the part of the winner's deposit beyond the order). Wallets are locked in member order,
   * so two lots closing at once with the same bidders never deadlock.
   */
  async function releaseDeposits(
    tx: Tx,
    lot: LotRow,
    except: string | null,
    at: Date,
    extra?: { memberId: number; amount: number },
  ) {
    const releases: { memberId: number; amount: number }[] = extra && extra.amount > 0 ? [extra] : [];
    for (const b of await repo.biddersOf(lot.id, tx)) {
      if (b.bidderKey === except || b.depositSettledAt !== null) continue;
      if (b.deposit > 0) releases.push({ memberId: b.memberId, amount: b.deposit });
      await repo.settleBidder(lot.id, b.bidderKey, at, tx);
    }
    releases.sort((x, y) => x.memberId - y.memberId);
    for (const r of releases) {
      await d.wallet.move(tx, {
        memberId: r.memberId,
        type: 'bid_deposit_release',
        amount: r.amount,
        frozenAmount: -r.amount,
        refType: 'lot',
        refId: lot.id,
        memo: lotMemo('LOT_DEPOSIT', lot),
      });
    }
  }

  /** A lot that ends without a sale: its piece back with its owner, the house's unit back in inventory. */
  async function pieceBack(tx: Tx, lot: LotRow) {
    const { backToInventory } = await needCustody().lotClosed(tx, { holdingId: lot.holdingId, lotId: lot.id });
    if (backToInventory !== null) await d.catalogue.returnUnit(tx, backToInventory);
  }

  /** Closes one due lot, in its own transaction; false when another worker has it or it is closed. */
  async function closeOne(id: number): Promise<{ lot: LotRow; order?: Order } | undefined> {
    return db.transaction(async (tx) => {
      const now = clock.now();
      const at = new Date(now);
      const lot = await repo.lockDueLot(id, at, tx);
      if (!lot) return undefined;
      const rules = rulesOf(lot);
      const result = closeLot(auctionLotOf(lot), stateOf(lot));
      if (!result.sold) {
        await releaseDeposits(tx, lot, null, at);
        await pieceBack(tx, lot);
        const closed = await repo.updateLot(lot.id, { status: 'unsold', closedAt: at }, tx);
        await d.notices.lotChanged(priceOf(closed, now), tx);
        return { lot: closed };
      }
      const winner = await repo.bidder(lot.id, result.winner, tx);
      if (!winner) throw new Error(`lot ${lot.id}: the leader has no bidder row`);
      const s = settlement(result.hammer, winner.depositSettledAt ? 0 : winner.deposit, rules);
      const holding = await needCustody().holdingForLot(tx, lot.holdingId);
      const hours = await d.settings.get('auctionPaymentHours', tx);
      const order = await needOrders().place(tx, {
        memberId: winner.memberId,
        source: 'auction',
        lines: [
          {
            ...(holding.productId !== null ? { productId: holding.productId } : {}),
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
      await releaseDeposits(tx, lot, result.winner, at, { memberId: winner.memberId, amount: s.depositReleased });
      const closed = await repo.updateLot(
        lot.id,
        { status: 'sold', closedAt: at, winnerId: winner.memberId, hammerPrice: s.hammer, orderId: order.id },
        tx,
      );
      await d.notices.lotChanged(priceOf(closed, now), tx);
      return { lot: closed, order };
    });
  }

  /** What the closing job tells afterwards: the winner, with the time left to pay. */
  async function afterClose(r: { lot: LotRow; order?: Order }) {
    if (!r.order || r.lot.winnerId === null) return;
    const due = new Date(r.order.expiresAt + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');
    await d.notices.send(
      r.lot.winnerId,
      d.notices.notice({ kind: 'won', lotId: r.lot.id, orderId: r.order.id, title: r.lot.title }),
      { sms: { template: 'LOT_WON', params: { title: r.lot.title, price: formatFen(r.lot.hammerPrice ?? 0), due } } },
    );
  }

  async function orderPaid(tx: Tx, order: Order) {
    const lot = await repo.lotByOrderForUpdate(order.id, tx);
    if (!lot || lot.hammerPrice === null) throw new Error(`order ${order.id}: no sold lot`);
    const hammer = lot.hammerPrice;
    const commission = sellersCommission(hammer, rulesOf(lot));
    const proceeds = hammer - commission;
    if (lot.leaderKey) await repo.settleBidder(lot.id, lot.leaderKey, new Date(clock.now()), tx);
    // The house keeps hammer and premium for its own pieces; a consignor is credited hammer less commission.
    if (lot.consignorId !== null && proceeds > 0) {
      await d.wallet.move(tx, {
        memberId: lot.consignorId,
        type: 'sale_proceeds',
        amount: proceeds,
        refType: 'lot',
        refId: lot.id,
        memo: lotMemo('SALE_PROCEEDS', lot),
      });
    }
    await needCustody().lotSettled(tx, { holdingId: lot.holdingId, lotId: lot.id, hammer, commission, proceeds });
  }

  async function orderCancelled(tx: Tx, order: Order) {
    const lot = await repo.lotByOrderForUpdate(order.id, tx);
    if (!lot || lot.winnerId === null) throw new Error(`order ${order.id}: no sold lot`);
    if (order.depositApplied > 0) {
      await d.wallet.move(tx, {
        memberId: lot.winnerId,
        type: 'bid_deposit_forfeit',
        amount: 0,
        frozenAmount: -order.depositApplied,
        refType: 'lot',
        refId: lot.id,
        memo: lotMemo('LOT_DEPOSIT', lot),
      });
    }
    if (lot.leaderKey) await repo.settleBidder(lot.id, lot.leaderKey, new Date(clock.now()), tx);
    const unsold = await repo.updateLot(lot.id, { status: 'unsold' }, tx);
    await pieceBack(tx, lot);
    await d.notices.lotChanged(priceOf(unsold, clock.now()), tx);
  }

  async function adminViews(rows: LotRow[]): Promise<AdminLot[]> {
    const now = clock.now();
    const winners = await d.members.phonesOf(rows.flatMap((r) => (r.winnerId !== null ? [r.winnerId] : [])));
    return rows.map((r) => ({
      ...priceOf(r, now),
      sessionId: r.sessionId,
      title: r.title,
      cover: r.cover,
      images: r.images,
      startPrice: r.startPrice,
      startsAt: r.startsAt.getTime(),
      consigned: r.consignorId !== null,
      ...(r.status === 'sold' && r.winnerId !== null ? { winnerMasked: winners.get(r.winnerId) ?? '' } : {}),
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
    /** The dashboard's lots by the server clock: live now, live and ending within the hour, still to start. */
    async dashboardFigures() {
      const now = clock.now();
      const c = await repo.lotCounts(new Date(now), new Date(now + 3_600_000));
      return { live: c.live, closingWithinHour: c.closing, scheduled: c.upcoming };
    },

    /** Custody and orders are created after auctions; they are handed over here when services are wired. */
    connect(late: { custody: AuctionCustody; orders: AuctionOrders }) {
      custody = late.custody;
      orders = late.orders;
      late.orders.onPaid('auction', orderPaid);
      late.orders.onCancelled('auction', orderCancelled);
    },

    createLot,

    async list(
      memberId: number | undefined,
      q: { status?: LotListStatus; sessionId?: number; page: number; pageSize: number },
    ) {
      const now = new Date(clock.now());
      const status = q.status ?? 'live';
      const order = status === 'upcoming' ? 'startsAsc' : status === 'live' ? 'endsAsc' : 'endsDesc';
      const [{ rows, total }, sessions] = await Promise.all([
        repo.lotPage({
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
      const row = await repo.findLot(id);
      if (!row) throw notFound();
      const [lot, bids] = await Promise.all([view(row, memberId), repo.bidsOf(id)]);
      return { ...lot, ...particularsOf(row), bids: publicBidsOf(bids) };
    },

    /** The current LotPrice of each listed lot that exists. */
    async prices(ids: number[]): Promise<LotPrice[]> {
      const now = clock.now();
      return (await repo.lotsByIds(ids)).map((r) => priceOf(r, now));
    },

    /**
     * One bid (decision 008 "One bid"): the bidder's identity and the trade password (when
     * sent) first; then the bid joins its lot's queue in this process and is decided in the
     * next batch (`runBids`), under the lot's row lock, in arrival order. The answer comes
     * after the batch commits; the outbid notices go after it.
     */
    async match(memberId: number, input: MatchInput, requestKey?: string): Promise<Lot> {
      if (requestKey) {
        const done = await repo.bidByRequestKey(requestKey);
        if (done) return view((await repo.findLot(done.lotId))!, memberId);
      }
      const bidder = await d.members.bidderOf(memberId);
      if (input.tradePassword !== undefined) await d.members.verifyTradePassword(memberId, input.tradePassword);
      const { lot, standing } = await new Promise<BidAnswer>((resolve, reject) => {
        const job: BidJob = { memberId, bidder, maxBid: input.maxBid, requestKey, resolve, reject };
        const queue = bidQueues.get(input.id);
        if (queue) queue.push(job);
        else {
          bidQueues.set(input.id, [job]);
          void drainBids(input.id);
        }
      });
      return view(lot, memberId, standing ? { key: bidder.key, rows: new Map([[lot.id, standing]]) } : undefined);
    },

    /** The close job: every open lot past its end, each closed once in its own transaction. */
    async closeDue(limit = 50): Promise<number> {
      const ids = await repo.dueLotIds(new Date(clock.now()), limit);
      let n = 0;
      let failed: unknown;
      // One lot that fails to close (and is retried next run) never holds up the others.
      for (const id of ids) {
        try {
          const r = await closeOne(id);
          if (!r) continue;
          n += 1;
          await afterClose(r).catch(() => undefined);
        } catch (e) {
          failed ??= e;
        }
      }
      if (failed !== undefined) throw failed;
      return n;
    },

    /** "Ending soon" once per lot, to every account that bid on it, about five minutes before its end. */
    async noticeEndingSoon(): Promise<number> {
      const now = clock.now();
      const claimed = await repo.claimEndingSoon(new Date(now), new Date(now + ENDING_SOON_MS));
      let n = 0;
      for (const l of claimed) {
        for (const memberId of await repo.bidMembers(l.id)) {
          if (!(await repo.claimNotice(l.id, memberId, 'ending_soon', new Date(now)))) continue;
          await d.notices.send(memberId, d.notices.notice({ kind: 'ending_soon', lotId: l.id, title: l.title }));
          n += 1;
        }
      }
      return n;
    },

    /** "Payment due" once per won lot, some hours before the payment window ends. */
    async noticePaymentDue(): Promise<number> {
      const now = clock.now();
      const hours = await d.settings.get('auctionPaymentHours');
      const lead = Math.min(PAYMENT_DUE_LEAD_MS, (hours * 3600_000) / 2);
      const due = await needOrders().pendingDueBefore('auction', now + lead, 100);
      let n = 0;
      for (const o of due) {
        const lot = await repo.lotByOrder(o.id);
        if (!lot) continue;
        if (!(await repo.claimNotice(lot.id, o.memberId, 'payment_due', new Date(now)))) continue;
        await d.notices.send(
          o.memberId,
          d.notices.notice({ kind: 'payment_due', lotId: lot.id, orderId: o.id, title: lot.title }),
          { sms: { template: 'PAYMENT_DUE', params: { title: lot.title } } },
        );
        n += 1;
      }
      return n;
    },

    /** Bids recorded at or after the lot's end: there must never be any. */
    bidsAfterEnd: (lotId: number) => repo.bidsAfterEnd(lotId),

    // ---------------------------------------------------------------- operators

    async sessions(q: { page: number; pageSize: number; keyword?: string }) {
      const { rows, total } = await repo.sessionPage({
        limit: q.pageSize,
        offset: offsetOf(q),
        ...(q.keyword ? { keyword: q.keyword } : {}),
      });
      return pageResult(
        rows.map((r) => ({ ...toSession(r.session), lotCount: r.lotCount })),
        total,
        q,
      );
    },

    async createSession(actor: Actor, input: SessionInput): Promise<AuctionSession> {
      if (!FILE_URL.test(input.cover)) throw invalidField('cover');
      return db.transaction(async (tx) => {
        const row = await repo.insertSession(
          {
            title: input.title,
            cover: input.cover,
            startsAt: new Date(input.startsAt),
            createdAt: new Date(clock.now()),
          },
          tx,
        );
        await d.audit.record(tx, actor, {
          action: 'auction.session.create',
          targetType: 'auction_session',
          targetId: row.id,
          after: toSession(row),
        });
        return toSession(row);
      });
    },

    async updateSession(actor: OperatorActor, id: number, input: SessionInput): Promise<AuctionSession> {
      if (!FILE_URL.test(input.cover)) throw invalidField('cover');
      return db.transaction(async (tx) => {
        const before = await repo.findSessionForUpdate(id, tx);
        if (!before) throw notFound();
        const row = (await repo.updateSession(
          id,
          { title: input.title, cover: input.cover, startsAt: new Date(input.startsAt) },
          tx,
        ))!;
        await d.audit.record(tx, actor, {
          action: 'auction.session.update',
          targetType: 'auction_session',
          targetId: id,
          before: toSession(before),
          after: toSession(row),
        });
        return toSession(row);
      });
    },

    async adminLots(q: { status?: LotStatus; sessionId?: number; page: number; pageSize: number }) {
      const now = new Date(clock.now());
      const filter =
        q.status === 'sold' || q.status === 'unsold'
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
          memberId: bids[i]!.memberId,
          memberPhone: phones.get(bids[i]!.memberId) ?? '',
        })),
      };
    },

    /**
     * A house lot made from one free unit of a product's inventory, in one transaction,
     * audited: the unit leaves the mall (409 PIECE_NOT_AVAILABLE when none is free), the
     * house's piece goes up as the lot, and comes back to inventory if it does not sell.
     */
    async createHouseLot(actor: Actor, input: HouseLotInput): Promise<AdminLot> {
      // Pictures come from the house's own upload store, as a product's do.
      if (input.images && !input.images.every((url) => FILE_URL.test(url))) throw invalidField('images');
      const id = await db.transaction(async (tx) => {
        const piece = await d.catalogue.takeUnit(tx, input.productId);
        const images = input.images ?? piece.images.slice(0, 9);
        const title = input.title ?? piece.title.slice(0, 60);
        const cover = images[0]!;
        const holding = await needCustody().houseHolding(tx, { productId: piece.id, title, cover, images });
        const lot = await createLot(tx, {
          holdingId: holding.id,
          consignorId: null,
          delegationId: null,
          title,
          cover,
          images,
          description: input.description !== undefined ? sanitizeRichText(input.description) : piece.description,
          era: input.era ?? piece.era,
          material: input.material ?? piece.material,
          dimensions: input.dimensions ?? piece.dimensions,
          provenance: piece.provenance,
          startPrice: input.startPrice,
          reservePrice: input.reservePrice ?? null,
          startsAt: input.startsAt,
          endsAt: input.endsAt,
          sessionId: input.sessionId ?? null,
        });
        await needCustody().lotListed?.(tx, { holdingId: holding.id, lotId: lot.id });
        await d.audit.record(tx, actor, {
          action: 'auction.lot.create',
          targetType: 'lot',
          targetId: lot.id,
          after: { ...input, holdingId: holding.id },
        });
        return lot.id;
      });
      return (await adminViews([(await repo.findLot(id))!]))[0]!;
    },
  };
}
export type AuctionsService = ReturnType<typeof createAuctionsService>;
