import { protectApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { SecondChanceFlow } from '../../flows/second-chance.flow.js';
import type { Route } from '../../http/route.js';
import type { AuctionsService } from './auctions.service.js';

/** A member's second-chance offers: the list, and accepting one with the trade password. */
export function offersRoutes(
  app: FastifyInstance,
  { route, auctions, flow }: { route: Route; auctions: AuctionsService; flow: SecondChanceFlow },
) {
  route(app, protectApi.offerList, ({ memberId, input }) => auctions.memberOffers(memberId, input));
  route(app, protectApi.offerAccept, ({ memberId, input }) => flow.accept(memberId, input));
}
