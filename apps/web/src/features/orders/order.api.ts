import type { Order } from '@antique/shared';
import { useQuery } from '@tanstack/react-query';
import { http } from '../../lib/request';

export const orderKey = (id: number) => ['order', 'info', id] as const;

/** GET /order/info, with the loading indicator on as the specification asks. */
export function fetchOrder(id: number): Promise<Order> {
  return http.get<Order>('/order/info', { id }, { loading: true });
}

export function useOrderQuery(id: number) {
  return useQuery({ queryKey: orderKey(id), queryFn: () => fetchOrder(id), enabled: id > 0, staleTime: 0 });
}
