import { teamApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { TeamService } from './team.service.js';

export function teamRoutes(app: FastifyInstance, { route, team }: { route: Route; team: TeamService }) {
  route(app, teamApi.info, ({ memberId, req }) => team.info(memberId, `${req.protocol}://${req.host}`));
  route(app, teamApi.list, ({ memberId, input }) => team.list(memberId, input));
}
