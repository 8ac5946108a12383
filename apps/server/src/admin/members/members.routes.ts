import { accountsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import type { Route } from '../../http/route.js';
import type { MembersService } from '../../modules/members/members.service.js';

/** Member administration and real-name review. */
export function adminMembersRoutes(
  app: FastifyInstance,
  { route, members }: { route: Route; members: MembersService },
) {
  route(app, accountsApi.adminList, ({ input }) => members.list(input));
  route(app, accountsApi.adminDetail, ({ input }) => members.detail(input.id));
  route(app, accountsApi.adminFreeze, ({ actor, input: { id, ...input } }) => members.freeze(actor, id, input));
  route(app, accountsApi.adminRealNameQueue, ({ input }) => members.realNameQueue(input));
  route(app, accountsApi.adminRealNameReveal, ({ actor, input }) => members.revealRealName(actor, input.memberId));
  route(app, accountsApi.adminRealNameReview, ({ actor, input: { memberId, ...input } }) =>
    members.reviewRealName(actor, memberId, input),
  );
}
