import type { TFunction } from '../../lib/translator';
import { formatMoney } from '../../lib/format-money';
import { go } from '../../lib/navigation';
import { pagePath } from '../../lib/route-paths';
import { showMessageBox } from '../message-box/message-box.store';

/**
 * The top-up page, opened for an order when there is one (it then says what that order lacks),
 * or with an amount to suggest (what a bid's deposit lacks).
 */
export const rechargePath = (orderId?: number, amount?: number) => pagePath('recharge', { orderId, amount });

/** Not enough money: what is there, what is needed, and the top-up page (a bank transfer recorded by finance). */
export async function explainTopUp(
  t: TFunction,
  balance: number | undefined,
  amount: number,
  orderId?: number,
): Promise<void> {
  const lines = [
    balance === undefined
      ? t('topUp.insufficient', { amount: formatMoney(amount) })
      : t('topUp.insufficientWithBalance', { amount: formatMoney(amount), balance: formatMoney(balance) }),
    t('topUp.hint'),
  ];
  const confirmed = await showMessageBox({ msg: lines.join('\n'), confirmText: t('topUp.viewTopUp') });
  if (confirmed) go(rechargePath(orderId));
}
