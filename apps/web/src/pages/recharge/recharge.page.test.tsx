import type { Member, Order, RechargeConfig } from '@antique/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../features/member/user.store';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import RechargePage from './recharge.page';

const member = {
  id: 4,
  // As member/info sends it: masked.
  phone: '138****0004',
  nickname: '新藏友',
  avatar: '',
  vipLevel: 0,
  inviteCode: 'AB12CD',
  realNameStatus: 'none',
  hasTradePassword: false,
  balance: 0,
  frozen: 0,
  createdAt: 0,
} as Member;

const config: RechargeConfig = {
  channels: [],
  minAmount: 100,
  maxAmount: 5_000_000,
  bank: {
    name: '中国工商银行上海南京东路支行',
    accountName: '上海拾古拍卖有限公司',
    accountNo: '1001 2345 6789 0123 456',
    notes: '转账附言请填写您注册的手机号。\n工作时间内一般 30 分钟内入账。',
  },
};

const order: Order = {
  id: 42,
  orderNo: '20261127113005123456',
  source: 'mall',
  status: 'pending',
  items: [{ productId: 7, title: '清乾隆 青花缠枝莲纹梅瓶', cover: '', price: 35_800_000, quantity: 1 }],
  goodsAmount: 35_800_000,
  premium: 0,
  depositApplied: 0,
  amount: 35_800_000,
  remark: '',
  expiresAt: Date.now() + 15 * 60_000,
  createdAt: Date.now(),
};

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });

function serve(answers: { config?: RechargeConfig; who?: Member; order?: Order } = {}) {
  return stubFetch(({ url }) => {
    if (url.includes('/asset/recharge/config')) return ok(answers.config ?? config);
    if (url.includes('/member/info')) return ok(answers.who ?? member);
    if (url.includes('/order/info')) return ok(answers.order ?? order);
    throw new Error(`unexpected ${url}`);
  });
}

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
});

describe('the top-up page', () => {
  it('shows the balance and the house’s bank account, each line with a copy button, the number copied as digits', async () => {
    serve();
    const user = userEvent.setup();
    // (after setup, which puts a clipboard of its own in place)
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderPage(<RechargePage />, '/pages/recharge/recharge');

    expect(await screen.findByTestId('recharge-bank-name-value')).toHaveTextContent('中国工商银行上海南京东路支行');
    expect(screen.getByTestId('recharge-account-name-value')).toHaveTextContent('上海拾古拍卖有限公司');
    expect(screen.getByTestId('recharge-account-no-value')).toHaveTextContent('1001 2345 6789 0123 456');
    await waitFor(() => expect(screen.getByTestId('recharge-balance')).toHaveTextContent('¥0.00'));
    // What to write in the memo: the member's own phone (known to the app only masked, so not copied).
    expect(screen.getByTestId('recharge-memo-value')).toHaveTextContent('您注册的手机号（138****0004）');
    expect(screen.queryByTestId('recharge-memo-copy')).toBeNull();
    expect(screen.getByTestId('recharge-notes')).toHaveTextContent('工作时间内一般 30 分钟内入账。');
    // No online channel is configured: none is offered, and nothing promises one.
    expect(screen.queryByText(/支付宝|微信支付|即将|敬请期待/)).toBeNull();

    await user.click(screen.getByTestId('recharge-account-no-copy'));
    await user.click(screen.getByTestId('recharge-account-name-copy'));
    await user.click(screen.getByTestId('recharge-bank-name-copy'));
    expect(writeText.mock.calls.map((call) => (call as unknown[])[0])).toEqual([
      '1001234567890123456',
      '上海拾古拍卖有限公司',
      '中国工商银行上海南京东路支行',
    ]);
  });

  it('opened from an order, says what that order still lacks and leads back to it', async () => {
    serve({ who: { ...member, balance: 800_000 } });
    const user = userEvent.setup();
    const { router } = renderPage(<RechargePage />, '/pages/recharge/recharge?orderId=42');
    expect(await screen.findByTestId('recharge-order')).toHaveTextContent('订单 20261127113005123456');
    await waitFor(() => expect(screen.getByTestId('recharge-order-shortfall')).toHaveTextContent('¥350,000.00'));
    await user.click(screen.getByTestId('recharge-order-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/order/order'));
    expect(router.state.location.search).toBe('?id=42');
  });

  it('once the money has arrived, offers to pay the order', async () => {
    serve({ who: { ...member, balance: 36_000_000 } });
    renderPage(<RechargePage />, '/pages/recharge/recharge?orderId=42');
    expect(await screen.findByTestId('recharge-order-covered')).toHaveTextContent('可用余额已足够支付该订单');
    expect(screen.getByTestId('recharge-order-back')).toHaveTextContent('去支付');
    expect(screen.queryByTestId('recharge-order-shortfall')).toBeNull();
  });

  it('without an account set up, sends the member to customer service instead of showing half a page', async () => {
    serve({ config: { ...config, bank: { name: '', accountName: '', accountNo: '', notes: '' } } });
    const user = userEvent.setup();
    const { router } = renderPage(<RechargePage />, '/pages/recharge/recharge');
    expect(await screen.findByTestId('recharge-no-bank')).toHaveTextContent('平台收款账户暂未设置');
    expect(screen.queryByTestId('recharge-bank')).toBeNull();
    await user.click(screen.getByTestId('recharge-contact'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/contact-us/contact-us'));
  });
});
