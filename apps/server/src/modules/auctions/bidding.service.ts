import crypto from 'node:crypto';
import { bidHashInput, GENESIS_HASH, placeBid, type LotPrice } from '@antique/shared';
import type { Tx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { fail, notFound, type DomainError } from '../../lib/domain-error.js';
import type { MembersService } from '../members/members.service.js';
import type { AuctionsRepository, BidderRow, BidInsert, LotRow } from './auctions.repository.js';
import { auctionLotOf, priceOf, rulesOf, standingOf, stateOf } from './lot-state.js';

const sha256 = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest('hex');

/** A bid waiting for its lot's next batch. */
export interface BidJob {
  memberId: number;
  bidder: { key: string; publicId: string };
  maxBid: number;
  requestKey?: string | undefined;
  /** Where the bid came from (kept for the house's bidding signals, never public). */
  source?: { ip?: string | undefined; userAgent?: string | undefined } | undefined;
}

/** What a bid's caller gets: the lot after the batch, and their standing (null for a replayed key). */
export interface BidAnswer {
  lot: LotRow;
  standing: BidderRow | null;
}

/** A batch's lot under its row lock, with what deciding its bids needs. */
export interface LockedForBids {
  lot: LotRow;
  standings: Map<string, BidderRow>;
  replayed: Set<string>;
  consignorKey: string | null;
  /** The wallets a deposit may come from: each identity's first bidding account (or the bidder's own). */
  depositHolders: number[];
  /**
   * Bids in the chain beyond the lot's counted bids (those the house voided): a new bid's
   * place in the chain is its count plus this, so voiding never reuses a sequence number.
   */
  chainOffset: number;
}

/** A batch decided: an answer a bid, and what to write. */
export interface DecidedBids {
  lot: LotRow;
  price: LotPrice;
  answers: (DomainError | { standing: BidderRow | null })[];
  /** How many bids were accepted. */
  made: number;
  bids: BidInsert[];
  standings: BidderRow[];
  /** The deposits to freeze: balance to frozen, one a member. */
  freezes: { memberId: number; amount: number; frozenAmount: number }[];
  /** Members who lost the lead in the batch and did not take it back. */
  outbid: number[];
}

/**
 * Bidding: a batch of bids on one lot locked, decided in arrival order exactly as single
 * bids by the shared rules (`placeBid`), and written (standings, the hash-chained bids, the
 * lot's state) in one statement. The bid flow holds the queue and the transaction.
 */
export function createBiddingService(d: {
  repo: AuctionsRepository;
  clock: Clock;
  members: Pick<MembersService, 'bidderKeyIfVerified'>;
}) {
  const { repo, clock } = d;

  return {
    /** The lot a bid under this Idempotency-Key went to, if it was recorded. */
    lotOfBid: async (requestKey: string) => (await repo.bidByRequestKey(requestKey))?.lotId,

    /** The lot row locked with the batch's bidders' standings, the keys already recorded, the consignor's identity. */
    async lockForBids(tx: Tx, lotId: number, jobs: readonly BidJob[]): Promise<LockedForBids> {
      const keys = [...new Set(jobs.map((j) => j.bidder.key))];
      const lot = await repo.lockLot(lotId, tx);
      if (!lot) throw notFound();
      const { standings, chainLength } = await repo.standingsUnderLock(lotId, keys, tx);
      const requestKeys = jobs.flatMap((j) => (j.requestKey ? [j.requestKey] : []));
      const replayed = new Set((await repo.bidsByRequestKeys(requestKeys, tx)).map((b) => b.requestKey!));
      // A consignor who verified their real name after consigning: their identity counts from now.
      const consignorKey =
        lot.consignorKey ??
        (lot.consignorId !== null ? await d.members.bidderKeyIfVerified(lot.consignorId, tx) : null);
      // The deposit stays in the wallet of the identity's first bidding account.
      const depositHolders = [...new Set(jobs.map((j) => standings.get(j.bidder.key)?.memberId ?? j.memberId))];
      // Read under the lot's lock: no bid or void of this lot runs meanwhile.
      const chainOffset = lot.lastHash !== null ? chainLength - lot.bidCount : 0;
      return { lot, standings, replayed, consignorKey, depositHolders, chainOffset };
    },

    /**
     * Decides the batch's bids one after another, the server clock read for each; a
     * deposit top-up the locked balance (`available`, followed through the batch) cannot
     * cover is refused INSUFFICIENT_BALANCE for that bid alone.
     */
    decideBids(locked: LockedForBids, jobs: readonly BidJob[], available: Map<number, number>): DecidedBids {
      let lot = locked.lot;
      const { standings, replayed, consignorKey } = locked;
      const frozen = new Map<number, number>();
      const written = new Map<string, BidderRow>();
      const made: BidInsert[] = [];
      const outbid = new Set<number>();
      const answers: DecidedBids['answers'] = [];
      let now = clock.now();

      for (const job of jobs) {
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
        // The bid's place in the chain (and in the standings); `outcome.seq` counts the bids that stand.
        const seq = outcome.seq + locked.chainOffset;
        const hash = sha256(
          bidHashInput(lot.id, {
            seq,
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
          leaderSeq: leader.bidder === job.bidder.key ? seq : leader.seq,
          lastHash: hash,
          endsAt: new Date(outcome.endsAt),
        };
        const standing: BidderRow = {
          lotId: lot.id,
          bidderKey: job.bidder.key,
          memberId: holder,
          maxBid: outcome.mine.maxBid,
          seq,
          at,
          deposit: outcome.mine.deposit,
          depositSettledAt: null,
        };
        standings.set(job.bidder.key, standing);
        written.set(job.bidder.key, standing);
        made.push({
          lotId: lot.id,
          seq,
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
          ip: job.source?.ip?.slice(0, 64) ?? null,
          userAgent: job.source?.userAgent?.slice(0, 300) ?? null,
        });
        if (job.requestKey) replayed.add(job.requestKey);
        answers.push({ standing });
      }

      // Whoever took the lead back within the batch is not told they lost it.
      outbid.delete(lot.leaderMemberId ?? -1);
      return {
        lot,
        price: priceOf(lot, now),
        // Each bidder's own answer carries their standing at the end of the batch.
        answers: answers.map((a) =>
          a instanceof Error || a.standing === null ? a : { standing: standings.get(a.standing.bidderKey)! },
        ),
        made: made.length,
        bids: made,
        standings: [...written.values()],
        freezes: [...frozen].map(([memberId, f]) => ({ memberId, amount: -f, frozenAmount: f })),
        outbid: [...outbid],
      };
    },

    /**
     * Writes a decided batch in one statement under the lot's lock: the standings, the
     * chained bids, the lot's state, and the live stream's message (`notify`, sent at commit).
     */
    async recordBids(tx: Tx, b: DecidedBids, notify: { channel: string; payload: string }) {
      const { lot } = b;
      await repo.recordBids(
        {
          lotId: lot.id,
          standings: b.standings,
          bids: b.bids,
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
          notify,
        },
        tx,
      );
    },
  };
}
