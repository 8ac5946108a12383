import { catalogueApi, type RouteOutput } from '@antique/shared/routes';
import type { Product } from '@antique/shared';
import { useMutation } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { call } from '../../lib/request';
import { productKey } from './product.api';

export type CollectResult = RouteOutput<typeof catalogueApi.collect>;

/** Idempotent, so a repeat tap does no harm. */
export function collectProduct(id: number, collected: boolean): Promise<CollectResult> {
  return call(catalogueApi.collect, { id, collected }, { loading: false });
}

/** Collects or uncollects at once on screen, and puts it back if the server refuses. */
export function useCollectMutation() {
  return useMutation({
    mutationFn: ({ id, collected }: CollectResult) => collectProduct(id, collected),
    onMutate: ({ id, collected }) => {
      const before = queryClient.getQueryData<Product>(productKey(id));
      if (before) queryClient.setQueryData<Product>(productKey(id), { ...before, collected });
      return { before };
    },
    onError: (_error, { id }, context) => {
      if (context?.before) queryClient.setQueryData(productKey(id), context.before);
    },
    onSuccess: (result) => {
      const current = queryClient.getQueryData<Product>(productKey(result.id));
      if (current)
        queryClient.setQueryData<Product>(productKey(result.id), { ...current, collected: result.collected });
      void queryClient.invalidateQueries({ queryKey: ['product', 'list'], refetchType: 'none' });
    },
  });
}
