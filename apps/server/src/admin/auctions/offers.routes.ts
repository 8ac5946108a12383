import { protectApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { SecondChanceFlow } from '../../flows/second-chance.flow.js';
import type { Route } from '../../http/route.js';
import type { AuctionsService } from '../../modules/auctions/auctions.service.js';

/** The operators' second-chance offers on a lot whose winner did not pay. */
export function adminOffersRoutes(
  app: FastifyInstance,
  { route, auctions, flow }: { route: Route; auctions: AuctionsService; flow: SecondChanceFlow },
) {
  route(app, protectApi.adminLotOffers, ({ input }) => auctions.adminLotOffers(input.id));
  route(app, protectApi.adminOfferLot, ({ actor, input }) => flow.offer(actor, input.id));
  route(app, protectApi.adminWithdrawOffer, ({ actor, input }) => flow.withdraw(actor, input.id));
}
