import { paymentsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { RechargeFlow } from '../../flows/recharge.flow.js';
import { FileReply, type Route } from '../../http/route.js';
import type { ExportsService } from '../../modules/exports/exports.service.js';
import type { PaymentsService } from '../../modules/payments/payments.service.js';

/** Finance's online money: recharges, the providers' notices, asking a provider again, the CSV. */
export function adminPaymentsRoutes(
  app: FastifyInstance,
  d: { route: Route; payments: PaymentsService; flow: RechargeFlow; exports: ExportsService },
) {
  const { route } = d;
  route(app, paymentsApi.adminList, ({ input }) => d.payments.adminList(input));
  route(app, paymentsApi.adminRecheck, ({ input }) => d.flow.recheck(input.id));
  route(app, paymentsApi.adminNotices, ({ input }) => d.payments.notices(input));
  route(app, paymentsApi.adminExport, async ({ input }) => FileReply.csv(await d.exports.recharges(input)));
}
