import { auctionsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { LotListingFlow } from '../../flows/lot-listing.flow.js';
import type { Route } from '../../http/route.js';
import type { AuctionsService } from '../../modules/auctions/auctions.service.js';

export function adminAuctionsRoutes(
  app: FastifyInstance,
  { route, auctions, listing }: { route: Route; auctions: AuctionsService; listing: LotListingFlow },
) {
  route(app, auctionsApi.adminSessions, ({ input }) => auctions.sessions(input));
  route(app, auctionsApi.adminCreateSession, ({ actor, input }) => auctions.createSession(actor, input));
  route(app, auctionsApi.adminUpdateSession, ({ actor, input }) => auctions.updateSession(actor, input.id, input));
  route(app, auctionsApi.adminLots, ({ input }) => auctions.adminLots(input));
  route(app, auctionsApi.adminCreateLot, ({ actor, input }) => listing.createHouseLot(actor, input));
  route(app, auctionsApi.adminLot, ({ input }) => auctions.adminLot(input.id));
}
