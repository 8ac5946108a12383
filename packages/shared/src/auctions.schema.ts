import { z } from 'zod';
import { tradePassword } from './accounts.schema.js';
import { defineEndpoint } from './endpoint.js';
import { certificate, conditionReport, lotQuestion } from './judge.schema.js';
import { epochMs, idParam, MAX_ID, pageOf, pageQuery, recordId, recordIdText } from './envelope.js';
import { comparable, lotSorts, searchFilterFields } from './search.schema.js';
import { staggerSeconds } from './protect.schema.js';

/**
 * A lot's status as members see it. `ended`: past its end, not settled yet (the close job
 * settles within a second); `sold` and `unsold` once settled. A sold lot whose winner does
 * not pay in time becomes `unsold`. `withdrawn`: taken off by the house before its end (never closes).
 */
export const lotStatuses = ['upcoming', 'live', 'ended', 'sold', 'unsold', 'withdrawn'] as const;
export type LotStatus = (typeof lotStatuses)[number];

/** The tabs of the auction list: `ended` there means every lot past its end (ended, sold, unsold). */
export const lotListStatuses = ['upcoming', 'live', 'ended'] as const;
export type LotListStatus = (typeof lotListStatuses)[number];

/** Fen, whole and not negative, at most 1,000,000,000 yuan. */
const MAX_FEN = 100_000_000_000;
const fen = (key: string) =>
  z.number({ error: key }).int({ error: key }).min(0, { error: key }).max(MAX_FEN, { error: key });
const positiveFen = (key: string) => fen(key).min(1, { error: key });

export const auctionSession = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  startsAt: z.number().int(),
  /** Its lots end one after another, this many seconds apart (0: as each lot was scheduled); always sent. */
  staggerSeconds: z.number().int().optional(),
});
export type AuctionSession = z.infer<typeof auctionSession>;

/** What changes with every bid: the `lot` event of `auction/stream`. */
export const lotPrice = z.object({
  id: z.number().int(),
  currentPrice: z.number().int(),
  nextMinimum: z.number().int(),
  bidCount: z.number().int(),
  endsAt: z.number().int(),
  status: z.enum(lotStatuses),
  reserveMet: z.boolean(),
});
export type LotPrice = z.infer<typeof lotPrice>;

/**
 * The rules a lot was scheduled with (a snapshot: a later change of the house's settings
 * never moves a running lot), so a bid sheet shows exactly what the server will charge.
 */
export const lotRules = z.object({
  /** `[below, step]` rows in fen, the last `below` null (open-ended). */
  increments: z.array(z.tuple([z.number().int().nullable(), z.number().int()])),
  premiumBps: z.number().int(),
  depositBps: z.number().int(),
});
export type LotRules = z.infer<typeof lotRules>;

export const lot = lotPrice.extend({
  sessionId: z.number().int().nullable(),
  title: z.string(),
  cover: z.string(),
  images: z.array(z.string()),
  startPrice: z.number().int(),
  startsAt: z.number().int(),
  /** Consigned by a member (false: the house's own piece). */
  consigned: z.boolean(),
  /** The caller consigned this lot (any account of their verified identity): they may not bid on it. */
  ownLot: z.boolean().optional(),
  /** The caller's standing max bid, when they have bid (never anyone else's). */
  myMaxBid: z.number().int().optional(),
  /** Whether the caller leads, when they have bid. */
  leading: z.boolean().optional(),
  /** What the caller has frozen as bid deposit on this lot, when they have bid. */
  myDeposit: z.number().int().optional(),
  /** The winner of a sold lot, masked (138****0001). */
  winnerMasked: z.string().optional(),
  /** The caller's auction order, when the caller won it: to pay within the window. */
  myOrderId: z.number().int().optional(),
  /** The lot's own rules (sent on every lot; optional only for older clients' fixtures). */
  rules: lotRules.optional(),
  /** Withdrawn by the house (status `withdrawn`): when and why. */
  withdrawn: z.object({ at: z.number().int(), reason: z.string() }).optional(),
  /** The caller watches this lot (sent with a token; see follow.schema). */
  watching: z.boolean().optional(),
});
export type Lot = z.infer<typeof lot>;

