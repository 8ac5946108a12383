import type { Bill } from '@antique/shared';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { BillItem } from './bill-item';

const payment: Bill = {
  id: 1,
  type: 'payment',
  amount: -288_000,
  frozenAmount: 0,
  balanceAfter: 712_000,
  frozenAfter: 0,
  remark: '',
  memoCode: 'ORDER_PAYMENT',
  memoParams: { orderNo: '20251122153005123456' },
  refType: 'order',
  refId: 42,
  createdAt: 0,
};

afterEach(async () => {
  await changeLocale('zh-Hans', false);
});

describe('bill item', () => {
  it('names the type and the memo the server wrote, in the member’s language', async () => {
    const view = render(<BillItem bill={payment} />);
    expect(screen.getByTestId('bill-item')).toHaveTextContent('支付');
    expect(screen.getByText('订单 20251122153005123456')).toBeInTheDocument();
    view.unmount();

    await changeLocale('en', false);
    render(<BillItem bill={payment} />);
    expect(screen.getByText('Payment')).toBeInTheDocument();
    expect(screen.getByText('Order 20251122153005123456')).toBeInTheDocument();
  });

  it('shows an operator’s remark as typed, and the shared wording of a type', () => {
    render(
      <BillItem
        bill={{ ...payment, type: 'withdraw_reject', memoCode: undefined, memoParams: undefined, remark: '户名不符' }}
      />,
    );
    expect(screen.getByText('提现驳回')).toBeInTheDocument();
    expect(screen.getByText('户名不符')).toBeInTheDocument();
  });
});
