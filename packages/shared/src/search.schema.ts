import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';
import { idParam, pageOf, pageQuery, recordId, recordIdText } from './envelope.js';

/**
 * Search (issue 18): the filters the mall's and the auctions' lists share, the house's
 * results (成交结果), comparables on a lot's and a product's page, and saved searches.
 */

/** Fen, whole and not negative, at most 1,000,000,000 yuan. */
const MAX_FEN = 100_000_000_000;
const fenText = (key: string) =>
  z.coerce.number({ error: key }).int({ error: key }).min(0, { error: key }).max(MAX_FEN, { error: key });

/** What a search narrows by, as query parameters (`product/list`, `auction/list`, `auction/results`). */
export const searchFilterFields = {
  keyword: z.string({ error: 'invalid.keyword' }).trim().max(40, { error: 'invalid.keyword' }).optional(),
  /** A department: the category and its children. */
  categoryId: recordIdText('invalid.categoryId').optional(),
  /** A dynasty or reign (清, 康熙): the piece's era or title names it. */
  era: z.string({ error: 'invalid.era' }).trim().max(30, { error: 'invalid.era' }).optional(),
  /** Fen: the price (products) or the current price (lots), inclusive. */
  minPrice: fenText('invalid.minPrice').optional(),
  maxPrice: fenText('invalid.maxPrice').optional(),
};

export const searchFilters = z.object(searchFilterFields);
export type SearchFilters = z.infer<typeof searchFilters>;

/** The auction list's sorts: ending soonest, newest listed, current price (low to high, high to low). */
export const lotSorts = ['ending', 'newest', 'price', 'price_desc'] as const;
export type LotSort = (typeof lotSorts)[number];

export const resultsQuery = pageQuery.extend(searchFilterFields);
export type ResultsQuery = z.infer<typeof resultsQuery>;

/** A sold lot as 成交结果 lists it. */
export const soldLot = z.object({
  id: z.number().int(),
  title: z.string(),
  cover: z.string(),
  hammer: z.number().int(),
  bidCount: z.number().int(),
  endedAt: z.number().int(),
});
export type SoldLot = z.infer<typeof soldLot>;

/** One of the house's own sales of a similar piece (本行同类成交). */
export const comparable = z.object({
  lotId: z.number().int(),
  title: z.string(),
  cover: z.string(),
  hammer: z.number().int(),
  endedAt: z.number().int(),
});
export type Comparable = z.infer<typeof comparable>;
/** At most this many comparables on a page. */
export const MAX_COMPARABLES = 6;

export const savedSearchKinds = ['mall', 'auction', 'both'] as const;
export type SavedSearchKind = (typeof savedSearchKinds)[number];
/** How many saved searches a member may keep. */
export const MAX_SAVED_SEARCHES = 20;

const fen = (key: string) =>
  z.number({ error: key }).int({ error: key }).min(0, { error: key }).max(MAX_FEN, { error: key });

export const savedSearchInput = z.object({
  keyword: z.string({ error: 'invalid.keyword' }).trim().max(40, { error: 'invalid.keyword' }).optional(),
  categoryId: recordId('invalid.categoryId').optional(),
  era: z.string({ error: 'invalid.era' }).trim().max(30, { error: 'invalid.era' }).optional(),
  minPrice: fen('invalid.minPrice').optional(),
  maxPrice: fen('invalid.maxPrice').optional(),
  kind: z.enum(savedSearchKinds, { error: 'invalid.searchKind' }),
});
export type SavedSearchInput = z.infer<typeof savedSearchInput>;

export const savedSearch = z.object({
  id: z.number().int(),
  keyword: z.string(),
  categoryId: z.number().int().nullable(),
  era: z.string().nullable(),
  minPrice: z.number().int().nullable(),
  maxPrice: z.number().int().nullable(),
  kind: z.enum(savedSearchKinds),
  /** When a new item last matched it. */
  lastMatchedAt: z.number().int().nullable(),
  createdAt: z.number().int(),
});
export type SavedSearch = z.infer<typeof savedSearch>;

const member_ = { base: '/v1/iyd', auth: 'member', addition: true } as const;

export const searchApi = {
  results: defineEndpoint({
    base: '/v1/iyd',
    auth: 'optional',
    addition: true,
    method: 'GET',
    path: '/auction/results',
    input: resultsQuery,
    output: pageOf(soldLot),
    summary: '成交结果: every sold lot, newest first, by keyword (terms), department, era and hammer range.',
  }),
  saveSearch: defineEndpoint({
    ...member_,
    method: 'POST',
    path: '/search/saved',
    input: savedSearchInput,
    output: savedSearch,
    summary: `Save a search (at most ${MAX_SAVED_SEARCHES}): a new lot or product on sale that matches sends a saved_search notice.`,
  }),
  savedSearches: defineEndpoint({
    ...member_,
    method: 'GET',
    path: '/search/saved/list',
    input: pageQuery,
    output: pageOf(savedSearch),
    summary: 'The caller’s saved searches, newest first.',
  }),
  removeSavedSearch: defineEndpoint({
    ...member_,
    method: 'DELETE',
    path: '/search/saved/{id}',
    input: idParam,
    output: z.null(),
    summary: 'Delete one of the caller’s saved searches.',
  }),
};

export { eraChoices } from './client-limits.js';
