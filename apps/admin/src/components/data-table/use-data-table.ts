import { useMemo } from 'react';
import {
  type QueryKey,
  type UseQueryOptions,
  type UseQueryResult,
  keepPreviousData,
  useQuery,
} from '@tanstack/react-query';
import { useSearchState } from '../../lib/use-search-state';
import type { FilterValues, TableFilters } from './table-filters';

export interface Paging {
  page: number;
  pageSize: number;
}

/** A page of rows as the server sends it, or a whole list. */
type Rows<R> = { list: R[]; total: number } | readonly R[];
export type RowOf<D> = D extends { list: (infer R)[] } ? R : D extends readonly (infer R)[] ? R : never;

/** What DataTable reads from useDataTable, whatever the page's filters. */
export interface DataTableState<R> {
  filters: TableFilters;
  values: Record<string, unknown>;
  setFilters(changes: Record<string, unknown>, options?: { keepPage?: boolean }): void;
  /** Some filter narrows the list. */
  filtered: boolean;
  page: number;
  pageSize: number;
  pageSizeOptions: string[];
  changePage(page: number, pageSize: number): void;
  query: Pick<UseQueryResult<unknown>, 'data' | 'error' | 'isError' | 'isFetching' | 'refetch'>;
  /** The server pages the list (a whole list is shown on one page). */
  paged: boolean;
  rows: readonly R[];
  /** Undefined until the first answer. */
  total: number | undefined;
}

interface Options<F extends TableFilters, D, K extends QueryKey> {
  filters: F;
  /** The feature's query for these filters and this page (a whole list may ignore the page). */
  query: (values: FilterValues<F>, paging: Paging) => UseQueryOptions<D, Error, D, K>;
  defaultPageSize?: number;
}

/**
 * A list's mechanics: its filters and page held in the URL (a refresh, the back button
 * or a shared link shows the same rows), the query they drive, and what the table needs.
 */
export function useDataTable<F extends TableFilters, D extends Rows<unknown>, K extends QueryKey>({
  filters,
  query,
  defaultPageSize = 20,
}: Options<F, D, K>): DataTableState<RowOf<D>> & {
  values: FilterValues<F>;
  setFilters(changes: Partial<FilterValues<F>>, options?: { keepPage?: boolean }): void;
  query: UseQueryResult<D>;
} {
  const keys = Object.keys(filters);
  const search = useSearchState(keys, defaultPageSize);
  const { page, pageSize, update } = search;
  const raw = search.filters;
  const values = useMemo(() => {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(raw)) out[key] = filters[key]?.parse(raw[key]);
    return out as FilterValues<F>;
    // How a page parses its filters never changes; the record is rebuilt every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [raw]);

  const result = useQuery({ ...query(values, { page, pageSize }), placeholderData: keepPreviousData });
  const data: Rows<RowOf<D>> | undefined = result.data as Rows<RowOf<D>> | undefined;
  const whole = data === undefined || isWholeList(data);

  return {
    filters,
    values,
    setFilters: (changes, { keepPage = false } = {}) => {
      const next: Record<string, string | number | undefined> = {};
      for (const [key, value] of Object.entries(changes)) next[key] = filters[key]?.format(value);
      // A new filter starts again at the first page, unless the change is not a filter.
      if (keepPage) next.page = page === 1 ? undefined : page;
      update(next);
    },
    filtered: keys.some((key) => filters[key]?.active(values[key]) ?? false),
    page,
    pageSize,
    pageSizeOptions: search.pageSizeOptions,
    changePage: (nextPage, nextSize) =>
      update(nextSize !== pageSize ? { pageSize: nextSize, page: 1 } : { page: nextPage }),
    query: result,
    paged: !whole,
    rows: data === undefined ? [] : isWholeList(data) ? data : data.list,
    total: data === undefined ? undefined : isWholeList(data) ? data.length : data.total,
  };
}

function isWholeList<R>(data: Rows<R>): data is readonly R[] {
  return Array.isArray(data);
}