/**
 * One accepted bid in a lot's public history. `bidder` is exactly what the hash covers in
 * the `bidderId` place: `hash` = SHA-256 hex of `prevHash|lotId|seq|bidder|amount|at`
 * (`prevHash` of the first bid: 64 zeros), so anyone holding the list can check it
 * (`verifyChain` in auction-rules).
 */
export const publicBid = z.object({
  seq: z.number().int(),
  bidder: z.string(),
  amount: z.number().int(),
  at: z.number().int(),
  prevHash: z.string(),
  hash: z.string(),
  /**
   * The bidder already led and raised their own maximum: the price did not move (not covered
   * by the hash; anyone can derive it from the list: the bidder of the last leading entry).
   */
  raise: z.boolean().optional(),
  /** Voided by the house (struck out, not counted; its hash stays in the chain): when and why. */
  voided: z.object({ at: z.number().int(), reason: z.string() }).optional(),
});
export type PublicBid = z.infer<typeof publicBid>;

export const lotDetail = lot.extend({
  description: z.string(),
  era: z.string(),
  material: z.string(),
  dimensions: z.string(),
  /** Where the piece comes from (the product's provenance for the house's inventory). */
  provenance: z.string(),
  /** Newest first. */
  bids: z.array(publicBid),
  /** How many members watch the lot. */
  watchers: z.number().int().optional(),
  /** The house's condition report (the lot's own, else its product's); null when none (sent by auction/info). */
  condition: conditionReport.nullable().optional(),
  certificate: certificate.optional(),
  /** Answered public questions, oldest first, and the caller's own pending ones (sent by auction/info). */
  questions: z.array(lotQuestion).optional(),
  /** The house's own sales of similar pieces, most similar first (sent by auction/info). */
  comparables: z.array(comparable).optional(),
});
export type LotDetail = z.infer<typeof lotDetail>;

export const lotListQuery = pageQuery.extend({
  status: z.enum(lotListStatuses, { error: 'invalid.status' }).optional(),
  sessionId: recordIdText('invalid.sessionId').optional(),
  ...searchFilterFields,
  sort: z.enum(lotSorts, { error: 'invalid.sort' }).optional(),
});

export const lotPage = pageOf(lot).extend({ sessions: z.array(auctionSession) });

export const matchInput = z.object({
  id: recordId(),
  maxBid: positiveFen('invalid.maxBid'),
  /**
   * The member app's bid sheet confirms with the trade password and sends it; when sent it
   * is checked (with its lockout). Optional because API.md fixes the input as `{ id, maxBid }`.
   */
  tradePassword: tradePassword.optional(),
});
export type MatchInput = z.infer<typeof matchInput>;

export const lotStreamQuery = z.object({
  /**
   * Comma-separated lot ids, at most 50. Without them a member's stream carries only their
   * notices (the app keeps one open on every page); a guest must name lots.
   */
  ids: z
    .string({ error: 'invalid.ids' })
    .regex(/^\d{1,10}(,\d{1,10}){0,49}$/, { error: 'invalid.ids' })
    .refine((s) => s.split(',').every((id) => Number(id) >= 1 && Number(id) <= MAX_ID), { error: 'invalid.ids' })
    .optional(),
});

/**
 * A personal message on the live stream of a member who sent their token (also sent by
 * SMS for `outbid`): the app shows it as an in-app notice.
 */
/**
 * Everything the house tells a member: on the live stream, kept in the message centre, and
 * for the urgent ones (outbid, won, payment due) by text message too. The app words each
 * kind with the locale keys `live.notice.<kind>` (a label) and `live.message.<kind>` (a
 * sentence with `{{title}}`), and opens what its ids name.
 */
