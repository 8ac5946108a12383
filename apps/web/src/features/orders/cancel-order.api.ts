import { ordersApi } from '@antique/shared/routes';
import type { Order } from '@antique/shared';
import { call } from '../../lib/request';

/** Cancels one of the member's pending mall orders; its pieces are released at once. */
export function cancelOrder(id: number): Promise<Order> {
  return call(ordersApi.cancel, { id });
}
