import { protectApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { ClaimsService } from './claims.service.js';

/** The member's side of the house's guarantee: claim a received piece, read one's claims and the terms. */
export function claimsRoutes(app: FastifyInstance, { route, claims }: { route: Route; claims: ClaimsService }) {
  route(app, protectApi.claim, ({ memberId, input }) => claims.submit(memberId, input));
  route(app, protectApi.claimList, ({ memberId, input }) => claims.list(memberId, input));
  route(app, protectApi.claimTerms, () => claims.terms());
}
