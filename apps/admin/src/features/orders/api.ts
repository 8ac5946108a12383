import { queryOptions, useQuery } from '@tanstack/react-query';
import { ordersApi, type RouteInput } from '@antique/shared/routes';
import type { AdminOrder, OrderSource, OrderStatus } from '@antique/shared';
import { download } from '../../lib/download';
import { call } from '../../lib/request';

export type { AdminOrder, OrderSource };
/** Status, source, an order number or a member's phone (keyword), a member, and the page. */
export type OrderListParams = RouteInput<typeof ordersApi.adminList>;

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'gold',
  paid: 'success',
  cancelled: 'default',
};

export const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (params: OrderListParams) => [...orderKeys.all, 'list', params] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
};

export const orderQueries = {
  list: (params: OrderListParams) =>
    queryOptions({
      queryKey: orderKeys.list(params),
      queryFn: ({ signal }) => call(ordersApi.adminList, params, { signal }),
    }),
};

/** Saves the orders' CSV for a status and a date range; returns the file's name. */
export const exportOrders = (input: RouteInput<typeof ordersApi.adminExport>, fileName: string) =>
  download(ordersApi.adminExport, input, fileName, { preferServerName: false });

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => call(ordersApi.adminInfo, { id: id ?? 0 }, { signal }),
    enabled: id !== null,
  });
}
