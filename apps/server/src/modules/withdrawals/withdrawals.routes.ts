import { withdrawalsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { WithdrawalFlow } from '../../flows/withdrawal.flow.js';
import type { Route } from '../../http/route.js';
import type { WithdrawalsService } from './withdrawals.service.js';

export function withdrawalsRoutes(
  app: FastifyInstance,
  { route, withdrawals, flow }: { route: Route; withdrawals: WithdrawalsService; flow: WithdrawalFlow },
) {
  route(app, withdrawalsApi.withdraw, ({ memberId, requestKey, input }) => flow.withdraw(memberId, input, requestKey));
  route(app, withdrawalsApi.record, ({ memberId, input }) => withdrawals.record(memberId, input));
  route(app, withdrawalsApi.config, ({ memberId }) => flow.config(memberId));
}
