import { ordersApi } from '@antique/shared/routes';
import type { Order } from '@antique/shared';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency-key';
import { call } from '../../lib/request';

/** Pays the order from the balance with the trade password; paying twice charges once. */
export function confirmOrder(id: number, tradePassword: string, idempotencyKey: string): Promise<Order> {
  return call(ordersApi.confirm, { id, tradePassword }, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } });
}
