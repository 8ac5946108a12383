import { auctionsApi } from '@antique/shared/routes';
import type { AuctionSession, Lot, LotDetail, LotListStatus, Page } from '@antique/shared';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency-key';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export type LotPage = Page<Lot> & { sessions: AuctionSession[] };

/** Every auction query starts with this: a live price or a bid refreshes them all. */
export const auctionKey = ['auction'] as const;
export const lotListKey = (status: LotListStatus, sessionId?: number, pageSize = PAGE_SIZE) =>
  ['auction', 'list', status, sessionId ?? 'all', pageSize] as const;
export const lotKey = (id: number) => ['auction', 'info', id] as const;

export function fetchLotPage(
  status: LotListStatus,
  sessionId: number | undefined,
  page: number,
  pageSize = PAGE_SIZE,
): Promise<LotPage> {
  return call(auctionsApi.list, { status, sessionId, page, pageSize });
}

/** Lots of one tab (and session), page by page, with the sessions of the first page. */
export function useLotPages(status: LotListStatus, sessionId?: number) {
  return usePagedQuery<Lot, LotPage>(lotListKey(status, sessionId), (page) => fetchLotPage(status, sessionId, page));
}

/** Lots a shelf of the home page shows. */
export const HOME_LOTS = 8;

/** A few lots of one tab, shaped like the paged lists so that live prices reach it the same way. */
export const lotShelfQuery = (status: LotListStatus, size: number) => ({
  queryKey: lotListKey(status, undefined, size),
  queryFn: async () => ({ pages: [await fetchLotPage(status, undefined, 1, size)], pageParams: [1] }),
});

/**
 * The home page's two shelves of lots, asked for while its code loads: they render after the
 * first paint, and their lots are on the way by then.
 */
export function prefetchHomeLots(client: QueryClient): void {
  void client.prefetchQuery(lotShelfQuery('live', HOME_LOTS));
  void client.prefetchQuery(lotShelfQuery('upcoming', HOME_LOTS));
}

/** A few lots of one tab, for the home page's shelf. */
export function useLotShelf(status: LotListStatus, size: number) {
  return useQuery({ ...lotShelfQuery(status, size), select: (data) => data.pages[0]!.list });
}

export function fetchLot(id: number): Promise<LotDetail> {
  return call(auctionsApi.info, { id });
}

/**
 * A lot's page opened first: the lot, asked for while the page's code loads, and its first
 * picture (the largest thing on screen) as soon as its address is known. The page asks again
 * when it mounts (a lot's price is never taken from the cache alone) but shows this meanwhile.
 */
export function prefetchLot(client: QueryClient, params: URLSearchParams): void {
  const id = Number(params.get('id'));
  if (!Number.isInteger(id) || id <= 0) return;
  void client.fetchQuery({ queryKey: lotKey(id), queryFn: () => fetchLot(id) }).then(
    (lot) => {
      const picture = lot.images[0] ?? lot.cover;
      if (picture) new Image().src = picture;
    },
    () => undefined,
  );
}

export function useLotQuery(id: number, options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: lotKey(id),
    queryFn: () => fetchLot(id),
    enabled: id > 0,
    staleTime: 0,
    refetchInterval: options.refetchInterval ?? false,
  });
}

/** The bid: the most the member will pay, confirmed with the trade password; a retry bids once. */
export function placeBid(
  input: { id: number; maxBid: number; tradePassword: string },
  idempotencyKey: string,
): Promise<Lot> {
  return call(auctionsApi.match, input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
