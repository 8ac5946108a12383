import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { auctionsApi, type RouteInput } from '@antique/shared/routes';
import type { AdminLot, AdminLotDetail, AuctionSession, HouseLotInput, LotStatus, SessionInput } from '@antique/shared';
import { call } from '../../lib/request';

export type { AdminLot, AdminLotDetail, AuctionSession, HouseLotInput, LotStatus, SessionInput };
export type SessionListParams = RouteInput<typeof auctionsApi.adminSessions>;
export type LotListParams = RouteInput<typeof auctionsApi.adminLots>;
export type SessionRow = AuctionSession & { lotCount: number };

export const LOT_STATUS_LABELS: Record<LotStatus, string> = {
  upcoming: '未开始',
  live: '竞拍中',
  ended: '已截拍，结算中',
  sold: '已成交',
  unsold: '流拍',
};

export const LOT_STATUS_COLORS: Record<LotStatus, string> = {
  upcoming: 'blue',
  live: 'red',
  ended: 'orange',
  sold: 'success',
  unsold: 'default',
};

/** How often the live monitor reads a running lot again. */
export const LIVE_POLL_MS = 2_000;
const UPCOMING_POLL_MS = 10_000;
const LIST_POLL_MS = 10_000;

/** The session picker's choices: the latest sessions the list endpoint gives in one page. */
export const SESSION_OPTIONS_PAGE = { page: 1, pageSize: 50 } as const;

export const auctionKeys = {
  all: ['admin', 'auctions'] as const,
  sessions: (params: SessionListParams) => [...auctionKeys.all, 'sessions', params] as const,
  lots: (params: LotListParams) => [...auctionKeys.all, 'lots', params] as const,
  lot: (id: number) => [...auctionKeys.all, 'lot', id] as const,
};

export const auctionQueries = {
  sessions: (params: SessionListParams) =>
    queryOptions({
      queryKey: auctionKeys.sessions(params),
      queryFn: ({ signal }) => call(auctionsApi.adminSessions, params, { signal }),
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

export function sessionOptions(sessions: readonly AuctionSession[] | undefined) {
  return (sessions ?? []).map((s) => ({ value: s.id, label: `${s.title}（#${s.id}）` }));
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: auctionKeys.all }),
  });
}
