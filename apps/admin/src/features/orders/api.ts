import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderStatus, Page, adminOrder, orderSources } from '@antique/shared';
import type { z } from 'zod';
import { api } from '../../lib/request';

export type AdminOrder = z.infer<typeof adminOrder>;
export type OrderSource = (typeof orderSources)[number];

export interface OrderListParams {
  status?: OrderStatus;
  source?: OrderSource;
  /** An order number or a member's phone. */
  keyword?: string;
  memberId?: number;
  page: number;
  pageSize: number;
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pending: '待支付',
  paid: '已支付',
  cancelled: '已取消',
};

export const ORDER_STATUS_COLORS: Record<OrderStatus, string> = {
  pending: 'gold',
  paid: 'success',
  cancelled: 'default',
};

export const ORDER_SOURCE_LABELS: Record<OrderSource, string> = {
  mall: '商城',
  auction: '拍卖',
};

export const orderKeys = {
  all: ['admin', 'orders'] as const,
  list: (params: OrderListParams) => [...orderKeys.all, 'list', params] as const,
  detail: (id: number) => [...orderKeys.all, 'detail', id] as const,
};

export const fetchOrders = (params: OrderListParams, signal?: AbortSignal) =>
  api.get<Page<AdminOrder>>('/orders', { ...params }, signal);
export const fetchOrder = (id: number, signal?: AbortSignal) => api.get<AdminOrder>(`/orders/${id}`, {}, signal);

export const orderQueries = {
  list: (params: OrderListParams) =>
    queryOptions({ queryKey: orderKeys.list(params), queryFn: ({ signal }) => fetchOrders(params, signal) }),
};

export function useOrder(id: number | null) {
  return useQuery({
    queryKey: orderKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchOrder(id ?? 0, signal),
    enabled: id !== null,
  });
}
