import { ordersApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { OrderCancelFlow } from '../../flows/order-cancel.flow.js';
import type { OrderPaymentFlow } from '../../flows/order-payment.flow.js';
import type { Route } from '../../http/route.js';
import type { OrdersService } from './orders.service.js';

export function ordersRoutes(
  app: FastifyInstance,
  d: { route: Route; orders: OrdersService; payment: OrderPaymentFlow; cancelling: OrderCancelFlow },
) {
  const { route, orders } = d;
  route(app, ordersApi.create, ({ memberId, input, requestKey }) => d.payment.create(memberId, input, requestKey));
  route(app, ordersApi.list, ({ memberId, input }) => orders.list(memberId, input));
  route(app, ordersApi.info, ({ memberId, input }) => orders.info(memberId, input.id));
  route(app, ordersApi.confirm, ({ memberId, input }) => d.payment.confirm(memberId, input.id, input.tradePassword));
  route(app, ordersApi.cancel, ({ memberId, input }) => d.cancelling.cancel(memberId, input.id));
}
