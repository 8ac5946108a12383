import type { Page } from '@antique/shared';
import { useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';

export const PAGE_SIZE = 10;

/**
 * A paged list (`{ list, hasMore, page }`) read page by page. Items are de-duplicated by id:
 * a row that slid to the next page while the member scrolled is shown once.
 */
export function usePagedQuery<T extends { id: number }, P extends Page<T> = Page<T>>(
  queryKey: QueryKey,
  fetchPage: (page: number) => Promise<P>,
  options: { enabled?: boolean; staleTime?: number } = {},
) {
  const query = useInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last: P) => (last.hasMore ? last.page + 1 : undefined),
    enabled: options.enabled,
    // Only when asked: an explicit undefined would override the client's default.
    ...(options.staleTime !== undefined ? { staleTime: options.staleTime } : {}),
  });
  const items = useMemo(() => {
    const seen = new Set<number>();
    const out: T[] = [];
    for (const page of query.data?.pages ?? []) {
      for (const item of page.list) {
        if (seen.has(item.id)) continue;
        seen.add(item.id);
        out.push(item);
      }
    }
    return out;
  }, [query.data]);
  /** What an InfiniteList needs to read this query page by page. */
  const listProps = {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    failed: query.isFetchNextPageError,
    onLoadMore: () => query.fetchNextPage(),
    empty: items.length === 0,
  };
  return { query, items, listProps, firstPage: query.data?.pages[0] };
}

/** What `usePagedQuery` gives a page: the query, its items de-duplicated, and the props an InfiniteList reads. */
export type PagedQuery<T extends { id: number }> = ReturnType<typeof usePagedQuery<T>>;
