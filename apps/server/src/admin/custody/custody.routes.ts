import { custodyApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { CustodyService } from '../../modules/custody/custody.service.js';

/** The operators' side of custody: the pieces, the pick-ups to ship, the consignments to review. */
export function adminCustodyRoutes(
  app: FastifyInstance,
  { route, custody }: { route: Route; custody: CustodyService },
) {
  route(app, custodyApi.adminHoldings, ({ input }) => custody.adminHoldings(input));
  route(app, custodyApi.adminPicks, ({ input }) => custody.adminPicks(input));
  route(app, custodyApi.adminShip, ({ actor, input }) => custody.ship(actor, input));
  route(app, custodyApi.adminDelegations, ({ input }) => custody.adminDelegations(input));
  route(app, custodyApi.adminReviewDelegation, ({ actor, input }) => custody.review(actor, input));
}
