import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { address } from './addresses.schema.js';
import { epochMs, idParam, pageOf, pageQuery, recordId, recordIdText } from './envelope.js';

export const holdingStatuses = ['held', 'delegated', 'picking', 'shipped', 'received'] as const;
export type HoldingStatus = (typeof holdingStatuses)[number];

export const holdingSources = ['mall', 'auction', 'house'] as const;
export type HoldingSource = (typeof holdingSources)[number];

export const pickStatuses = ['pending', 'shipped', 'received'] as const;
export type PickStatus = (typeof pickStatuses)[number];

/** Where a pick-up goes: a copy of one of the member's addresses taken when it was asked for. */
export const pickAddress = address.omit({ id: true, isDefault: true });
export type PickAddress = z.infer<typeof pickAddress>;

export const pick = z.object({
  id: z.number().int(),
  holdingIds: z.array(z.number().int()),
  address: pickAddress,
  status: z.enum(pickStatuses),
  carrier: z.string().optional(),
  trackingNo: z.string().optional(),
  createdAt: z.number().int(),
  shippedAt: z.number().int().optional(),
  receivedAt: z.number().int().optional(),
});
export type Pick = z.infer<typeof pick>;

export const holding = z.object({
  id: z.number().int(),
  productId: z.number().int().nullable(),
  title: z.string(),
  cover: z.string(),
  acquiredPrice: z.number().int(),
  acquiredAt: z.number().int(),
  source: z.enum(holdingSources),
  status: z.enum(holdingStatuses),
  orderId: z.number().int().nullable(),
  /** The pick-up it is part of, while picking, shipped or received. */
  pick: pick.optional(),
});
export type Holding = z.infer<typeof holding>;

/** A piece's life in the house, oldest first: its provenance record here. */
export const holdingEvents = [
  'bought',
  'won',
  'consigned',
  'listed',
  'sold',
  'unsold',
  'returned',
  'shipped',
  'received',
  /** Back to the house under its guarantee (a claim accepted, the buyer refunded). */
  'claim_returned',
] as const;
export type HoldingEvent = (typeof holdingEvents)[number];
export const holdingHistoryEntry = z.object({
  at: z.number().int(),
  event: z.enum(holdingEvents),
  price: z.number().int().optional(),
  /** What it refers to: `lot:12`, `order:34`, `pick:5`. */
  ref: z.string().optional(),
});
export type HoldingHistoryEntry = z.infer<typeof holdingHistoryEntry>;
export const holdingDetail = holding.extend({ history: z.array(holdingHistoryEntry) });
export type HoldingDetail = z.infer<typeof holdingDetail>;

export const delegationStatuses = ['pending', 'listed', 'sold', 'unsold', 'rejected', 'cancelled'] as const;
export type DelegationStatus = (typeof delegationStatuses)[number];

export const delegation = z.object({
  id: z.number().int(),
  holding,
  status: z.enum(delegationStatuses),
  reservePrice: z.number().int().optional(),
  lotId: z.number().int().optional(),
  rejectReason: z.string().optional(),
  hammerPrice: z.number().int().optional(),
  commission: z.number().int().optional(),
  proceeds: z.number().int().optional(),
  createdAt: z.number().int(),
});
export type Delegation = z.infer<typeof delegation>;

export const pickListQuery = pageQuery.extend({
  status: z.enum(holdingStatuses, { error: 'invalid.status' }).optional(),
});

/** At most this many pieces in one pick-up. */
export const MAX_PICK_HOLDINGS = 20;

export const pickInput = z.object({
  holdingIds: z
    .array(recordId('invalid.holdingIds'), { error: 'invalid.holdingIds' })
    .min(1, { error: 'invalid.holdingIds' })
    .max(MAX_PICK_HOLDINGS, { error: 'invalid.holdingIds' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'invalid.holdingIds' }),
  addressId: recordId('invalid.addressId'),
});
export type PickInput = z.infer<typeof pickInput>;

const MAX_RESERVE = 100_000_000_000;
export const delegateInput = z.object({
  holdingId: recordId('invalid.holdingId'),
  reservePrice: z
    .number({ error: 'invalid.reservePrice' })
    .int({ error: 'invalid.reservePrice' })
    .min(1, { error: 'invalid.reservePrice' })
    .max(MAX_RESERVE, { error: 'invalid.reservePrice' })
    .optional(),
});
export type DelegateInput = z.infer<typeof delegateInput>;

export const delegationListQuery = pageQuery.extend({
  status: z.enum(delegationStatuses, { error: 'invalid.status' }).optional(),
});

// ---------------------------------------------------------------- operators

export const adminHoldingQuery = pageQuery.extend({
  status: z.enum(holdingStatuses, { error: 'invalid.status' }).optional(),
  /** A member's pieces; `house` for the house's own. */
  ownerId: z.union([recordIdText(), z.literal('house')]).optional(),
  keyword: z.string().trim().max(40).optional(),
});
export const adminHolding = holding.extend({
  ownerId: z.number().int().nullable(),
  ownerPhone: z.string().nullable(),
});
export type AdminHolding = z.infer<typeof adminHolding>;

export const adminPickQuery = pageQuery.extend({
  status: z.enum(pickStatuses, { error: 'invalid.status' }).optional(),
});
export const adminPick = pick.extend({
  memberId: z.number().int(),
  memberPhone: z.string(),
  holdings: z.array(holding.omit({ pick: true })),
});
export type AdminPick = z.infer<typeof adminPick>;

