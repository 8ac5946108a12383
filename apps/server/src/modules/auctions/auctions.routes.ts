import { auctionsApi } from '@antique/shared';
import type { FastifyInstance } from 'fastify';
import { invalidField } from '../../lib/domain-error.js';
import { EventStream, type Route } from '../../http/route.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { AuctionsService } from './auctions.service.js';

const HEARTBEAT_MS = 15_000;

export function auctionsRoutes(
  app: FastifyInstance,
  { route, auctions, notices }: { route: Route; auctions: AuctionsService; notices: NoticesService },
) {
  route(app, auctionsApi.list, ({ maybeMemberId, input }) => auctions.list(maybeMemberId, input));
  route(app, auctionsApi.info, ({ maybeMemberId, input }) => auctions.info(maybeMemberId, input.id));
  route(app, auctionsApi.match, ({ memberId, input, requestKey }) => auctions.match(memberId, input, requestKey));
  route(app, auctionsApi.stream, async ({ maybeMemberId, input }) => {
    const ids = input.ids ? [...new Set(input.ids.split(',').map(Number))] : [];
    // A member may listen for their notices alone; a guest's stream needs lots to follow.
    if (ids.length === 0 && maybeMemberId === undefined) throw invalidField('ids');
    return new EventStream(async (sink) => {
      const sendPrices = async () => {
        for (const price of await auctions.prices(ids)) sink.send('lot', price);
      };
      // Subscribed first, then the prices read: a bid between the two is sent twice, never missed.
      const unsubscribe = await notices.subscribe({
        lotIds: new Set(ids),
        ...(maybeMemberId !== undefined ? { memberId: maybeMemberId } : {}),
        onLot: (price) => sink.send('lot', price),
        onNotice: (notice) => sink.send('notice', notice),
        onResync: () => void sendPrices().catch(() => undefined),
      });
      const heartbeat = setInterval(() => sink.comment('heartbeat'), HEARTBEAT_MS);
      heartbeat.unref();
      try {
        await sendPrices();
      } catch (e) {
        clearInterval(heartbeat);
        unsubscribe();
        throw e;
      }
      return () => {
        clearInterval(heartbeat);
        unsubscribe();
      };
    });
  });
}
