import { z } from 'zod';
import { tradePassword } from './accounts.schema.js';
import { holdingHistoryEntry } from './custody.schema.js';
import { defineEndpoint } from './endpoint.js';
import { pageOf, pageQuery, recordId, recordIdText } from './envelope.js';
import { claimReasons, CLAIM_TEXT_MIN, CLAIM_TEXT_MAX, CLAIM_PHOTOS_MAX } from './client-limits.js';

/**
 * Protecting collectors (issue 18): the house's guarantee (a claim on a received piece,
 * decided by operators), second-chance offers to an underbidder when a winner did not pay,
 * and a session's staggered endings (in the auctions' session calls).
 */

// ---------------------------------------------------------------- the guarantee

export type ClaimReason = (typeof claimReasons)[number];

export const claimStatuses = ['pending', 'accepted', 'rejected'] as const;
export type ClaimStatus = (typeof claimStatuses)[number];

export const claimInput = z.object({
  holdingId: recordId('invalid.holdingId'),
  reason: z.enum(claimReasons, { error: 'invalid.reason' }),
  text: z
    .string({ error: 'invalid.text' })
    .trim()
    .min(CLAIM_TEXT_MIN, { error: 'invalid.text' })
    .max(CLAIM_TEXT_MAX, { error: 'invalid.text' }),
  photos: z
    .array(z.string().min(1).max(512), { error: 'invalid.photos' })
    .min(1, { error: 'invalid.photos' })
    .max(CLAIM_PHOTOS_MAX, { error: 'invalid.photos' })
    .refine((p) => new Set(p).size === p.length, { error: 'invalid.photos' }),
});
export type ClaimInput = z.infer<typeof claimInput>;

export const claim = z.object({
  id: z.number().int(),
  holdingId: z.number().int(),
  title: z.string(),
  cover: z.string(),
  reason: z.enum(claimReasons),
  text: z.string(),
  photos: z.array(z.string()),
  status: z.enum(claimStatuses),
  /** What the buyer paid for the piece: refunded to the wallet when the claim is accepted. */
  amount: z.number().int(),
  /** The operator's reason, once decided. */
  decisionReason: z.string().nullable(),
  createdAt: z.number().int(),
  decidedAt: z.number().int().nullable(),
});
export type Claim = z.infer<typeof claim>;

/** The guarantee's terms as the claim form shows them. */
export const claimTerms = z.object({
  /** Days after receipt within which a received piece may be claimed. */
  guaranteeDays: z.number().int(),
});
export type ClaimTerms = z.infer<typeof claimTerms>;

export const adminClaimQuery = pageQuery.extend({
  status: z.enum(claimStatuses, { error: 'invalid.status' }).optional(),
});

export const adminClaim = claim.extend({
  memberId: z.number().int(),
  memberPhone: z.string(),
  orderId: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
});
export type AdminClaim = z.infer<typeof adminClaim>;

/** A claim with what the operator needs to decide it: the piece's whole history, its order and receipt. */
export const adminClaimDetail = adminClaim.extend({
  receivedAt: z.number().int().nullable(),
  holdingStatus: z.string(),
  /** The piece's owner now: null once it is back with the house. */
  holdingOwnerId: z.number().int().nullable(),
  history: z.array(holdingHistoryEntry),
  order: z
    .object({
      id: z.number().int(),
      orderNo: z.string(),
      source: z.enum(['mall', 'auction']),
      goodsAmount: z.number().int(),
      premium: z.number().int(),
      amount: z.number().int(),
      paidAt: z.number().int().nullable(),
    })
    .nullable(),
});
export type AdminClaimDetail = z.infer<typeof adminClaimDetail>;

export const claimDecision = z.object({
  id: recordIdText(),
  accept: z.boolean({ error: 'invalid.accept' }),
  reason: z
    .string({ error: 'invalid.reason' })
    .trim()
    .min(1, { error: 'invalid.reason' })
    .max(200, { error: 'invalid.reason' }),
});
export type ClaimDecision = z.infer<typeof claimDecision>;

// ---------------------------------------------------------------- second chance

export const offerStatuses = ['open', 'accepted', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof offerStatuses)[number];

/** How long an underbidder has to accept. */
export const OFFER_HOURS = 24;

