import { custodyApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { CustodyService } from './custody.service.js';

export function custodyRoutes(app: FastifyInstance, { route, custody }: { route: Route; custody: CustodyService }) {
  route(app, custodyApi.list, ({ memberId, input }) => custody.list(memberId, input));
  route(app, custodyApi.info, ({ memberId, input }) => custody.info(memberId, input.id));
  route(app, custodyApi.pick, ({ memberId, input, requestKey }) => custody.pick(memberId, input, requestKey));
  route(app, custodyApi.receive, ({ memberId, input }) => custody.receive(memberId, input.id));
  route(app, custodyApi.delegations, ({ memberId, input }) => custody.delegations(memberId, input));
  route(app, custodyApi.delegate, ({ memberId, input, requestKey }) => custody.delegate(memberId, input, requestKey));
  route(app, custodyApi.cancelDelegation, ({ memberId, input }) => custody.cancelDelegation(memberId, input.id));
}
