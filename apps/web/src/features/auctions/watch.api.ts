import { followApi } from '@antique/shared/routes';
import type { Lot, LotDetail, MineLot, MineTab, Page, SessionPage, WatchResult } from '@antique/shared';
import type { InfiniteData, QueryKey } from '@tanstack/react-query';
import { lotKey } from './auction.api';
import { queryClient } from '../../lib/query-client';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

/**
 * 我的竞拍 and a session's lots are kept under `['auction', 'list', …]`, beside the auction
 * list's tabs: the live prices and a bid's refresh reach every list of lots there alike.
 */
export const mineKey = (tab: MineTab) => ['auction', 'list', 'mine', tab] as const;
export const sessionKey = (id: number) => ['auction', 'list', 'session', id] as const;

export function watchLot(id: number, watch: boolean): Promise<WatchResult> {
  return call(followApi.watch, { id, watch });
}

/** One tab of 我的竞拍, page by page. */
export function useMinePages(tab: MineTab) {
  return usePagedQuery<MineLot>(mineKey(tab), (page) => call(followApi.mine, { tab, page, pageSize: PAGE_SIZE }));
}

/** A session with its lots, page by page (the session's figures come with each page). */
export function useSessionPages(id: number) {
  return usePagedQuery<Lot, SessionPage>(sessionKey(id), (page) => call(followApi.session, { id, page }), {
    enabled: id > 0,
  });
}

type Snapshot = [QueryKey, unknown][];

const setWatching = <T extends Lot>(lot: T, id: number, watching: boolean, watchers?: number): T =>
  lot.id !== id
    ? lot
    : {
        ...lot,
        watching,
        ...(watchers !== undefined && 'watchers' in lot ? { watchers } : {}),
      };

/**
 * Shows the lot as watched (or not) in every cached copy at once, before the server answers;
 * answers the copies as they were, to put back when the server refuses.
 */
export function markWatching(id: number, watching: boolean, watchers?: number): Snapshot {
  const snapshot: Snapshot = [
    ...queryClient.getQueriesData({ queryKey: lotKey(id) }),
    ...queryClient.getQueriesData({ queryKey: ['auction', 'list'] }),
  ];
  queryClient.setQueryData<LotDetail>(lotKey(id), (old) =>
    old
      ? {
          ...old,
          watching,
          watchers:
            watchers ?? Math.max(0, (old.watchers ?? 0) + (watching === Boolean(old.watching) ? 0 : watching ? 1 : -1)),
        }
      : old,
  );
  queryClient.setQueriesData<InfiniteData<Page<Lot>>>({ queryKey: ['auction', 'list'] }, (data) => {
    if (!data?.pages?.some((page) => page.list.some((lot) => lot.id === id))) return data;
    return {
      ...data,
      pages: data.pages.map((page) => ({ ...page, list: page.list.map((l) => setWatching(l, id, watching)) })),
    };
  });
  return snapshot;
}

export function restoreSnapshot(snapshot: Snapshot): void {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}
