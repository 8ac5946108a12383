import { describe, expect, it } from 'vitest';
import { billMemoText, cancelReasonText, labelOf, labels, locales } from './labels.js';

describe('labels', () => {
  it('name every value in every locale', () => {
    for (const [kind, table] of Object.entries(labels)) {
      const keys = Object.keys(table['zh-Hans']).sort();
      for (const locale of locales) {
        const t = table[locale] as Record<string, string>;
        expect(Object.keys(t).sort(), `${kind} ${locale}`).toEqual(keys);
        expect(Object.values(t).every((v) => v.trim().length > 0)).toBe(true);
      }
    }
  });

  it('use the canonical wording of the house', () => {
    expect(labelOf('billType', 'bid_deposit_forfeit')).toBe('保证金没收');
    expect(labelOf('billType', 'withdraw_reject')).toBe('提现驳回');
    expect(labelOf('orderStatus', 'paid', 'en')).toBe('Paid');
    expect(cancelReasonText('PAYMENT_TIMEOUT')).toBe('超时未支付');
  });

  it('translate server memos and keep an operator’s remark', () => {
    const entry = { remark: '', memoCode: 'ORDER_PAYMENT' as const, memoParams: { orderNo: 'M2024' } };
    expect(billMemoText(entry)).toBe('订单 M2024');
    expect(billMemoText(entry, 'fr')).toBe('Commande M2024');
    expect(billMemoText({ remark: '', memoCode: 'DEMO_DEPOSIT' }, 'zh-Hans')).toBe('银行转账入账（演示数据）');
    expect(billMemoText({ remark: '工行转账 0312' }, 'en')).toBe('工行转账 0312');
  });
});
