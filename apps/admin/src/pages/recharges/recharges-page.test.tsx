import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminRecharge, OperatorRole, PaymentNotice } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const pending: AdminRecharge = {
  id: 7,
  no: 'R20261127150000123456',
  amount: 100_000,
  channel: 'alipay',
  status: 'pending',
  createdAt: Date.now() - 120_000,
  expiresAt: Date.now() + 780_000,
  memberId: 3,
  memberPhone: '138****0003',
  late: false,
};
const paidLate: AdminRecharge = {
  ...pending,
  id: 6,
  no: 'R20261127140000654321',
  channel: 'wechat',
  status: 'paid',
  providerTradeNo: '4200001234202611271234567890',
  paidAt: Date.now() - 60_000,
  closedAt: Date.now() - 600_000,
  late: true,
  orderId: 42,
};
const refused: PaymentNotice = {
  id: 3,
  channel: 'alipay',
  verdict: 'refused',
  reason: 'amount_mismatch',
  outTradeNo: 'R20261127150000123456',
  providerTradeNo: '2026112722001400000000000001',
  amount: 1,
  rechargeId: 7,
  body: 'app_id=2021000000000001&out_trade_no=R20261127150000123456&total_amount=0.01&sign=xx',
  receivedAt: Date.now() - 30_000,
};

function setup(role: OperatorRole, recheck: () => object = () => ({ data: null })) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'caiwu', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/recharges') {
      const q = call.url.searchParams;
      const list = [pending, paidLate].filter(
        (r) =>
          (!q.get('status') || r.status === q.get('status')) && (!q.get('channel') || r.channel === q.get('channel')),
      );
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    if (path === '/v1/admin/recharges/7/query') return recheck();
    if (path === '/v1/admin/payment-notices') {
      const list = call.url.searchParams.get('verdict') === 'refused' ? [refused] : [];
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    return undefined;
  });
}

describe('online recharges (finance)', () => {
  it('lists recharges with the member masked, amount, channel, status, the provider’s id and the late flag', async () => {
    setup('finance');
    renderWithProviders(routes, '/recharges');
    const row = await screen.findByTestId('recharge-row-6');
    expect(within(row).getByText('R20261127140000654321')).toBeInTheDocument();
    expect(within(row).getByText('138****0003')).toBeInTheDocument();
    expect(within(row).getByText('¥1,000.00')).toBeInTheDocument();
    expect(within(row).getByText('微信支付')).toBeInTheDocument();
    expect(within(row).getByTestId('recharge-status-6')).toHaveTextContent('已到账');
    expect(within(row).getByTestId('recharge-late-6')).toHaveTextContent('关闭后到账');
    expect(within(row).getByTestId('recharge-trade-no-6')).toHaveTextContent('4200001234202611271234567890');
    expect(within(row).getByText('补足订单 #42')).toBeInTheDocument();
    // Only a pending one is asked about at the provider.
    expect(within(row).queryByTestId('recharge-ask-6')).toBeNull();
    expect(screen.getByTestId('recharge-ask-7')).toHaveTextContent('向渠道查询');
    expect(screen.getByTestId('nav-recharges')).toBeInTheDocument();
    expect(screen.getByTestId('export-recharges')).toBeInTheDocument();
  });

  it('filters by status, channel and day, in the request and the address', async () => {
    const { calls } = setup('finance');
    const { router } = renderWithProviders(routes, '/recharges?status=paid&channel=wechat&date=20261101-20261130');
    await screen.findByTestId('recharge-row-6');
    expect(screen.queryByTestId('recharge-row-7')).toBeNull();
    const sent = calls.filter((c) => c.url.pathname === '/v1/admin/recharges').at(-1)!.url.searchParams;
    expect(sent.get('status')).toBe('paid');
    expect(sent.get('channel')).toBe('wechat');
    expect(Number(sent.get('from'))).toBe(new Date(2026, 10, 1).getTime());
    // The day after the last, exclusive.
    expect(Number(sent.get('to'))).toBe(new Date(2026, 11, 1).getTime());
    fireEvent.click(screen.getByText('清除筛选'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('asks the provider about a pending recharge and says what it answered', async () => {
    const { calls } = setup('finance', () => ({
      data: {
        recharge: { ...pending, status: 'paid', providerTradeNo: '2026112722001400000000000009', paidAt: Date.now() },
        provider: { state: 'paid', detail: 'TRADE_SUCCESS' },
      },
    }));
    renderWithProviders(routes, '/recharges');
    fireEvent.click(await screen.findByTestId('recharge-ask-7'));
    // (antd's confirm dialog repeats its title for screen readers)
    expect((await screen.findAllByText(`充值 ${pending.no}：渠道显示已支付，已入账`)).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/TRADE_SUCCESS.*已到账.*2026112722001400000000000009/).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([
      '/v1/admin/recharges/7/query',
    ]);
  });

  it('says the provider could not be reached', async () => {
    setup('finance', () => ({ code: 502, status: 502, msg: '支付渠道暂时无法访问，请稍后再试' }));
    renderWithProviders(routes, '/recharges');
    fireEvent.click(await screen.findByTestId('recharge-ask-7'));
    expect(await screen.findByText('支付渠道暂时无法访问，请稍后再试')).toBeInTheDocument();
  });

  it('lists refused notices with the reason and the body as received', async () => {
    const { calls } = setup('admin');
    renderWithProviders(routes, '/payment-notices');
    const row = await screen.findByTestId('notice-row-3');
    expect(within(row).getByTestId('notice-verdict-3')).toHaveTextContent('已拒收');
    expect(within(row).getByTestId('notice-reason-3')).toHaveTextContent('金额与充值单不符');
    expect(within(row).getByText('R20261127150000123456')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/v1/admin/payment-notices')?.url.searchParams.get('verdict')).toBe(
      'refused',
    );
  });

  it('is not for support or the operator', async () => {
    setup('support');
    renderWithProviders(routes, '/recharges');
    expect(await screen.findByText('无权限')).toBeInTheDocument();
    expect(screen.queryByTestId('nav-recharges')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-payment-notices')).not.toBeInTheDocument();
  });
});
