import { auctionsApi, catalogueApi, searchApi } from '@antique/shared/routes';
import type {
  AuctionSession,
  Lot,
  LotListStatus,
  LotSort,
  Page,
  ProductCard,
  SavedSearch,
  SavedSearchInput,
  SavedSearchKind,
  SoldLot,
} from '@antique/shared';
import { queryClient } from '../../lib/query-client';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

/** A page of the auction list, with its sessions. */
type LotPage = Page<Lot> & { sessions: AuctionSession[] };

/** What a search narrows by; prices in fen. */
export interface SearchFilters {
  keyword?: string;
  categoryId?: number;
  era?: string;
  minPrice?: number;
  maxPrice?: number;
}

export const searchScopes = ['all', 'mall', 'auction'] as const;
export type SearchScope = (typeof searchScopes)[number];
/** Relevance first (the server's ranking with a keyword, newest without one), or one of the lists' sorts. */
export const searchSorts = ['relevance', 'ending', 'newest', 'price', 'price_desc'] as const;
export type SearchSort = (typeof searchSorts)[number];

export interface SearchState extends SearchFilters {
  scope: SearchScope;
  /** Lots in this state only; unset, the page shows the live ones and those about to open. */
  status?: LotListStatus;
  sort: SearchSort;
}

const positive = (value: string | null) => {
  const n = Number(value);
  return value !== null && value !== '' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : fallback;

/** The search as the page's query string holds it (prices in fen). */
export function readSearchState(params: URLSearchParams): SearchState {
  const categoryId = positive(params.get('categoryId'));
  return {
    keyword: params.get('keyword')?.trim() || undefined,
    categoryId: categoryId && categoryId > 0 ? categoryId : undefined,
    era: params.get('era')?.trim() || undefined,
    minPrice: positive(params.get('minPrice')),
    maxPrice: positive(params.get('maxPrice')),
    scope: oneOf(searchScopes, params.get('scope'), 'all'),
    status: oneOf(['upcoming', 'live', 'ended', ''] as const, params.get('status'), '') || undefined,
    sort: oneOf(searchSorts, params.get('sort'), 'relevance'),
  };
}

/** A search as a query string (defaults left out), for the page's URL and links to it. */
export function searchQuery(state: Partial<SearchState>): Record<string, string | number | undefined> {
  return {
    keyword: state.keyword || undefined,
    categoryId: state.categoryId,
    era: state.era || undefined,
    minPrice: state.minPrice,
    maxPrice: state.maxPrice,
    scope: state.scope && state.scope !== 'all' ? state.scope : undefined,
    status: state.status,
    sort: state.sort && state.sort !== 'relevance' ? state.sort : undefined,
  };
}

/** How many filters (beyond the keyword) are on: the filter button's badge. */
export const activeFilterCount = (f: SearchFilters) =>
  [f.categoryId, f.era, f.minPrice, f.maxPrice].filter((v) => v !== undefined).length;

export const hasCriteria = (f: SearchFilters) => Boolean(f.keyword) || activeFilterCount(f) > 0;

const filterInput = (f: SearchFilters) => ({
  keyword: f.keyword || undefined,
  categoryId: f.categoryId,
  era: f.era || undefined,
  minPrice: f.minPrice,
  maxPrice: f.maxPrice,
});

const productSort = (sort: SearchSort) =>
  sort === 'price' ? 'price_asc' : sort === 'price_desc' ? 'price_desc' : 'new';
const lotSort = (sort: SearchSort): LotSort | undefined => (sort === 'relevance' ? undefined : sort);

export function fetchProductResults(f: SearchFilters, sort: SearchSort, page: number, pageSize = PAGE_SIZE) {
  return call(catalogueApi.products, { ...filterInput(f), sort: productSort(sort), page, pageSize });
}

export function fetchLotResults(
  f: SearchFilters,
  status: LotListStatus,
  sort: SearchSort,
  page: number,
  pageSize = PAGE_SIZE,
): Promise<LotPage> {
  return call(auctionsApi.list, { ...filterInput(f), status, sort: lotSort(sort), page, pageSize });
}

/** The mall's pieces that match, page by page. */
export function useProductResults(f: SearchFilters, sort: SearchSort, pageSize = PAGE_SIZE, enabled = true) {
  return usePagedQuery<ProductCard>(
    ['product', 'list', 'search', filterInput(f), sort, pageSize],
    (page) => fetchProductResults(f, sort, page, pageSize),
    { enabled },
  );
}

/** The auctions' lots that match (kept under the auction lists' key, so live prices reach them). */
export function useLotResults(
  f: SearchFilters,
  status: LotListStatus,
  sort: SearchSort,
  pageSize = PAGE_SIZE,
  enabled = true,
) {
  return usePagedQuery<Lot, LotPage>(
    ['auction', 'list', 'search', filterInput(f), status, sort, pageSize],
    (page) => fetchLotResults(f, status, sort, page, pageSize),
    { enabled },
  );
}

/** 成交结果, page by page. */
export function useSoldResults(f: SearchFilters) {
  return usePagedQuery<SoldLot>(['auction', 'results', filterInput(f)], (page) =>
    call(searchApi.results, { ...filterInput(f), page, pageSize: PAGE_SIZE }),
  );
}

export const savedSearchesKey = ['search', 'saved'] as const;

export function useSavedSearches() {
  return usePagedQuery<SavedSearch>(savedSearchesKey, (page) => call(searchApi.savedSearches, { page, pageSize: 20 }));
}

/** Saves the search the page shows (where it looks: the scope's kind). */
export async function saveSearch(f: SearchFilters, scope: SearchScope): Promise<SavedSearch> {
  const kind: SavedSearchKind = scope === 'all' ? 'both' : scope;
  const input: SavedSearchInput = { ...filterInput(f), kind };
  const saved = await call(searchApi.saveSearch, input);
  void queryClient.invalidateQueries({ queryKey: savedSearchesKey });
  return saved;
}

export async function removeSavedSearch(id: number): Promise<void> {
  await call(searchApi.removeSavedSearch, { id });
  await queryClient.invalidateQueries({ queryKey: savedSearchesKey });
}
