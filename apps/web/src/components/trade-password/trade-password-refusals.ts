import type { TFunction } from '../../lib/translator';
import { formatWait } from '../../lib/describe-error';
import { goAndReturn } from '../../lib/navigation';
import type { RequestError } from '../../lib/request-error';
import { routePaths } from '../../lib/route-paths';
import { showMessageBox } from '../message-box/message-box.store';

/**
 * No trade password yet: offer to set one. The trade-password page then comes back to `from`
 * (the page that asked), as it does from the withdraw page.
 */
export async function offerTradePassword(t: TFunction, from: string): Promise<void> {
  const confirmed = await showMessageBox({
    msg: t('tradePasswordRefusal.notSet'),
    confirmText: t('tradePasswordRefusal.setNow'),
  });
  if (confirmed) goAndReturn(routePaths.tradePassword, from);
}

/** The trade password is locked for a while after five wrong tries. */
export async function explainLocked(t: TFunction, error: RequestError): Promise<void> {
  const retryAfter = (error.data as { retryAfter?: unknown } | null)?.retryAfter;
  const msg =
    typeof retryAfter === 'number' && retryAfter > 0
      ? t('tradePasswordRefusal.lockedWait', { wait: formatWait(retryAfter, t) })
      : t('tradePasswordRefusal.locked');
  await showMessageBox({ msg, showCancel: false });
}

/** "Wrong trade password, N tries left", for the popup's own error line. */
export function wrongPasswordText(t: TFunction, error: RequestError): string {
  const remaining = (error.data as { remaining?: unknown } | null)?.remaining;
  return typeof remaining === 'number'
    ? t('tradePasswordRefusal.wrongLeft', { count: remaining })
    : t('tradePasswordRefusal.wrong');
}