export const lotOffer = z.object({
  id: z.number().int(),
  lotId: z.number().int(),
  title: z.string(),
  cover: z.string(),
  /** The underbidder's last price: the hammer if accepted. */
  price: z.number().int(),
  /** The buyer's premium on it. */
  premium: z.number().int(),
  /** Frozen from the balance on accepting and applied to the order, as for any win. */
  deposit: z.number().int(),
  status: z.enum(offerStatuses),
  expiresAt: z.number().int(),
  /** The order made when accepted. */
  orderId: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type LotOffer = z.infer<typeof lotOffer>;

export const offerAcceptInput = z.object({ id: recordId(), tradePassword });
export type OfferAcceptInput = z.infer<typeof offerAcceptInput>;

export const adminOffer = lotOffer.extend({
  memberId: z.number().int(),
  memberPhone: z.string(),
  decidedAt: z.number().int().nullable(),
});
export type AdminOffer = z.infer<typeof adminOffer>;

/** A lot's offers, and whom a new one would go to (null with the reason when none can be made). */
export const adminLotOffers = z.object({
  offers: z.array(adminOffer),
  candidate: z.object({ memberId: z.number().int(), memberPhone: z.string(), price: z.number().int() }).nullable(),
  /** Why no offer can be made now (a reason code), when `candidate` is null. */
  blocked: z.string().nullable(),
});
export type AdminLotOffers = z.infer<typeof adminLotOffers>;

// ---------------------------------------------------------------- staggered endings

export const MAX_STAGGER_SECONDS = 3600;
export const staggerSeconds = z
  .number({ error: 'invalid.staggerSeconds' })
  .int({ error: 'invalid.staggerSeconds' })
  .min(0, { error: 'invalid.staggerSeconds' })
  .max(MAX_STAGGER_SECONDS, { error: 'invalid.staggerSeconds' });

export const protectApi = {
  claim: defineEndpoint({
    method: 'POST',
    base: '/v1/iyd',
    path: '/order/claim',
    input: claimInput,
    output: claim,
    auth: 'member',
    addition: true,
    summary:
      'Claim under the house’s guarantee: a piece the caller received, within the settings’ days after receipt, with a reason, a text and photos (claim uploads). One live claim a piece.',
  }),
  claimList: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/order/claim/list',
    input: pageQuery,
    output: pageOf(claim),
    auth: 'member',
    addition: true,
    summary: 'The caller’s claims, newest first, with their status and the decision’s reason.',
  }),
  claimTerms: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/order/claim/terms',
    input: z.object({}),
    output: claimTerms,
    auth: 'optional',
    addition: true,
    summary: 'The guarantee’s terms: the days after receipt within which a piece may be claimed.',
  }),
  offerList: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/auction/offer/list',
    input: pageQuery,
    output: pageOf(lotOffer),
    auth: 'member',
    addition: true,
    summary: 'Second-chance offers made to the caller (open first, then the rest, newest first).',
  }),
  offerAccept: defineEndpoint({
    method: 'POST',
    base: '/v1/iyd',
    path: '/auction/offer/accept',
    input: offerAcceptInput,
    output: lotOffer,
    auth: 'member',
    addition: true,
    summary:
      'Accept an open offer with the trade password: the deposit is frozen and an auction order placed, as for a win; once, whatever the retries.',
  }),
  adminClaims: defineEndpoint({
    method: 'GET',
    base: '/v1/admin',
    path: '/claims',
    input: adminClaimQuery,
    output: pageOf(adminClaim),
    auth: 'operator',
    roles: ['finance', 'support'],
    addition: true,
    summary: 'Guarantee claims, pending oldest first, else newest first.',
  }),
  adminClaim: defineEndpoint({
    method: 'GET',
    base: '/v1/admin',
    path: '/claims/{id}',
    input: z.object({ id: recordIdText() }),
    output: adminClaimDetail,
    auth: 'operator',
    roles: ['finance', 'support'],
    addition: true,
    summary: 'One claim, with the piece’s history and its order.',
  }),
  adminDecideClaim: defineEndpoint({
    method: 'POST',
    base: '/v1/admin',
    path: '/claims/{id}/decide',
    input: claimDecision,
    output: adminClaimDetail,
    auth: 'operator',
    roles: ['finance'],
    addition: true,
    summary:
      'Decide a pending claim once (409 when decided): accepted, what was paid back to the wallet and the piece back to the house; rejected, the reason kept. Audited; the member told.',
  }),
  adminLotOffers: defineEndpoint({
    method: 'GET',
    base: '/v1/admin',
    path: '/lots/{id}/offers',
    input: z.object({ id: recordIdText() }),
    output: adminLotOffers,
    auth: 'operator',
    roles: ['operator'],
    addition: true,
    summary: 'A lot’s second-chance offers and the underbidder a new one would go to.',
  }),
  adminOfferLot: defineEndpoint({
    method: 'POST',
    base: '/v1/admin',
    path: '/lots/{id}/offer',
    input: z.object({ id: recordIdText() }),
    output: adminOffer,
    auth: 'operator',
    roles: ['operator'],
    addition: true,
    summary:
      'Offer an unsold lot whose winner did not pay to the underbidder at their last price, for a day (409 without an underbidder, when the piece is no longer free, or while an offer is open).',
  }),
  adminWithdrawOffer: defineEndpoint({
    method: 'POST',
    base: '/v1/admin',
    path: '/offers/{id}/withdraw',
    input: z.object({ id: recordIdText() }),
    output: adminOffer,
    auth: 'operator',
    roles: ['operator'],
    addition: true,
    summary: 'Withdraw an open offer (409 when it is no longer open).',
  }),
};

export { claimReasons, CLAIM_TEXT_MIN, CLAIM_TEXT_MAX, CLAIM_PHOTOS_MAX } from './client-limits.js';
