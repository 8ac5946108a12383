import { catalogueApi } from '@antique/shared/routes';
import type { Page, ProductCard, ProductSort } from '@antique/shared';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export interface ProductFilter {
  categoryId?: number;
  keyword?: string;
  sort: ProductSort;
  /** Only the member's collected products. */
  collected?: boolean;
}

/** One page of product cards. */
export function fetchProductPage(
  filter: ProductFilter,
  page: number,
  pageSize = PAGE_SIZE,
): Promise<Page<ProductCard>> {
  return call(catalogueApi.products, {
    categoryId: filter.categoryId,
    keyword: filter.keyword || undefined,
    sort: filter.sort,
    collected: filter.collected ? 1 : undefined,
    page,
    pageSize,
  });
}

export const productListKey = (filter: ProductFilter) => ['product', 'list', filter] as const;

/** Page after page, for the infinite lists. */
export function useProductPages(filter: ProductFilter) {
  return usePagedQuery<ProductCard>(productListKey(filter), (page) => fetchProductPage(filter, page));
}

/** The first page of `useProductPages`, fetched ahead (before the page's code is in); its cards, none on failure. */
export function prefetchProductPages(client: QueryClient, filter: ProductFilter): Promise<ProductCard[]> {
  return client
    .fetchInfiniteQuery({
      queryKey: productListKey(filter),
      queryFn: ({ pageParam }) => fetchProductPage(filter, pageParam),
      initialPageParam: 1,
    })
    .then(
      (data) => data.pages[0]?.list ?? [],
      () => [],
    );
}

export const productShelfQuery = (filter: ProductFilter, size: number) =>
  queryOptions({ queryKey: ['product', 'shelf', filter, size], queryFn: () => fetchProductPage(filter, 1, size) });

/** One short page, for a shelf such as the home page's recommendations. */
export function useProductShelf(filter: ProductFilter, size: number) {
  return useQuery(productShelfQuery(filter, size));
}
