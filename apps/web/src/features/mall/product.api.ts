import { catalogueApi } from '@antique/shared/routes';
import type { Product } from '@antique/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '../../lib/request';

export const productKey = (id: number) => ['product', 'info', id] as const;

/** The whole product, with the member's `collected` and whether it is on sale. */
export function fetchProduct(id: number, options: { loading?: boolean } = {}): Promise<Product> {
  return call(catalogueApi.product, { id }, { loading: options.loading ?? false });
}

export const productQuery = (id: number) =>
  queryOptions({ queryKey: productKey(id), queryFn: () => fetchProduct(id), enabled: id > 0, staleTime: 10_000 });

export function useProductQuery(id: number) {
  return useQuery(productQuery(id));
}
