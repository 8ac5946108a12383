import type { OrdersService } from '../modules/orders/orders.service.js';
import type { Job } from './scheduler.js';

/**
 * Unpaid orders past their payment window are cancelled and their stock or piece released
 * (`orders.expireDue`: each order taken FOR UPDATE SKIP LOCKED and cancelled by a conditional
 * update, so several instances never cancel one twice).
 */
export function orderExpiryJob(orders: Pick<OrdersService, 'expireDue'>, everyMs = 5_000): Job {
  return { name: 'order-expiry', everyMs, run: () => orders.expireDue() };
}
