import { ordersApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import { FileReply, type Route } from '../../http/route.js';
import type { ExportsService } from '../../modules/exports/exports.service.js';
import type { OrdersService } from '../../modules/orders/orders.service.js';

export function adminOrdersRoutes(
  app: FastifyInstance,
  { route, orders, exports }: { route: Route; orders: OrdersService; exports: ExportsService },
) {
  route(app, ordersApi.adminList, ({ input }) => orders.adminList(input));
  route(app, ordersApi.adminInfo, ({ input }) => orders.adminInfo(input.id));
  route(app, ordersApi.adminExport, async ({ input }) => FileReply.csv(await exports.orders(input)));
}
