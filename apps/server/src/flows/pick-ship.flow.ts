import type { AdminPick, SmsText } from '@antique/shared';
import type { Db } from '../db/client.js';
import type { Actor, AuditService } from '../modules/audit/audit.service.js';
import type { CustodyService } from '../modules/custody/custody.service.js';
import type { NoticesService } from '../modules/notices/notices.service.js';

/** The shipped text of a pick-up: one piece by its title, several by the first and their number. */
function pickShippedSms(holdings: { title: string }[], ship: { carrier: string; trackingNo: string }): SmsText {
  const { carrier, trackingNo } = ship;
  const title = holdings[0]?.title ?? '';
  return holdings.length > 1
    ? { template: 'PICK_SHIPPED_MANY', params: { title, count: String(holdings.length), carrier, trackingNo } }
    : { template: 'PICK_SHIPPED', params: { title, carrier, trackingNo } };
}

/**
 * An operator ships a pending pick-up: the pick and its pieces shipped (custody) and the
 * audit entry, in one transaction; after the commit the member is told.
 */
export function createPickShipFlow(d: {
  db: Db;
  audit: Pick<AuditService, 'record'>;
  custody: Pick<CustodyService, 'shipPick'>;
  notices: Pick<NoticesService, 'send'>;
}) {
  return {
    async ship(actor: Actor, input: { id: number; carrier: string; trackingNo: string }): Promise<AdminPick> {
      const shipped = await d.db.transaction(async (tx) => {
        const pick = await d.custody.shipPick(tx, { ...input, shippedBy: actor?.operatorId ?? null });
        await d.audit.record(tx, actor, {
          action: 'pick.ship',
          targetType: 'pick',
          targetId: pick.id,
          before: { status: 'pending' },
          after: { status: 'shipped', carrier: pick.carrier, trackingNo: pick.trackingNo },
        });
        return pick;
      });
      const count = shipped.holdings.length;
      // After the commit: the pick is shipped whatever happens to the message, so a failed
      // text never turns the operator's success into an error they would retry.
      await d.notices
        .send(
          shipped.memberId,
          {
            kind: 'shipped',
            pickId: shipped.id,
            title: shipped.holdings[0]?.title ?? '',
            ...(count > 1 ? { count } : {}),
            at: shipped.shippedAt!,
          },
          { sms: pickShippedSms(shipped.holdings, input) },
        )
        .catch(() => undefined);
      return shipped;
    },
  };
}
export type PickShipFlow = ReturnType<typeof createPickShipFlow>;
