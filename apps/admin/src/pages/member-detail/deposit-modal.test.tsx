import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { DepositModal } from './deposit-modal';

const member = { id: 42, phone: '138****5678', nickname: '藏家老王', balance: 250_000, realName: '王*' };

function setup() {
  const api = fakeApi((call) =>
    call.url.pathname === '/v1/admin/members/42/deposit'
      ? { data: { id: 9, type: 'deposit', amount: (call.body as { amount: number }).amount } }
      : undefined,
  );
  const onClose = vi.fn();
  renderWithProviders(<DepositModal member={member} open onClose={onClose} />);
  return { ...api, onClose };
}

describe('DepositModal', () => {
  it('converts the yuan the operator types into fen, restates it, and posts it with an Idempotency-Key', async () => {
    const { calls, onClose } = setup();

    fireEvent.change(screen.getByTestId('member-deposit-amount'), { target: { value: '1,000.50' } });
    fireEvent.change(screen.getByTestId('member-deposit-remark'), { target: { value: '工行转账 流水 8812' } });

    const preview = screen.getByTestId('member-deposit-preview');
    expect(preview).toHaveTextContent('¥1,000.50');
    expect(preview).toHaveTextContent('壹仟元伍角');
    expect(preview).toHaveTextContent('入账后可用余额：¥3,500.50');
    expect(screen.getByTestId('member-deposit-submit')).toHaveTextContent('确认入账 ¥1,000.50');
    // Without a note for the member, their bill shows the standard memo, never the internal remark.
    expect(screen.getByTestId('member-deposit-member-sees')).toHaveTextContent('会员账单显示：银行转账入账');

    fireEvent.click(screen.getByTestId('member-deposit-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ amount: 100050, remark: '工行转账 流水 8812' });
    expect(calls[0]?.headers['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an amount with more than two decimals and sends nothing', () => {
    const { calls } = setup();

    fireEvent.change(screen.getByTestId('member-deposit-amount'), { target: { value: '12.345' } });
    fireEvent.change(screen.getByTestId('member-deposit-remark'), { target: { value: '转账' } });
    fireEvent.click(screen.getByTestId('member-deposit-submit'));

    expect(screen.getByText('金额格式不正确：请输入数字，最多两位小数')).toBeInTheDocument();
    expect(screen.queryByTestId('member-deposit-preview')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for the internal remark before recording', () => {
    const { calls } = setup();

    fireEvent.change(screen.getByTestId('member-deposit-amount'), { target: { value: '500' } });
    fireEvent.change(screen.getByTestId('member-deposit-member-note'), { target: { value: '转账已到账' } });
    fireEvent.click(screen.getByTestId('member-deposit-submit'));

    expect(screen.getByText('请填写内部备注（如银行流水号、付款户名）')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('labels which note the member reads, and sends the note for the member apart from the internal one', async () => {
    const { calls, onClose } = setup();

    expect(screen.getByText('内部备注（会员不可见）')).toBeInTheDocument();
    expect(screen.getByText('给会员的说明（选填）')).toBeInTheDocument();
    expect(screen.getByText('会员在账单中看到这句话；不填则显示「银行转账入账」')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('member-deposit-amount'), { target: { value: '2000' } });
    fireEvent.change(screen.getByTestId('member-deposit-remark'), {
      target: { value: '工行流水 20261127-0001 张三' },
    });
    fireEvent.change(screen.getByTestId('member-deposit-member-note'), {
      target: { value: ' 您 11 月 27 日的银行转账已到账 ' },
    });
    expect(screen.getByTestId('member-deposit-member-sees')).toHaveTextContent(
      '会员账单显示：您 11 月 27 日的银行转账已到账',
    );
    expect(screen.getByTestId('member-deposit-member-sees')).not.toHaveTextContent('工行流水');

    fireEvent.click(screen.getByTestId('member-deposit-submit'));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(calls[0]?.body).toEqual({
      amount: 200_000,
      remark: '工行流水 20261127-0001 张三',
      memberNote: '您 11 月 27 日的银行转账已到账',
    });
  });

  it('reuses the key when the same entry is retried after a failure', async () => {
    let attempts = 0;
    const { calls } = fakeApi(() => {
      attempts += 1;
      return attempts === 1 ? { code: 500, msg: '系统繁忙，请稍后再试' } : { data: { id: 1 } };
    });
    renderWithProviders(<DepositModal member={member} open onClose={vi.fn()} />);

    fireEvent.change(screen.getByTestId('member-deposit-amount'), { target: { value: '88' } });
    fireEvent.change(screen.getByTestId('member-deposit-remark'), { target: { value: '转账' } });
    fireEvent.click(screen.getByTestId('member-deposit-submit'));
    await screen.findByText('系统繁忙，请稍后再试');
    fireEvent.click(screen.getByTestId('member-deposit-submit'));

    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.headers['Idempotency-Key']).toBe(calls[0]?.headers['Idempotency-Key']);
  });
});
