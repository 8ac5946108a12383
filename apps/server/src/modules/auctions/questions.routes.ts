import { judgeApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { AuctionsService } from './auctions.service.js';

/** A member's question on a lot (issue 18). */
export function questionsRoutes(
  app: FastifyInstance,
  { route, auctions }: { route: Route; auctions: AuctionsService },
) {
  route(app, judgeApi.question, ({ memberId, input }) => auctions.ask(memberId, input));
}
