import { custodyApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { LotListingFlow } from '../../flows/lot-listing.flow.js';
import type { PickShipFlow } from '../../flows/pick-ship.flow.js';
import type { Route } from '../../http/route.js';
import type { CustodyService } from '../../modules/custody/custody.service.js';

/** The operators' side of custody: the pieces, the pick-ups to ship, the consignments to review. */
export function adminCustodyRoutes(
  app: FastifyInstance,
  d: { route: Route; custody: CustodyService; shipping: PickShipFlow; listing: LotListingFlow },
) {
  const { route, custody } = d;
  route(app, custodyApi.adminHoldings, ({ input }) => custody.adminHoldings(input));
  route(app, custodyApi.adminPicks, ({ input }) => custody.adminPicks(input));
  route(app, custodyApi.adminShip, ({ actor, input }) => d.shipping.ship(actor, input));
  route(app, custodyApi.adminDelegations, ({ input }) => custody.adminDelegations(input));
  route(app, custodyApi.adminReviewDelegation, ({ actor, input }) => d.listing.reviewConsignment(actor, input));
}
