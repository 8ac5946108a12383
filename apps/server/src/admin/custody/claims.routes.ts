import { protectApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { ClaimDecisionFlow } from '../../flows/claim-decision.flow.js';
import type { Route } from '../../http/route.js';
import type { ClaimsService } from '../../modules/custody/claims.service.js';

/** The operators' side of the guarantee: the queue, one claim, its decision. */
export function adminClaimsRoutes(
  app: FastifyInstance,
  d: { route: Route; claims: ClaimsService; decision: ClaimDecisionFlow },
) {
  const { route, claims } = d;
  route(app, protectApi.adminClaims, ({ input }) => claims.adminList(input));
  route(app, protectApi.adminClaim, ({ input }) => claims.adminDetail(input.id));
  route(app, protectApi.adminDecideClaim, ({ actor, input }) => d.decision.decide(actor, input));
}
