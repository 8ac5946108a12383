import type { Order } from '@antique/shared';
import { IDEMPOTENCY_HEADER } from '../../lib/idempotency-key';
import { http } from '../../lib/request';

/** POST /order/confirm: pays the order from the balance with the trade password; paying twice charges once. */
export function confirmOrder(id: number, tradePassword: string, idempotencyKey: string): Promise<Order> {
  return http.post<Order>(
    '/order/confirm',
    { id, tradePassword },
    { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey } },
  );
}
