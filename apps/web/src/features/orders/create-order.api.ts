import { ordersApi } from '@antique/shared/routes';
import type { CreateOrderInput, Order } from '@antique/shared';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency-key';
import { call } from '../../lib/request';

/** Reserves the stock for 15 minutes; the key makes a retried submit return the same order. */
export function createOrder(input: CreateOrderInput, idempotencyKey: string): Promise<Order> {
  return call(ordersApi.create, input, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
