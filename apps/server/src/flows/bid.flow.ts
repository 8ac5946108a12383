import { formatFen, type Lot, type MatchInput } from '@antique/shared';
import type { Db } from '../db/client.js';
import type { Metrics } from '../lib/metrics.js';
import type { AuctionsService, BidAnswer, BidJob, DecidedBids } from '../modules/auctions/auctions.service.js';
import { lotMemo } from '../modules/auctions/lot-state.js';
import type { MembersService } from '../modules/members/members.service.js';
import type { NoticesService } from '../modules/notices/notices.service.js';
import type { WalletService } from '../modules/wallet/wallet.service.js';
import { createBatchQueue } from './bid-queue.js';

/** Most bids one batch decides (one transaction under the lot's lock). */
const MAX_BID_BATCH = 100;

/**
 * A bid (decision 008, "One bid"): who bids and the trade password first; then the bid
 * waits for its lot's next batch. A batch is one transaction: the lot and the batch's
 * standings locked (auctions), the wallets a deposit may come from locked (wallet), the
 * bids decided in arrival order by the shared rules (auctions), the deposits frozen
 * (wallet), the bids recorded (auctions). After the commit, the members who lost the lead
 * are told (notices); then each caller gets the lot with their own standing.
 */
export function createBidFlow(d: {
  db: Db;
  members: Pick<MembersService, 'bidderOf' | 'verifyTradePassword'>;
  auctions: AuctionsService;
  wallet: Pick<WalletService, 'lockAvailable' | 'moveMany'>;
  notices: Pick<NoticesService, 'lotEvent' | 'notice' | 'sendMany'>;
  metrics?: Pick<Metrics, 'bidAccepted' | 'bidRefused' | 'bidBatch'>;
}) {
  const queue = createBatchQueue<BidJob, BidAnswer>({
    max: MAX_BID_BATCH,
    run: async (lotId, jobs) => {
      d.metrics?.bidBatch(jobs.length);
      const decided = await d.db.transaction(async (tx) => {
        const locked = await d.auctions.lockForBids(tx, lotId, jobs);
        const available = await d.wallet.lockAvailable(tx, locked.depositHolders);
        const bids = d.auctions.decideBids(locked, jobs, available);
        if (bids.made > 0) {
          await d.wallet.moveMany(tx, {
            type: 'bid_deposit_freeze',
            refType: 'lot',
            refId: bids.lot.id,
            memo: lotMemo('LOT_DEPOSIT', bids.lot),
            moves: bids.freezes,
          });
          await d.auctions.recordBids(tx, bids, d.notices.lotEvent(bids.price));
        }
        return bids;
      });
      return {
        answers: decided.answers.map((a) => (a instanceof Error ? a : { lot: decided.lot, standing: a.standing })),
        // The outbid notices before the answers: a caller reading its texts after its bid finds them.
        after: () => tellOutbid(decided),
      };
    },
  });

  async function tellOutbid({ lot, outbid }: DecidedBids) {
    if (outbid.length === 0) return;
    const notice = d.notices.notice({ kind: 'outbid', lotId: lot.id, title: lot.title });
    const sms = { template: 'OUTBID', params: { title: lot.title, price: formatFen(lot.currentPrice) } } as const;
    await d.notices.sendMany(outbid.map((memberId) => ({ memberId, notice, sms })));
  }

  return {
    /** One bid; the lot as the bidder sees it after their batch. A replayed Idempotency-Key answers the lot as it is. */
    async match(memberId: number, input: MatchInput, requestKey?: string, source?: BidJob['source']): Promise<Lot> {
      if (requestKey) {
        const lotId = await d.auctions.lotOfBid(requestKey);
        if (lotId !== undefined) return d.auctions.memberLot(lotId, memberId);
      }
      // Counted once decided (a replayed request above is not a new bid): accepted, or refused by reason.
      try {
        const lot = await place(memberId, input, requestKey, source);
        d.metrics?.bidAccepted();
        return lot;
      } catch (e) {
        d.metrics?.bidRefused(e);
        throw e;
      }
    },
  };

  async function place(memberId: number, input: MatchInput, requestKey?: string, source?: BidJob['source']) {
    const bidder = await d.members.bidderOf(memberId);
    if (input.tradePassword !== undefined) await d.members.verifyTradePassword(memberId, input.tradePassword);
    const { lot, standing } = await queue.add(input.id, {
      memberId,
      bidder,
      maxBid: input.maxBid,
      requestKey,
      source,
    });
    return d.auctions.lotView(
      lot,
      memberId,
      standing ? { key: bidder.key, rows: new Map([[lot.id, standing]]) } : undefined,
    );
  }
}
export type BidFlow = ReturnType<typeof createBidFlow>;
