import { auctionsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import { EventStream, type Route } from '../../http/route.js';
import type { BidFlow } from '../../flows/bid.flow.js';
import type { LiveService } from '../live/live.service.js';
import type { AuctionsService } from './auctions.service.js';
import { followRoutes } from './follow.routes.js';

export function auctionsRoutes(
  app: FastifyInstance,
  { route, auctions, bids, live }: { route: Route; auctions: AuctionsService; bids: BidFlow; live: LiveService },
) {
  route(app, auctionsApi.list, ({ maybeMemberId, input }) => auctions.list(maybeMemberId, input));
  route(app, auctionsApi.info, ({ maybeMemberId, input }) => auctions.info(maybeMemberId, input.id));
  route(app, auctionsApi.match, ({ memberId, input, requestKey, meta }) =>
    bids.match(memberId, input, requestKey, { ip: meta.ip, userAgent: meta.userAgent }),
  );
  route(
    app,
    auctionsApi.stream,
    async ({ maybeMemberId, input }) => new EventStream(live.lotStream(maybeMemberId, input.ids)),
  );
  followRoutes(app, { route, auctions });
}
