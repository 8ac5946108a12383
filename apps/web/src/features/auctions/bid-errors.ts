import type { TFunction } from '../../lib/translator';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { formatMoney } from '../../lib/format-money';
import { go } from '../../lib/navigation';
import type { RequestError } from '../../lib/request-error';
import { routePaths } from '../../lib/route-paths';

/** The new least max bid a BID_TOO_LOW refusal carries, when it does. */
export function refusedMinimum(error: RequestError): number | undefined {
  const value = (error.data as { nextMinimum?: unknown } | null)?.nextMinimum;
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined;
}

/** Bidding needs a verified real name: offer the page that asks for it. */
export async function offerRealName(t: TFunction, status?: string): Promise<void> {
  const pending = status === 'pending';
  const confirmed = await showMessageBox({
    msg: pending ? t('bid.realNamePending') : t('bid.realNameRequired'),
    confirmText: pending ? t('common.confirm') : t('bid.goRealName'),
    showCancel: !pending,
  });
  if (confirmed && !pending) go(routePaths.realname);
}

/** The words for a refused bid that has no action of its own. */
export function bidRefusalText(t: TFunction, error: RequestError): string | null {
  switch (error.reason) {
    case 'BID_TOO_LOW': {
      const minimum = refusedMinimum(error);
      return minimum === undefined
        ? t('bid.refused.tooLow')
        : t('bid.refused.tooLowWith', { amount: formatMoney(minimum) });
    }
    case 'LOT_NOT_LIVE':
      return t('bid.refused.notLive');
    case 'OWN_LOT':
      return t('bid.refused.ownLot');
    default:
      return null;
  }
}
