import type { OrderCancelFlow } from '../flows/order-cancel.flow.js';
import type { Job } from './scheduler.js';

/**
 * Unpaid orders past their payment window are cancelled and their stock or piece released
 * (`orderCancelFlow.expireDue`: each order taken FOR UPDATE SKIP LOCKED and cancelled by a conditional
 * update, so several instances never cancel one twice).
 */
export function orderExpiryJob(orderCancel: Pick<OrderCancelFlow, 'expireDue'>, everyMs = 5_000): Job {
  return { name: 'order-expiry', everyMs, run: () => orderCancel.expireDue() };
}
