import {
  type QueryClient,
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { auctionsApi, catalogueApi, type RouteInput } from '@antique/shared/routes';
import type {
  AdminLot,
  AdminLotDetail,
  AdminProduct,
  AuctionSession,
  HouseLotInput,
  LotStatus,
  SessionInput,
} from '@antique/shared';
import { call } from '../../lib/request';
import { catalogueKeys } from '../catalogue/api';

export type { AdminLot, AdminLotDetail, AdminProduct, AuctionSession, HouseLotInput, LotStatus, SessionInput };
export type SessionListParams = RouteInput<typeof auctionsApi.adminSessions>;
export type LotListParams = RouteInput<typeof auctionsApi.adminLots>;
export type SessionRow = AuctionSession & { lotCount: number };

export const LOT_STATUS_COLORS: Record<LotStatus, string> = {
  upcoming: 'blue',
  live: 'red',
  ended: 'orange',
  sold: 'success',
  unsold: 'default',
  withdrawn: 'magenta',
};

/** How often the live monitor reads a running lot again. */
export const LIVE_POLL_MS = 2_000;
const UPCOMING_POLL_MS = 10_000;
const LIST_POLL_MS = 10_000;

/** The session picker's choices: the latest sessions the list endpoint gives in one page. */
export const SESSION_OPTIONS_PAGE = { page: 1, pageSize: 50 } as const;
/** The searchable session picker reads this many sessions at a time. */
export const SESSION_SEARCH_PAGE_SIZE = 20;
/** The piece picker of a new house lot reads this many products at a time. */
export const PIECE_SEARCH_PAGE_SIZE = 20;
/** 409 with this reason: no unit of the product is free any more (in a lot, sold, or held by an order). */
export const PIECE_NOT_AVAILABLE = 'PIECE_NOT_AVAILABLE';

export const auctionKeys = {
  all: ['admin', 'auctions'] as const,
  sessions: (params: SessionListParams) => [...auctionKeys.all, 'sessions', params] as const,
  sessionSearch: (keyword: string) => [...auctionKeys.all, 'sessions', 'search', keyword] as const,
  lots: (params: LotListParams) => [...auctionKeys.all, 'lots', params] as const,
  lot: (id: number) => [...auctionKeys.all, 'lot', id] as const,
  pieceSearch: (keyword: string) => [...auctionKeys.all, 'pieces', keyword] as const,
};

export const auctionQueries = {
  sessions: (params: SessionListParams) =>
    queryOptions({
      queryKey: auctionKeys.sessions(params),
      queryFn: ({ signal }) => call(auctionsApi.adminSessions, params, { signal }),
    }),
  /** Every session whose title holds `keyword` (all of them when blank), a page at a time. */
  sessionSearch: (keyword: string) =>
    infiniteQueryOptions({
      queryKey: auctionKeys.sessionSearch(keyword),
      queryFn: ({ signal, pageParam }) =>
        call(
          auctionsApi.adminSessions,
          { page: pageParam, pageSize: SESSION_SEARCH_PAGE_SIZE, ...(keyword ? { keyword } : {}) },
          { signal },
        ),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
    }),
  /**
   * The house's products a lot may be made of (any, on sale in the mall or kept out of it),
   * by title or id, newest first, a page at a time; read afresh on each opening, since stock
   * moves with every lot, sale and order.
   */
  pieceSearch: (keyword: string) =>
    infiniteQueryOptions({
      queryKey: auctionKeys.pieceSearch(keyword),
      queryFn: ({ signal, pageParam }) =>
        call(
          catalogueApi.adminProducts,
          { page: pageParam, pageSize: PIECE_SEARCH_PAGE_SIZE, ...(keyword ? { keyword } : {}) },
          { signal },
        ),
      initialPageParam: 1,
      getNextPageParam: (last) => (last.hasMore ? last.page + 1 : undefined),
      staleTime: 0,
    }),
  lots: (params: LotListParams) =>
    queryOptions({
      queryKey: auctionKeys.lots(params),
      queryFn: ({ signal }) => call(auctionsApi.adminLots, params, { signal }),
      // While a lot on the page runs, its price and bids move: the list follows them.
      refetchInterval: (query) =>
        query.state.data?.list.some((l) => l.status === 'live' || l.status === 'ended') ? LIST_POLL_MS : false,
    }),
};

/** The sessions a lot may be put in (latest first), for pickers and the lots' filter. */
export function useSessionOptions() {
  return useQuery(auctionQueries.sessions(SESSION_OPTIONS_PAGE));
}

export const sessionLabel = (s: Pick<AuctionSession, 'id' | 'title'>) => `${s.title}（#${s.id}）`;

export function sessionOptions(sessions: readonly AuctionSession[] | undefined) {
  return (sessions ?? []).map((s) => ({ value: s.id, label: sessionLabel(s) }));
}

/**
 * A session any list already read (the latest ones, a search, the sessions page), so a
 * session out of the latest 50 is still named by its title.
 */
export function cachedSession(queryClient: QueryClient, id: number): AuctionSession | undefined {
  type Page = { list: AuctionSession[] };
  for (const [, data] of queryClient.getQueriesData<Page | { pages: Page[] }>({
    queryKey: [...auctionKeys.all, 'sessions'],
  })) {
    const pages = data === undefined ? [] : 'pages' in data ? data.pages : [data];
    for (const page of pages) {
      const found = page.list.find((s) => s.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/** A lot is still moving while upcoming, live, or ended but not yet settled. */
export const isOpenLot = (lot: Pick<AdminLot, 'status'>) =>
  lot.status === 'live' || lot.status === 'ended' || lot.status === 'upcoming';

/**
 * One lot with every bid. While it runs (or waits to be settled) it is read again every
 * 2 s, so the monitor follows bids, soft-close extensions and the close.
 */
export function useAdminLot(id: number) {
  return useQuery({
    queryKey: auctionKeys.lot(id),
    queryFn: ({ signal }) => call(auctionsApi.adminLot, { id }, { signal }),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: (query) => {
      const lot = query.state.data;
      if (!lot) return false;
      if (lot.status === 'live' || lot.status === 'ended') return LIVE_POLL_MS;
      // An upcoming lot is looked at now and then, so the monitor sees it open.
      return lot.status === 'upcoming' ? UPCOMING_POLL_MS : false;
    },
    refetchIntervalInBackground: false,
  });
}

export function useSaveSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SessionInput }) =>
      id === null
        ? call(auctionsApi.adminCreateSession, input)
        : call(auctionsApi.adminUpdateSession, { ...input, id }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
  });
}

export function useCreateLot() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: HouseLotInput) => call(auctionsApi.adminCreateLot, input),
    // A lot takes a unit of its product: the products' stock changed too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
        queryClient.invalidateQueries({ queryKey: catalogueKeys.products }),
      ]),
  });
}
