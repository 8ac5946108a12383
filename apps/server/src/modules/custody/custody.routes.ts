import { custodyApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { CustodyService } from './custody.service.js';

export function custodyRoutes(app: FastifyInstance, { route, custody }: { route: Route; custody: CustodyService }) {
  route(app, custodyApi.list, ({ memberId, input }) => custody.list(memberId, input));
}
