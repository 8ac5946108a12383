import type { CreateOrderInput, Order } from '@antique/shared';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency-key';
import { http } from '../../lib/request';

/** POST /order/create: reserves the stock for 15 minutes; the key makes a retried submit return the same order. */
export function createOrder(input: CreateOrderInput, idempotencyKey: string): Promise<Order> {
  return http.post<Order>('/order/create', input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
