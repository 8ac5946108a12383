import { withdrawalsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { WithdrawalFlow } from '../../flows/withdrawal.flow.js';
import { FileReply, type Route } from '../../http/route.js';
import type { ExportsService } from '../../modules/exports/exports.service.js';
import type { WithdrawalsService } from '../../modules/withdrawals/withdrawals.service.js';

/** Finance's withdrawal queue: approve, reject with a reason, mark paid; the CSV export. */
export function adminWithdrawalsRoutes(
  app: FastifyInstance,
  d: { route: Route; withdrawals: WithdrawalsService; flow: WithdrawalFlow; exports: ExportsService },
) {
  const { route, flow } = d;
  route(app, withdrawalsApi.adminList, ({ input }) => d.withdrawals.adminList(input));
  route(app, withdrawalsApi.adminApprove, ({ actor, input }) => flow.approve(actor, input.id));
  route(app, withdrawalsApi.adminReject, ({ actor, input }) => flow.reject(actor, input.id, input.reason));
  route(app, withdrawalsApi.adminPaid, ({ actor, input }) =>
    flow.paid(actor, input.id, { reference: input.reference, note: input.note }),
  );
  route(app, withdrawalsApi.adminTransfer, ({ actor, input }) => flow.transfer(actor, input.id));
  route(app, withdrawalsApi.adminExport, async ({ input }) => FileReply.csv(await d.exports.withdrawals(input)));
}
