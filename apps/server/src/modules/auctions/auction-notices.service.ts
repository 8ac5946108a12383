import type { OrderSource } from '@antique/shared';
import type { Clock } from '../../lib/clock.js';
import type { NoticesService } from '../notices/notices.service.js';
import type { SettingsService } from '../settings/settings.service.js';
import type { AuctionsRepository } from './auctions.repository.js';

const ENDING_SOON_MS = 5 * 60_000;
const PAYMENT_DUE_LEAD_MS = 6 * 3600_000;

/** What the payment-due notice reads of orders: the unpaid ones of a source whose window ends soon. */
interface DueOrders {
  pendingDueBefore(source: OrderSource, at: number, limit: number): Promise<{ id: number; memberId: number }[]>;
}

/** The auctions' own reminders, each sent once (claimed in `lot_notices`): a lot ending soon, a won lot to pay. */
export function createAuctionNotices(d: {
  repo: AuctionsRepository;
  clock: Clock;
  settings: Pick<SettingsService, 'get'>;
  notices: Pick<NoticesService, 'send' | 'notice'>;
  orders: DueOrders;
}) {
  const { repo, clock } = d;

  return {
    /** "Ending soon" once per lot, to every account that bid on it, about five minutes before its end. */
    async noticeEndingSoon(): Promise<number> {
      const now = clock.now();
      const claimed = await repo.claimEndingSoon(new Date(now), new Date(now + ENDING_SOON_MS));
      let n = 0;
      for (const l of claimed) {
        for (const memberId of await repo.bidMembers(l.id)) {
          if (!(await repo.claimNotice(l.id, memberId, 'ending_soon', new Date(now)))) continue;
          await d.notices.send(memberId, d.notices.notice({ kind: 'ending_soon', lotId: l.id, title: l.title }));
          n += 1;
        }
      }
      return n;
    },

    /** "Payment due" once per won lot, some hours before the payment window ends. */
    async noticePaymentDue(): Promise<number> {
      const now = clock.now();
      const hours = await d.settings.get('auctionPaymentHours');
      const lead = Math.min(PAYMENT_DUE_LEAD_MS, (hours * 3600_000) / 2);
      const due = await d.orders.pendingDueBefore('auction', now + lead, 100);
      let n = 0;
      for (const o of due) {
        const lot = await repo.lotByOrder(o.id);
        if (!lot) continue;
        if (!(await repo.claimNotice(lot.id, o.memberId, 'payment_due', new Date(now)))) continue;
        await d.notices.send(
          o.memberId,
          d.notices.notice({ kind: 'payment_due', lotId: lot.id, orderId: o.id, title: lot.title }),
          { sms: { template: 'PAYMENT_DUE', params: { title: lot.title } } },
        );
        n += 1;
      }
      return n;
    },
  };
}
