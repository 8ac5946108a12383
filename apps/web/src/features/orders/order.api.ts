import { ordersApi } from '@antique/shared/routes';
import type { Order } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { serverNow } from '../../lib/clock.store';
import { call } from '../../lib/request';

export const orderKey = (id: number) => ['order', 'info', id] as const;
/** After the deadline, how often to look until the server has cancelled the order. */
export const EXPIRED_RECHECK_MS = 5000;

/** One order, with the loading indicator on as the specification asks. */
export function fetchOrder(id: number, options: { loading?: boolean } = {}): Promise<Order> {
  return call(ordersApi.info, { id }, { loading: options.loading ?? true });
}

export function useOrderQuery(id: number) {
  return useQuery({
    queryKey: orderKey(id),
    // The indicator shows while the member waits for the order; a refresh in the background stays quiet.
    queryFn: () => fetchOrder(id, { loading: queryClient.getQueryData(orderKey(id)) === undefined }),
    enabled: id > 0,
    staleTime: 0,
    refetchInterval: (query) => {
      const order = query.state.data;
      return order?.status === 'pending' && order.expiresAt <= serverNow() ? EXPIRED_RECHECK_MS : false;
    },
  });
}