const trimmed = (key: string, max: number) =>
  z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: key });
export const shipInput = z.object({
  id: recordIdText(),
  carrier: trimmed('invalid.carrier', 30),
  trackingNo: z
    .string({ error: 'invalid.trackingNo' })
    .trim()
    .min(6, { error: 'invalid.trackingNo' })
    .max(40, { error: 'invalid.trackingNo' })
    .regex(/^[A-Za-z0-9-]*$/, { error: 'invalid.trackingNo' }),
});

export const adminDelegationQuery = delegationListQuery;
export const adminDelegation = delegation.extend({
  memberId: z.number().int(),
  memberPhone: z.string(),
});
export type AdminDelegation = z.infer<typeof adminDelegation>;

/** Approve with the lot's start price and times (and session), or reject with a reason. */
export const delegationReviewInput = z
  .object({
    id: recordIdText(),
    approve: z.boolean({ error: 'invalid.approve' }),
    startPrice: z
      .number({ error: 'invalid.startPrice' })
      .int({ error: 'invalid.startPrice' })
      .min(1, { error: 'invalid.startPrice' })
      .max(MAX_RESERVE, { error: 'invalid.startPrice' })
      .optional(),
    startsAt: epochMs('invalid.startsAt').optional(),
    endsAt: epochMs('invalid.endsAt').optional(),
    sessionId: recordId('invalid.sessionId').optional(),
    reason: z.string().trim().min(1, { error: 'invalid.reason' }).max(200, { error: 'invalid.reason' }).optional(),
  })
  .refine((v) => !v.approve || (v.startPrice !== undefined && v.startsAt !== undefined && v.endsAt !== undefined), {
    error: 'invalid.startPrice',
    path: ['startPrice'],
  })
  .refine((v) => !v.approve || v.startsAt === undefined || v.endsAt === undefined || v.endsAt > v.startsAt, {
    error: 'invalid.endsAt',
    path: ['endsAt'],
  })
  .refine((v) => v.approve || v.reason !== undefined, { error: 'invalid.reason', path: ['reason'] });
export type DelegationReviewInput = z.infer<typeof delegationReviewInput>;

const member_ = { base: '/v1/iyd', auth: 'member' } as const;
const admin_ = { base: '/v1/admin', auth: 'operator' } as const;

export const custodyApi = {
  list: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/pick/list',
    input: pickListQuery,
    output: pageOf(holding),
    summary: 'The pieces the house keeps for the member, by status, with their pick-up.',
  }),
  info: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/pick/info',
    input: idParam,
    output: holdingDetail,
    addition: true,
    summary: 'One of the member’s pieces with its history in the house (its provenance record here).',
  }),
  pick: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/pick',
    input: pickInput,
    output: pick,
    idempotent: true,
    summary: 'Ask for held pieces to be shipped to one of the member’s addresses (copied into the request).',
  }),
  receive: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/pick/receive',
    input: z.object({ id: recordId() }),
    output: pick,
    addition: true,
    summary: 'Confirm a shipped pick-up arrived (it completes by itself some days after shipping).',
  }),
  delegations: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/delegate/list',
    input: delegationListQuery,
    output: pageOf(delegation),
    summary: 'The member’s consignments, newest first.',
  }),
  delegate: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/delegate',
    input: delegateInput,
    output: delegation,
    idempotent: true,
    summary: 'Consign a held piece for auction, with an optional reserve; operators review it.',
  }),
  cancelDelegation: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/delegate/cancel',
    input: z.object({ id: recordId() }),
    output: delegation,
    addition: true,
    summary: 'Withdraw a consignment still waiting for review; the piece is held again.',
  }),

  adminHoldings: defineEndpoint({
    ...admin_,
    roles: ['operator', 'support'],
    method: 'GET',
    path: '/holdings',
    input: adminHoldingQuery,
    output: pageOf(adminHolding),
    summary: 'Pieces in the house’s custody, by status and owner.',
  }),
  // PRODUCT.md "Operators": pick-ups are support's (and the administrator's).
  adminPicks: defineEndpoint({
    ...admin_,
    roles: ['support'],
    method: 'GET',
    path: '/picks',
    input: adminPickQuery,
    output: pageOf(adminPick),
    summary: 'Pick-ups to ship (oldest first while pending) and shipped.',
  }),
  adminShip: defineEndpoint({
    ...admin_,
    roles: ['support'],
    method: 'POST',
    path: '/picks/{id}/ship',
    input: shipInput,
    output: adminPick,
    summary: 'Record the carrier and tracking number of a pending pick-up; the member is told.',
  }),
  adminDelegations: defineEndpoint({
    ...admin_,
    roles: ['operator'],
    method: 'GET',
    path: '/delegations',
    input: adminDelegationQuery,
    output: pageOf(adminDelegation),
    summary: 'Consignments, the review queue first (oldest pending first).',
  }),
  adminReviewDelegation: defineEndpoint({
    ...admin_,
    roles: ['operator'],
    method: 'POST',
    path: '/delegations/{id}/review',
    input: delegationReviewInput,
    output: adminDelegation,
    summary: 'Approve a pending consignment into a lot (start price, times, session) or reject it with a reason.',
  }),
};
