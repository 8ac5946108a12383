import type { Member, Order, Recharge, RechargeConfig } from '@antique/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPayPage } from '../../features/wallet/recharge.api';
import { useUserStore } from '../../features/member/user.store';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import RechargePage from './recharge.page';

// Leaving for the provider's page is the one thing jsdom cannot do: recorded instead.
import type * as RechargeApi from '../../features/wallet/recharge.api';

vi.mock('../../features/wallet/recharge.api', async (original) => ({
  ...(await original<typeof RechargeApi>()),
  openPayPage: vi.fn(),
}));

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
  vi.mocked(openPayPage).mockClear();
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

const online: RechargeConfig = { ...config, channels: ['alipay', 'wechat'] };

const opened: Recharge = {
  id: 9,
  no: 'R20261127150000123456',
  amount: 50_000,
  channel: 'wechat',
  status: 'pending',
  createdAt: Date.now(),
  expiresAt: Date.now() + 15 * 60_000,
  payUrl: 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx1',
};

describe('the top-up page with online channels', () => {
  it('offers presets within the limits, refuses amounts outside them in yuan, and sends nothing then', async () => {
    const { calls } = stubFetch(({ url }) => {
      if (url.includes('/asset/recharge/config')) return ok({ ...online, minAmount: 1_000, maxAmount: 200_000 });
      if (url.includes('/member/info')) return ok(member);
      throw new Error(`unexpected ${url}`);
    });
    const user = userEvent.setup();
    renderPage(<RechargePage />, '/pages/recharge/recharge');
    await screen.findByTestId('recharge-online');
    // ¥100 to ¥2,000 fit between ¥10 and ¥2,000; ¥5,000 and ¥10,000 do not.
    expect(screen.getByTestId('recharge-preset-10000')).toHaveTextContent('¥100.00');
    expect(screen.getByTestId('recharge-preset-200000')).toBeInTheDocument();
    expect(screen.queryByTestId('recharge-preset-500000')).toBeNull();
    expect(screen.getByTestId('recharge-limits')).toHaveTextContent('单笔 ¥10.00 至 ¥2,000.00');
    // The bank transfer stays for larger sums.
    expect(screen.getByTestId('recharge-bank')).toBeInTheDocument();

    const input = screen.getByTestId('recharge-amount');
    await user.clear(input);
    await user.type(input, '5');
    await user.click(screen.getByTestId('recharge-pay'));
    expect(screen.getByTestId('recharge-amount-error')).toHaveTextContent('单笔充值金额须在 ¥10.00 至 ¥2,000.00 之间');
    await user.clear(input);
    await user.type(input, '2000.01');
    expect(screen.getByTestId('recharge-amount-error')).toHaveTextContent('¥2,000.00');
    await user.clear(input);
    await user.type(input, '12.345');
    expect(screen.getByTestId('recharge-amount-error')).toHaveTextContent('请输入正确的金额');
    expect(calls.some((call) => call.url.endsWith('/asset/recharge'))).toBe(false);
    expect(openPayPage).not.toHaveBeenCalled();
  });

  it('pays with the chosen channel: one request with its idempotency key, the waiting page in the history, then the provider’s page', async () => {
    const { calls } = stubFetch(({ url }) => {
      if (url.includes('/asset/recharge/config')) return ok(online);
      if (url.includes('/member/info')) return ok(member);
      if (url.endsWith('/asset/recharge')) return ok(opened);
      throw new Error(`unexpected ${url}`);
    });
    const user = userEvent.setup();
    const { router } = renderPage(<RechargePage />, '/pages/recharge/recharge');
    await screen.findByTestId('recharge-online');
    // Alipay first, as configured; the member picks WeChat Pay and ¥500.
    expect(screen.getByTestId('recharge-channel-alipay')).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByTestId('recharge-channel-wechat'));
    await user.click(screen.getByTestId('recharge-preset-50000'));
    expect(screen.getByTestId('recharge-pay')).toHaveTextContent('付款 ¥500.00（微信支付）');
    await user.click(screen.getByTestId('recharge-pay'));

    await waitFor(() => expect(openPayPage).toHaveBeenCalledWith(opened.payUrl));
    const posts = calls.filter((call) => call.url.endsWith('/asset/recharge'));
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]!.init.body))).toEqual({ channel: 'wechat', amount: 50_000 });
    expect((posts[0]!.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(router.state.location.pathname).toBe('/pages/recharge-result/recharge-result');
    expect(router.state.location.search).toBe('?id=9');
  });

  it('asks again with the same key after an answer that never came, and says what went wrong', async () => {
    let attempts = 0;
    const { calls } = stubFetch(({ url }) => {
      if (url.includes('/asset/recharge/config')) return ok(online);
      if (url.includes('/member/info')) return ok(member);
      if (url.endsWith('/asset/recharge')) {
        attempts += 1;
        return attempts === 1
          ? envelopeResponse({ code: 500, msg: '系统繁忙，请稍后再试', data: null }, { status: 500 })
          : ok({ ...opened, channel: 'alipay', payUrl: 'https://openapi.alipay.com/gateway.do?x=1' });
      }
      throw new Error(`unexpected ${url}`);
    });
    const user = userEvent.setup();
    renderPage(<RechargePage />, '/pages/recharge/recharge');
    await user.click(await screen.findByTestId('recharge-pay'));
    await waitFor(() => expect(attempts).toBe(1));
    expect(openPayPage).not.toHaveBeenCalled();
    await user.click(screen.getByTestId('recharge-pay'));
    await waitFor(() => expect(openPayPage).toHaveBeenCalledWith('https://openapi.alipay.com/gateway.do?x=1'));
    const keys = calls
      .filter((call) => call.url.endsWith('/asset/recharge'))
      .map((call) => (call.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[0]).toBe(keys[1]);
  });

  it('opened for an order, suggests its shortfall as the amount (no more than one top-up may carry)', async () => {
    serve({ config: online, who: { ...member, balance: 35_000_000 } });
    const view = renderPage(<RechargePage />, '/pages/recharge/recharge?orderId=42');
    await waitFor(() => expect(screen.getByTestId('recharge-amount')).toHaveValue('8000'));
    view.unmount();
    queryClient.clear();
    serve({ config: online, who: { ...member, balance: 800_000 } });
    renderPage(<RechargePage />, '/pages/recharge/recharge?orderId=42');
    await waitFor(() => expect(screen.getByTestId('recharge-amount')).toHaveValue('50000'));
  });
});
