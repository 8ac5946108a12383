import type { LotPrice } from '@antique/shared';
import { invalidField } from '../../lib/domain-error.js';
import type { NoticesService } from '../notices/notices.service.js';

const HEARTBEAT_MS = 15_000;

/** Where a live stream writes (the HTTP layer's Server-Sent Events sink fits it). */
export interface LiveSink {
  /** One event: `lot` (a LotPrice) or `notice` (a MemberNotice). */
  send(event: 'lot' | 'notice', data: unknown): void;
  /** A comment line: the heartbeat that keeps proxies from closing the connection. */
  comment(text: string): void;
}

/** Starts writing to the sink; resolves to what ends the stream. */
export type LiveOpen = (sink: LiveSink) => Promise<() => void>;

/**
 * The live stream of `auction/stream`: the prices of the lots a page shows, at once and
 * after every change, and, with a token, the member's own notices. No table of its own: it
 * listens through the notices module and reads prices from the lot views.
 */
export function createLiveService(d: {
  notices: Pick<NoticesService, 'subscribe'>;
  prices(ids: number[]): Promise<LotPrice[]>;
  heartbeatMs?: number;
}) {
  const heartbeatMs = d.heartbeatMs ?? HEARTBEAT_MS;
  return {
    /**
     * The stream of the lots `ids` (comma-separated, checked by the declaration) for a member
     * or a guest: refused at once when there is nothing to follow, else how to open it.
     */
    lotStream(memberId: number | undefined, ids: string | undefined): LiveOpen {
      const lotIds = ids ? [...new Set(ids.split(',').map(Number))] : [];
      // A member may listen for their notices alone; a guest's stream needs lots to follow.
      if (lotIds.length === 0 && memberId === undefined) throw invalidField('ids');
      return async (sink) => {
        const sendPrices = async () => {
          for (const price of await d.prices(lotIds)) sink.send('lot', price);
        };
        // Subscribed first, then the prices read: a bid between the two is sent twice, never missed.
        const unsubscribe = await d.notices.subscribe({
          lotIds: new Set(lotIds),
          ...(memberId !== undefined ? { memberId } : {}),
          onLot: (price) => sink.send('lot', price),
          onNotice: (notice) => sink.send('notice', notice),
          onResync: () => void sendPrices().catch(() => undefined),
        });
        const heartbeat = setInterval(() => sink.comment('heartbeat'), heartbeatMs);
        heartbeat.unref();
        const stop = () => {
          clearInterval(heartbeat);
          unsubscribe();
        };
        try {
          await sendPrices();
        } catch (e) {
          stop();
          throw e;
        }
        return stop;
      };
    },
  };
}
export type LiveService = ReturnType<typeof createLiveService>;
