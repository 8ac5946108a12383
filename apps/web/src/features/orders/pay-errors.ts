import type { TFunction } from 'i18next';
import { go, hasPage } from '../../lib/navigation';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { formatWait } from '../../lib/describe-error';
import type { RequestError } from '../../lib/request-error';
import { routePaths } from '../../lib/route-paths';
import { formatMoney } from '../../lib/format-money';

export const TRADE_PASSWORD_PATH = routePaths.tradePassword;
export const CONTACT_PATH = routePaths.contactUs;

/** No trade password yet: offer to set one. */
export async function offerTradePassword(t: TFunction): Promise<void> {
  const confirmed = await showMessageBox({
    msg: t('order.tradePasswordNotSet'),
    confirmText: t('order.setTradePassword'),
  });
  if (confirmed) go(TRADE_PASSWORD_PATH);
}

/** Not enough money: top-ups are bank transfers that the contact page explains. */
export async function explainTopUp(t: TFunction, balance: number | undefined, amount: number): Promise<void> {
  // The contact page arrives with a later issue; until then the message stands on its own.
  const contactBuilt = hasPage(CONTACT_PATH);
  const lines = [
    balance === undefined
      ? t('order.insufficient', { amount: formatMoney(amount) })
      : t('order.insufficientWithBalance', { amount: formatMoney(amount), balance: formatMoney(balance) }),
    t('order.topUpHint'),
  ];
  const confirmed = await showMessageBox({
    msg: lines.join('\n'),
    confirmText: contactBuilt ? t('order.viewTopUp') : t('common.confirm'),
    showCancel: contactBuilt,
  });
  if (confirmed && contactBuilt) go(CONTACT_PATH);
}

/** The trade password is locked for a while after five wrong tries. */
export async function explainLocked(t: TFunction, error: RequestError): Promise<void> {
  const retryAfter = (error.data as { retryAfter?: unknown } | null)?.retryAfter;
  const msg =
    typeof retryAfter === 'number' && retryAfter > 0
      ? t('order.passwordLockedWait', { wait: formatWait(retryAfter, t) })
      : t('order.passwordLocked');
  await showMessageBox({ msg, showCancel: false });
}

/** "Wrong trade password, N tries left", for the popup's own error line. */
export function wrongPasswordText(t: TFunction, error: RequestError): string {
  const remaining = (error.data as { remaining?: unknown } | null)?.remaining;
  return typeof remaining === 'number' ? t('order.passwordWrongLeft', { count: remaining }) : t('order.passwordWrong');
}
