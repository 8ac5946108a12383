import type { Holding } from '@antique/shared';
import { Button } from 'antd-mobile';
import { useTranslation } from '../../lib/use-translation';
import { copyText } from '../../lib/clipboard';
import { formatDateTime } from '../../lib/format-time';

/** Under a piece on its way or delivered: where it goes, the carrier and tracking number, and "received". */
export function ShippingLine({ holding, onReceive }: { holding: Holding; onReceive?: () => void }) {
  const { t } = useTranslation();
  const pick = holding.pick;
  if (!pick) return null;
  return (
    <div className="holding-ship" data-testid="pick-shipping">
      <span className="holding-ship-text">
        {pick.status === 'pending' ? (
          <span>{t('pick.preparing', { time: formatDateTime(pick.createdAt) })}</span>
        ) : (
          <>
            <span data-testid="pick-carrier">
              {pick.carrier} ·{' '}
              <span className="holding-ship-no" data-testid="pick-tracking">
                {pick.trackingNo}
              </span>
            </span>
            <span>
              {pick.status === 'received' && pick.receivedAt
                ? t('pick.receivedAt', { time: formatDateTime(pick.receivedAt) })
                : pick.shippedAt
                  ? t('pick.shippedAt', { time: formatDateTime(pick.shippedAt) })
                  : ''}
            </span>
          </>
        )}
        <span>{t('pick.to', { name: pick.address.name, place: `${pick.address.city}${pick.address.district}` })}</span>
      </span>
      {pick.trackingNo && (
        <Button size="mini" fill="none" onClick={() => void copyText(pick.trackingNo!)} data-testid="pick-copy">
          {t('common.copy')}
        </Button>
      )}
      {pick.status === 'shipped' && onReceive && (
        <Button
          size="small"
          color="primary"
          shape="rounded"
          className="gold-button"
          onClick={onReceive}
          data-testid="pick-receive"
        >
          {t('pick.receive')}
        </Button>
      )}
    </div>
  );
}
