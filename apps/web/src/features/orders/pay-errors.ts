import type { TFunction } from 'i18next';
import { go } from '../../lib/navigation';
import { showMessageBox } from '../../components/message-box/message-box.store';
import { formatWait } from '../../lib/describe-error';
import type { RequestError } from '../../lib/request-error';
import { pagePath, routePaths } from '../../lib/route-paths';
import { formatMoney } from '../../lib/format-money';

export const TRADE_PASSWORD_PATH = routePaths.tradePassword;

/** No trade password yet: offer to set one. */
export async function offerTradePassword(t: TFunction): Promise<void> {
  const confirmed = await showMessageBox({
    msg: t('order.tradePasswordNotSet'),
    confirmText: t('order.setTradePassword'),
  });
  if (confirmed) go(TRADE_PASSWORD_PATH);
}

/** The top-up page, opened for an order when there is one (it then says what that order lacks). */
export const rechargePath = (orderId?: number) => pagePath('recharge', { orderId });

/** Not enough money: what is there, what is needed, and the top-up page (a bank transfer recorded by finance). */
export async function explainTopUp(
  t: TFunction,
  balance: number | undefined,
  amount: number,
  orderId?: number,
): Promise<void> {
  const lines = [
    balance === undefined
      ? t('order.insufficient', { amount: formatMoney(amount) })
      : t('order.insufficientWithBalance', { amount: formatMoney(amount), balance: formatMoney(balance) }),
    t('order.topUpHint'),
  ];
  const confirmed = await showMessageBox({ msg: lines.join('\n'), confirmText: t('order.viewTopUp') });
  if (confirmed) go(rechargePath(orderId));
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
