import { withdrawalsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { WithdrawalsService } from './withdrawals.service.js';

export function withdrawalsRoutes(
  app: FastifyInstance,
  { route, withdrawals }: { route: Route; withdrawals: WithdrawalsService },
) {
  route(app, withdrawalsApi.withdraw, ({ memberId, requestKey, input }) =>
    withdrawals.withdraw(memberId, input, requestKey),
  );
  route(app, withdrawalsApi.record, ({ memberId, input }) => withdrawals.record(memberId, input));
  route(app, withdrawalsApi.config, ({ memberId }) => withdrawals.config(memberId));
}