export const memberNoticeKinds = [
  'outbid',
  'won',
  'ending_soon',
  'payment_due',
  'shipped',
  // a watched lot started / ends in ten minutes
  'watch_start',
  'watch_ending',
  // a new lot or product matches a saved search
  'saved_search',
  // an operator answered the member's question on a lot
  'question_answered',
  // the house decided a guarantee claim
  'claim_accepted',
  'claim_rejected',
  // a second-chance offer made to the member, or one that lapsed
  'offer',
  'offer_expired',
  // the house withdrew a lot the member bid on or watched / voided the member's bid
  'lot_withdrawn',
  'bid_voided',
] as const;
export type MemberNoticeKind = (typeof memberNoticeKinds)[number];
export const memberNotice = z.object({
  kind: z.enum(memberNoticeKinds),
  lotId: z.number().int().optional(),
  orderId: z.number().int().optional(),
  pickId: z.number().int().optional(),
  productId: z.number().int().optional(),
  claimId: z.number().int().optional(),
  offerId: z.number().int().optional(),
  savedSearchId: z.number().int().optional(),
  /** The piece's title; of a pick-up of several pieces, the first one's, with `count`. */
  title: z.string(),
  count: z.number().int().min(2).optional(),
  at: z.number().int(),
});
export type MemberNotice = z.infer<typeof memberNotice>;

// ---------------------------------------------------------------- operators

export const sessionInput = z.object({
  title: z
    .string({ error: 'invalid.title' })
    .trim()
    .min(1, { error: 'invalid.title' })
    .max(60, { error: 'invalid.title' }),
  cover: z.string({ error: 'invalid.cover' }).min(1, { error: 'invalid.cover' }).max(512, { error: 'invalid.cover' }),
  startsAt: epochMs('invalid.startsAt'),
  /** Staggered endings (0..3600 s); left out: 0 on creating, unchanged on editing. */
  staggerSeconds: staggerSeconds.optional(),
});
export type SessionInput = z.infer<typeof sessionInput>;

const lotTimes = {
  startsAt: epochMs('invalid.startsAt'),
  endsAt: epochMs('invalid.endsAt'),
};
const endsAfterStart = (v: { startsAt?: number | undefined; endsAt?: number | undefined }) =>
  v.startsAt === undefined || v.endsAt === undefined || v.endsAt > v.startsAt;

/**
 * A house lot, made from one unit of a product's inventory (which leaves the mall while the
 * lot runs; unsold, it returns). Title, pictures, description and particulars default to
 * the product's.
 */
export const houseLotInput = z
  .object({
    productId: recordId('invalid.productId'),
    title: z
      .string({ error: 'invalid.title' })
      .trim()
      .min(1, { error: 'invalid.title' })
      .max(60, { error: 'invalid.title' })
      .optional(),
    images: z
      .array(z.string().min(1).max(512), { error: 'invalid.images' })
      .min(1, { error: 'invalid.images' })
      .max(9, { error: 'invalid.images' })
      .optional(),
    description: z.string({ error: 'invalid.description' }).max(5000, { error: 'invalid.description' }).optional(),
    era: z.string().trim().max(40).optional(),
    material: z.string().trim().max(40).optional(),
    dimensions: z.string().trim().max(60).optional(),
    startPrice: positiveFen('invalid.startPrice'),
    reservePrice: positiveFen('invalid.reservePrice').optional(),
    sessionId: recordId('invalid.sessionId').optional(),
    ...lotTimes,
  })
  .refine(endsAfterStart, { error: 'invalid.endsAt', path: ['endsAt'] });
export type HouseLotInput = z.infer<typeof houseLotInput>;

/** The console's sessions, `keyword` a part of the title (the lots' session filter searches with it). */
export const adminSessionQuery = pageQuery.extend({
  keyword: z.string({ error: 'invalid.keyword' }).trim().max(60, { error: 'invalid.keyword' }).optional(),
});

export const adminLotQuery = pageQuery.extend({
  status: z.enum(lotStatuses, { error: 'invalid.status' }).optional(),
  sessionId: recordIdText('invalid.sessionId').optional(),
});

