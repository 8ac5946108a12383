import { accountsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { MembersService } from './members.service.js';

export function membersRoutes(app: FastifyInstance, { route, members }: { route: Route; members: MembersService }) {
  route(app, accountsApi.register, ({ input, meta }) => members.register(input, meta), { rateLimit: 10 });
  route(app, accountsApi.login, ({ input, meta }) => members.login(input, meta), { rateLimit: 20 });
  route(app, accountsApi.logout, ({ sessionId }) => members.logout(sessionId));
  route(app, accountsApi.resetPassword, ({ input, meta }) => members.resetPassword(input, meta), { rateLimit: 10 });
  route(app, accountsApi.info, ({ memberId }) => members.info(memberId));
  route(app, accountsApi.update, ({ memberId, input }) => members.update(memberId, input));
  route(app, accountsApi.changePassword, ({ memberId, input, meta }) => members.changePassword(memberId, input, meta));
  route(app, accountsApi.setTradePassword, ({ memberId, input }) => members.setTradePassword(memberId, input));
  route(app, accountsApi.submitRealName, ({ memberId, input }) => members.submitRealName(memberId, input));
}
