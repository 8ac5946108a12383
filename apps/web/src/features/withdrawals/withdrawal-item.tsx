import type { Withdrawal } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { formatMoney } from '../../lib/format-money';
import { formatDateTime } from '../../lib/format-time';
import './withdrawals.css';

/** One withdrawal: amount, status word, where to (masked), fee and amount received, and why it was rejected. */
export function WithdrawalItem({ withdrawal: w }: { withdrawal: Withdrawal }) {
  const { t } = useTranslation();
  const to =
    w.method === 'bank' && w.bankName
      ? `${w.bankName} ${w.accountNo}`
      : `${t(`withdraw.methods.${w.method}`)} ${w.accountNo}`;
  return (
    <li className="withdrawal-item" data-testid="withdrawal-item" data-id={w.id} data-status={w.status}>
      <div className="withdrawal-item-row">
        <span className="withdrawal-item-amount">{formatMoney(w.amount)}</span>
        <span className={`withdrawal-status withdrawal-status-${w.status}`} data-testid="withdrawal-status">
          {t(`withdrawRecord.statuses.${w.status}`)}
        </span>
      </div>
      <div className="withdrawal-item-to" data-testid="withdrawal-account">
        {to}
      </div>
      <div className="withdrawal-item-row withdrawal-item-figures">
        <span>{t('withdrawRecord.fee', { amount: formatMoney(w.fee) })}</span>
        <span>{t('withdrawRecord.actual', { amount: formatMoney(w.actualAmount) })}</span>
      </div>
      {w.status === 'rejected' && (
        <div className="withdrawal-item-reason" data-testid="withdrawal-reason">
          {t('withdrawRecord.rejectReason', { reason: w.rejectReason ?? '' })}
          <span className="withdrawal-item-returned">{t('withdrawRecord.returned')}</span>
        </div>
      )}
      <div className="withdrawal-item-time">
        {t('withdrawRecord.createdAt', { time: formatDateTime(w.createdAt) })}
        {w.processedAt !== undefined && (
          <span>
            {' '}
            ·{' '}
            {t(`withdrawRecord.processedAt.${w.status === 'rejected' ? 'rejected' : 'paid'}`, {
              time: formatDateTime(w.processedAt),
            })}
          </span>
        )}
      </div>
    </li>
  );
}