/** A bid as operators see it: the member behind the masked bidder, and their max. */
export const adminBid = publicBid.extend({
  memberId: z.number().int(),
  memberPhone: z.string(),
  /** The bid's record id (to void it); optional only for older fixtures. */
  id: z.number().int().optional(),
  /** The bid's max (private to operators). */
  maxBid: z.number().int().optional(),
});
export const adminLot = lot.omit({ myMaxBid: true, leading: true, myDeposit: true, myOrderId: true }).extend({
  reservePrice: z.number().int().nullable(),
  holdingId: z.number().int(),
  consignorId: z.number().int().nullable(),
  delegationId: z.number().int().nullable(),
  plannedEnd: z.number().int(),
  winnerId: z.number().int().nullable(),
  orderId: z.number().int().nullable(),
  /** The leader's max bid (hidden from members). */
  leaderMaxBid: z.number().int().nullable(),
  closedAt: z.number().int().nullable(),
});
export type AdminLot = z.infer<typeof adminLot>;
export const adminLotDetail = adminLot.extend({
  description: z.string(),
  provenance: z.string(),
  era: z.string(),
  material: z.string(),
  dimensions: z.string(),
  bids: z.array(adminBid),
});
export type AdminLotDetail = z.infer<typeof adminLotDetail>;

const member_ = { base: '/v1/iyd' } as const;
const admin_ = { base: '/v1/admin', auth: 'operator' } as const;

export const auctionsApi = {
  list: defineEndpoint({
    ...member_,
    auth: 'optional',
    method: 'GET',
    path: '/auction/list',
    input: lotListQuery,
    output: lotPage,
    summary:
      'Lots by status (upcoming by start, earliest first; live by end, earliest first; ended, latest first) and session, with the sessions; the caller’s own max bid and lead when a token is sent.',
  }),
  info: defineEndpoint({
    ...member_,
    auth: 'optional',
    method: 'GET',
    path: '/auction/info',
    input: idParam,
    output: lotDetail,
    addition: true,
    summary: 'One lot with its images and its public bid history with the hash chain, newest first.',
  }),
  match: defineEndpoint({
    ...member_,
    auth: 'member',
    method: 'POST',
    path: '/auction/match',
    input: matchInput,
    output: lot,
    idempotent: true,
    summary:
      'Bid: the most the member will pay. Proxy bidding by the increment table; freezes (or tops up) the deposit. Real name required; never on one’s own lot.',
  }),
  stream: defineEndpoint({
    ...member_,
    auth: 'optional',
    method: 'GET',
    path: '/auction/stream',
    input: lotStreamQuery,
    output: lotPrice,
    stream: true,
    addition: true,
    summary:
      'Server-Sent Events: a `lot` event (LotPrice) for each listed lot at once and after every change, `notice` events (MemberNotice) for the member of the token, a heartbeat comment every 15 s.',
  }),

  adminSessions: defineEndpoint({
    ...admin_,
    roles: ['operator'],
    method: 'GET',
    path: '/sessions',
    input: adminSessionQuery,
    output: pageOf(auctionSession.extend({ lotCount: z.number().int() })),
    summary: 'Auction sessions, latest start first; `keyword` narrows them to titles containing it.',
  }),
  adminCreateSession: defineEndpoint({
    ...admin_,
    roles: ['operator'],
    method: 'POST',
    path: '/sessions',
    input: sessionInput,
    output: auctionSession,
    summary: 'Create an auction session.',
  }),
  adminUpdateSession: defineEndpoint({
    ...admin_,
    roles: ['operator'],
    method: 'PUT',
    path: '/sessions/{id}',
    input: sessionInput.extend({ id: recordIdText() }),
    output: auctionSession,
    addition: true,
    summary: 'Change a session’s title, cover or start.',
  }),
  adminLots: defineEndpoint({
    ...admin_,
    roles: ['operator'],
    method: 'GET',
    path: '/lots',
    input: adminLotQuery,
    output: pageOf(adminLot),
    summary: 'Lots of every status, newest first.',
  }),
  adminCreateLot: defineEndpoint({
    ...admin_,
    roles: ['operator'],
    method: 'POST',
    path: '/lots',
    input: houseLotInput,
    output: adminLot,
    summary:
      'A house lot made from one free unit of a product’s inventory (409 PIECE_NOT_AVAILABLE when none is free); the unit leaves the mall while the lot runs and returns if unsold.',
  }),
  adminLot: defineEndpoint({
    ...admin_,
    roles: ['operator'],
    method: 'GET',
    path: '/lots/{id}',
    input: idParam,
    output: adminLotDetail,
    summary: 'One lot with every bid (member and amount) and the leader’s max.',
  }),
};
