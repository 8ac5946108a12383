import { z } from 'zod';
import { adminLot, adminLotDetail } from './auctions.schema.js';
import { defineEndpoint } from './endpoint.js';
import { pageOf, pageQuery, recordIdText } from './envelope.js';

/**
 * The house's own hand on a lot and the house watching its own auctions (issue 18): an
 * operator withdraws a lot or voids a bid, always with a reason; bidding signals per lot
 * (bidders tied to the consignor, bidding patterns, hammers far above comparables), scored
 * and queued for review.
 */

const reasonText = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: key });

export const withdrawLotInput = z.object({
  id: recordIdText(),
  reason: reasonText('invalid.reason', 200),
});
export type WithdrawLotInput = z.infer<typeof withdrawLotInput>;

export const voidBidInput = z.object({
  id: recordIdText(),
  bidId: recordIdText('invalid.bidId'),
  reason: reasonText('invalid.reason', 200),
});
export type VoidBidInput = z.infer<typeof voidBidInput>;

/**
 * What a signal says, each with a weight (0–1) the scores add up from:
 * - `consignor_identity`: the bidder shares the consignor's verified identity (another account of theirs)
 * - `consignor_inviter`: the consignor invited the bidder, or the bidder invited the consignor, or one inviter both
 * - `consignor_address`: a delivery address of the bidder equals one of the consignor's
 * - `consignor_device`: the bidder bid or signed in from an ip or device the consignor used
 * - `self_outbid`: the bidder raised the price over and over when only one rival was left (bidding up)
 * - `only_near_rivals`: the bidder bid only within seconds after another bidder
 * - `consignor_loser`: the bidder bids on this consignor's lots again and again and rarely wins
 * - `late_retreat`: the bidder was active and stopped just before the end, leaving the price high
 * - `hammer_above_comparables`: the lot's price far above the median hammer of the house's comparable sales
 */
export const signalCodes = [
  'consignor_identity',
  'consignor_inviter',
  'consignor_address',
  'consignor_device',
  'self_outbid',
  'only_near_rivals',
  'consignor_loser',
  'late_retreat',
  'hammer_above_comparables',
] as const;
export type SignalCode = (typeof signalCodes)[number];

/** A lot's score at or above which it counts as suspect (console highlights it; the queue shows it first with the open ones). */
export const SIGNAL_THRESHOLD = 0.5;

export const signalReason = z.object({
  code: z.enum(signalCodes),
  weight: z.number(),
  detail: z.string(),
});
export type SignalReason = z.infer<typeof signalReason>;

export const bidderSignals = z.object({
  memberId: z.number().int(),
  /** The account's phone, masked. */
  memberPhone: z.string(),
  nickname: z.string(),
  /** Bids (not voided) this bidder placed on the lot. */
  bids: z.number().int(),
  score: z.number(),
  reasons: z.array(signalReason),
});
export type BidderSignals = z.infer<typeof bidderSignals>;

export const reviewStatuses = ['open', 'cleared', 'escalated'] as const;
export type ReviewStatus = (typeof reviewStatuses)[number];

export const lotSignals = z.object({
  lotId: z.number().int(),
  title: z.string(),
  lotStatus: adminLot.shape.status,
  consignorId: z.number().int().nullable(),
  currentPrice: z.number().int(),
  /** 0–1: the highest bidder's score, raised by the lot-wide reasons. */
  score: z.number(),
  reasons: z.array(signalReason),
  /** Highest score first. */
  bidders: z.array(bidderSignals),
  reviewStatus: z.enum(reviewStatuses),
  reviewNote: z.string().nullable(),
  reviewedBy: z.number().int().nullable(),
  computedAt: z.number().int(),
});
export type LotSignals = z.infer<typeof lotSignals>;

export const signalQueueItem = lotSignals.omit({ bidders: true }).extend({
  /** The bidder with the highest score, with their reasons (none on a lot without bidders). */
  topBidder: bidderSignals.nullable(),
});
export type SignalQueueItem = z.infer<typeof signalQueueItem>;

export const signalQueueQuery = pageQuery.extend({
  status: z.enum(reviewStatuses, { error: 'invalid.status' }).optional(),
});

export const signalReviewInput = z.object({
  id: recordIdText(),
  status: z.enum(['cleared', 'escalated'], { error: 'invalid.status' }),
  note: reasonText('invalid.note', 500),
});
export type SignalReviewInput = z.infer<typeof signalReviewInput>;

const admin_ = { base: '/v1/admin', auth: 'operator', roles: ['operator'], addition: true } as const;

export const integrityApi = {
  adminWithdrawLot: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/lots/{id}/withdraw',
    input: withdrawLotInput,
    output: adminLot,
    summary:
      'Withdraw a scheduled or live lot with a reason: it never closes, every frozen deposit is released, the piece goes back, bidders and watchers are told (409 LOT_NOT_OPEN once ended, closed or withdrawn).',
  }),
  adminVoidBid: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/lots/{id}/bids/{bidId}/void',
    input: voidBidInput,
    output: adminLotDetail,
    summary:
      'Void one bid of a lot not yet closed, with a reason: the bid stays in the chain struck out, the lot’s standing is recomputed from the remaining bids by the bidding rules, deposits follow (409 LOT_NOT_OPEN when closed, BID_ALREADY_VOIDED).',
  }),
  adminSignals: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/signals',
    input: signalQueueQuery,
    output: pageOf(signalQueueItem),
    summary: 'Lots’ bidding signals, open reviews first, highest score first.',
  }),
  adminLotSignals: defineEndpoint({
    ...admin_,
    method: 'GET',
    path: '/lots/{id}/signals',
    input: z.object({ id: recordIdText() }),
    output: lotSignals,
    summary: 'One lot’s bidding signals, computed afresh (the review is kept).',
  }),
  adminReviewSignals: defineEndpoint({
    ...admin_,
    method: 'POST',
    path: '/lots/{id}/signals/review',
    input: signalReviewInput,
    output: lotSignals,
    summary: 'Record an operator’s review of a lot’s signals: cleared or escalated, with a note.',
  }),
};
