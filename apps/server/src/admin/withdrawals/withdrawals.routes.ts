import { withdrawalsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import { FileReply, type Route } from '../../http/route.js';
import type { ExportsService } from '../../modules/exports/exports.service.js';
import type { WithdrawalsService } from '../../modules/withdrawals/withdrawals.service.js';

/** Finance's withdrawal queue: approve, reject with a reason, mark paid; the CSV export. */
export function adminWithdrawalsRoutes(
  app: FastifyInstance,
  { route, withdrawals, exports }: { route: Route; withdrawals: WithdrawalsService; exports: ExportsService },
) {
  route(app, withdrawalsApi.adminList, ({ input }) => withdrawals.adminList(input));
  route(app, withdrawalsApi.adminApprove, ({ actor, input }) => withdrawals.approve(actor, input.id));
  route(app, withdrawalsApi.adminReject, ({ actor, input }) => withdrawals.reject(actor, input.id, input.reason));
  route(app, withdrawalsApi.adminPaid, ({ actor, input }) => withdrawals.paid(actor, input.id));
  route(app, withdrawalsApi.adminExport, async ({ input }) => FileReply.csv(await exports.withdrawals(input)));
}
