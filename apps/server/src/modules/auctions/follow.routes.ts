import { followApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { AuctionsService } from './auctions.service.js';

/** Watching lots, 我的竞拍 and a session's page (issue 18). */
export function followRoutes(app: FastifyInstance, { route, auctions }: { route: Route; auctions: AuctionsService }) {
  route(app, followApi.watch, ({ memberId, input }) => auctions.watch(memberId, input));
  route(app, followApi.mine, ({ memberId, input }) => auctions.mine(memberId, input));
  route(app, followApi.session, ({ maybeMemberId, input }) => auctions.session(maybeMemberId, input));
}
