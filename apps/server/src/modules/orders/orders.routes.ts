import { ordersApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { OrdersService } from './orders.service.js';

export function ordersRoutes(app: FastifyInstance, { route, orders }: { route: Route; orders: OrdersService }) {
  route(app, ordersApi.create, ({ memberId, input, requestKey }) => orders.create(memberId, input, requestKey));
  route(app, ordersApi.list, ({ memberId, input }) => orders.list(memberId, input));
  route(app, ordersApi.info, ({ memberId, input }) => orders.info(memberId, input.id));
  route(app, ordersApi.confirm, ({ memberId, input }) => orders.confirm(memberId, input.id, input.tradePassword));
  route(app, ordersApi.cancel, ({ memberId, input }) => orders.cancel(memberId, input.id));
}
