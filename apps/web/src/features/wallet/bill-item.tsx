import { billMemoText, type Bill } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { formatMoney } from '../../lib/format-money';
import { formatDateTime } from '../../lib/format-time';
import { currentLocale } from '../../lib/i18n';
import './wallet.css';

/** +¥1,000.00 for money in, -¥1,000.00 for money out. */
export function signedFen(fen: number): string {
  return formatMoney(fen, { signed: true });
}

/** One ledger entry: its type, what it was for, when, the signed amount and the balance after it. */
export function BillItem({ bill }: { bill: Bill }) {
  const { t } = useTranslation();
  const direction = bill.amount > 0 ? 'in' : bill.amount < 0 ? 'out' : 'none';
  // What the entry was for: the server's memo code in the member's language, or what an operator typed.
  const memo = billMemoText(bill, currentLocale());
  return (
    <li className="bill-item" data-testid="bill-item" data-id={bill.id} data-type={bill.type}>
      <div className="bill-item-main">
        <div className="bill-item-type">{t(`bill.types.${bill.type}`)}</div>
        {memo && <div className="bill-item-remark">{memo}</div>}
        <div className="bill-item-time">{formatDateTime(bill.createdAt)}</div>
      </div>
      <div className="bill-item-side">
        <div className={`bill-item-amount bill-item-amount-${direction}`} data-testid="bill-item-amount">
          {signedFen(bill.amount)}
        </div>
        {bill.frozenAmount !== 0 && (
          <div className="bill-item-frozen">{t('bill.frozenChange', { amount: signedFen(bill.frozenAmount) })}</div>
        )}
        <div className="bill-item-after">{t('bill.balanceAfter', { amount: formatMoney(bill.balanceAfter) })}</div>
      </div>
    </li>
  );
}
