import { ordersApi } from '@antique/shared/routes';
import type { Order, OrderStatus, Page } from '@antique/shared';
import { call } from '../../lib/request';
import { PAGE_SIZE, usePagedQuery } from '../../lib/use-paged-query';

export const orderListKey = ['order', 'list'] as const;

/** One page of the member's orders, newest first. */
export function fetchOrderPage(status: OrderStatus | undefined, page: number): Promise<Page<Order>> {
  return call(ordersApi.list, { status, page, pageSize: PAGE_SIZE });
}

export function useOrderPages(status: OrderStatus | undefined) {
  return usePagedQuery<Order>([...orderListKey, status ?? 'all'], (page) => fetchOrderPage(status, page));
}
