import { integrityApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { LotHandFlow } from '../../flows/lot-hand.flow.js';
import type { Route } from '../../http/route.js';
import type { IntegrityService } from '../../modules/integrity/integrity.service.js';

/** The house's own hand on a lot (withdraw, void a bid) and the bidding signals' queue and review. */
export function adminIntegrityRoutes(
  app: FastifyInstance,
  { route, hand, integrity }: { route: Route; hand: LotHandFlow; integrity: IntegrityService },
) {
  route(app, integrityApi.adminWithdrawLot, ({ actor, input }) => hand.withdraw(actor, input.id, input.reason));
  route(app, integrityApi.adminVoidBid, ({ actor, input }) => hand.voidBid(actor, input.id, input.bidId, input.reason));
  route(app, integrityApi.adminSignals, ({ input }) => integrity.queue(input));
  route(app, integrityApi.adminLotSignals, ({ input }) => integrity.lotSignals(input.id));
  route(app, integrityApi.adminReviewSignals, ({ actor, input }) =>
    integrity.review(actor, input.id, { status: input.status, note: input.note }),
  );
}
