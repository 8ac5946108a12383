import type { Member, Order } from '@antique/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openPayPage } from '../../features/wallet/recharge.api';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { useMessageBoxStore } from '../../components/message-box/message-box.store';
import { useUserStore } from '../../features/member/user.store';
import { envelopeResponse, stubFetch, type StubbedCall } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import OrderPage from './order.page';

import type * as RechargeApi from '../../features/wallet/recharge.api';

vi.mock('../../features/wallet/recharge.api', async (original) => ({
  ...(await original<typeof RechargeApi>()),
  openPayPage: vi.fn(),
}));

const member: Member = {
  id: 7,
  phone: '138****5678',
  nickname: '藏友',
  avatar: '',
  vipLevel: 0,
  inviteCode: 'AB12CD',
  realNameStatus: 'verified',
  hasTradePassword: true,
  balance: 1_000_000,
  frozen: 0,
  createdAt: 0,
} as Member;

const pending: Order = {
  id: 42,
  orderNo: '20251122153005123456',
  source: 'mall',
  status: 'pending',
  items: [{ productId: 1, title: '清乾隆 青花梅瓶', cover: '', price: 288_000, quantity: 1 }],
  goodsAmount: 288_000,
  premium: 0,
  depositApplied: 0,
  amount: 288_000,
  remark: '',
  expiresAt: Date.now() + 10 * 60_000,
  createdAt: Date.now(),
};

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const fail = (code: number, reason: string, extra: object = {}) =>
  envelopeResponse({ code, msg: '出错了', data: { reason, ...extra } }, { status: code });

function serve(confirm: (call: StubbedCall) => Response, who: Member = member, confirmsConfig = false) {
  return stubFetch((call) => {
    if (call.url.includes('/member/info')) return ok(who);
    if (call.url.includes('/order/info')) return ok(pending);
    // No online channel unless a test says so: the top-up page, as before issue 17.
    if (call.url.includes('/asset/recharge/config') && !confirmsConfig)
      return ok({
        channels: [],
        minAmount: 100,
        maxAmount: 5_000_000,
        bank: { name: '', accountName: '', accountNo: '', notes: '' },
      });
    return confirm(call);
  });
}

afterEach(async () => {
  await changeLocale('zh-Hans', false);
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
  useMessageBoxStore.getState().close(false);
});

describe('order page', () => {
  it('pays a shortfall in one step: the chosen channel takes what is missing and the server pays the order', async () => {
    const { calls } = serve(
      ({ url }) => {
        if (url.includes('/asset/recharge/config'))
          return ok({
            channels: ['alipay', 'wechat'],
            minAmount: 100,
            maxAmount: 5_000_000,
            bank: { name: '', accountName: '', accountNo: '', notes: '' },
          });
        if (url.endsWith('/asset/recharge'))
          return ok({
            id: 31,
            no: 'R1',
            amount: 287_900,
            channel: 'alipay',
            status: 'pending',
            orderId: 42,
            createdAt: Date.now(),
            expiresAt: Date.now() + 600_000,
            payUrl: 'https://openapi.alipay.com/gateway.do?sign=x',
          });
        return ok(null);
      },
      { ...member, balance: 100 },
      true,
    );
    const user = userEvent.setup();
    const { router } = renderPage(<OrderPage />, '/pages/order/order?id=42');
    expect(await screen.findByTestId('order-short')).toHaveTextContent('可用余额不足，还差 ¥2,879.00');
    expect(await screen.findByTestId('order-short-pay-alipay')).toHaveTextContent('支付宝补足 ¥2,879.00 并付款');
    expect(screen.getByTestId('order-short-pay-wechat')).toHaveTextContent('微信支付补足 ¥2,879.00 并付款');
    expect(screen.getByTestId('order-pay-shortfall')).toHaveTextContent('补足并付款');
    expect(screen.queryByTestId('order-pay')).toBeNull();

    await user.click(screen.getByTestId('order-short-pay-alipay'));
    await waitFor(() => expect(openPayPage).toHaveBeenCalledWith('https://openapi.alipay.com/gateway.do?sign=x'));
    const posts = calls.filter((call) => call.url.endsWith('/asset/recharge'));
    expect(posts).toHaveLength(1);
    // The server works out the shortfall from the order and the balance; the app names only the order.
    expect(JSON.parse(String(posts[0]!.init.body))).toEqual({ channel: 'alipay', orderId: 42 });
    expect((posts[0]!.init.headers as Record<string, string>)['Idempotency-Key']).toBeTruthy();
    expect(router.state.location.pathname).toBe('/pages/recharge-result/recharge-result');
    expect(router.state.location.search).toBe('?id=31');
    expect(calls.some((call) => call.url.endsWith('/order/confirm'))).toBe(false);
  });

  it('pays with the trade password: a wrong one says how many tries are left, the right one pays', async () => {
    let attempts = 0;
    const { calls } = serve(() => {
      attempts += 1;
      return attempts === 1
        ? fail(422, 'TRADE_PASSWORD_WRONG', { remaining: 4 })
        : ok({ ...pending, status: 'paid', paidAt: Date.now() });
    });
    const user = userEvent.setup();
    renderPage(<OrderPage />, '/pages/order/order?id=42');
    expect(await screen.findByTestId('order-status')).toHaveAttribute('data-status', 'pending');
    await waitFor(() => expect(useUserStore.getState().userInfo).not.toBeNull());

    await user.click(screen.getByTestId('order-pay'));
    await screen.findByTestId('password-popup');
    await user.keyboard('111111');
    expect(await screen.findByText('交易密码错误，还可尝试 4 次')).toBeInTheDocument();
    await user.keyboard('258147');

    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', 'paid'));
    expect(screen.getByTestId('order-custody-link')).toBeInTheDocument();
    const confirms = calls.filter((call) => call.url.endsWith('/order/confirm'));
    expect(confirms.map((call) => JSON.parse(String(call.init.body)))).toEqual([
      { id: 42, tradePassword: '111111' },
      { id: 42, tradePassword: '258147' },
    ]);
    const keys = confirms.map((call) => (call.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('offers the trade-password page to a member who has none', async () => {
    serve(() => ok(null), { ...member, hasTradePassword: false });
    const user = userEvent.setup();
    renderPage(<OrderPage />, '/pages/order/order?id=42');
    await screen.findByTestId('order-pay');
    await waitFor(() => expect(useUserStore.getState().userInfo?.hasTradePassword).toBe(false));
    await user.click(screen.getByTestId('order-pay'));
    expect(useMessageBoxStore.getState().options.msg).toContain('您尚未设置交易密码');
    expect(useMessageBoxStore.getState().options.confirmText).toBe('去设置');
    expect(screen.queryByTestId('password-popup')).toBeNull();
  });

  it('shows a member short of money what is missing before anything else, and the top-up for this order', async () => {
    const { calls } = serve(() => ok(null), { ...member, balance: 100 });
    const user = userEvent.setup();
    const { router } = renderPage(<OrderPage />, '/pages/order/order?id=42');
    expect(await screen.findByTestId('order-short')).toHaveTextContent('可用余额不足，还差 ¥2,879.00');
    expect(screen.getByTestId('order-countdown')).toHaveAttribute('role', 'timer');
    // Paying cannot work: the bar's first action is adding money; cancelling stays at hand.
    expect(screen.queryByTestId('order-pay')).toBeNull();
    expect(screen.getByTestId('order-cancel')).toHaveTextContent('取消订单');
    await user.click(screen.getByTestId('order-top-up'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/recharge/recharge'));
    expect(router.state.location.search).toBe('?orderId=42');
    expect(calls.some((call) => call.url.endsWith('/order/confirm'))).toBe(false);
  });

  it('when the server finds the balance short after all, says what is needed and offers the top-up', async () => {
    serve(() => fail(422, 'INSUFFICIENT_BALANCE'));
    const user = userEvent.setup();
    const { router } = renderPage(<OrderPage />, '/pages/order/order?id=42');
    await screen.findByTestId('order-pay');
    await waitFor(() => expect(useUserStore.getState().userInfo).not.toBeNull());
    expect(screen.queryByTestId('order-short')).toBeNull();
    await user.click(screen.getByTestId('order-pay'));
    await screen.findByTestId('password-popup');
    await user.keyboard('123456');
    await waitFor(() => expect(useMessageBoxStore.getState().options.msg).toContain('本单需支付 ¥2,880.00'));
    expect(useMessageBoxStore.getState().options.msg).toContain('银行转账');
    expect(useMessageBoxStore.getState().options.confirmText).toBe('去充值');
    useMessageBoxStore.getState().close(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/recharge/recharge'));
    expect(router.state.location.search).toBe('?orderId=42');
  });

  it('cancels a pending mall order after a confirmation, and says so', async () => {
    const { calls } = serve(({ url }) =>
      url.endsWith('/order/cancel')
        ? ok({ ...pending, status: 'cancelled', cancelReason: 'MEMBER_CANCELLED' })
        : ok(null),
    );
    const user = userEvent.setup();
    renderPage(<OrderPage />, '/pages/order/order?id=42');
    await user.click(await screen.findByTestId('order-cancel'));
    expect(useMessageBoxStore.getState().options.msg).toBe(
      '确定取消该订单吗？取消后藏品将立即释放，其他藏家即可购买。',
    );
    expect(useMessageBoxStore.getState().options.cancelText).toBe('再想想');
    // Thinking again changes nothing.
    useMessageBoxStore.getState().close(false);
    await waitFor(() => expect(useMessageBoxStore.getState().visible).toBe(false));
    expect(calls.some((call) => call.url.endsWith('/order/cancel'))).toBe(false);

    await user.click(screen.getByTestId('order-cancel'));
    useMessageBoxStore.getState().close(true);
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveAttribute('data-status', 'cancelled'));
    expect(screen.getByTestId('order-cancel-reason')).toHaveTextContent('主动取消，藏品已释放');
    expect(screen.queryByTestId('order-cancel')).toBeNull();
    const cancels = calls.filter((call) => call.url.endsWith('/order/cancel'));
    expect(cancels.map((call) => JSON.parse(String(call.init.body)))).toEqual([{ id: 42 }]);
  });

  it('offers no cancel on a won lot’s order', async () => {
    stubFetch((call) =>
      call.url.includes('/member/info') ? ok(member) : ok({ ...pending, source: 'auction', premium: 28_800 }),
    );
    renderPage(<OrderPage />, '/pages/order/order?id=42');
    await screen.findByTestId('order-pay');
    expect(screen.queryByTestId('order-cancel')).toBeNull();
  });

  it('explains a locked trade password with the wait', async () => {
    serve(() => fail(422, 'TRADE_PASSWORD_LOCKED', { retryAfter: 1500 }));
    const user = userEvent.setup();
    renderPage(<OrderPage />, '/pages/order/order?id=42');
    await screen.findByTestId('order-pay');
    await waitFor(() => expect(useUserStore.getState().userInfo).not.toBeNull());
    await user.click(screen.getByTestId('order-pay'));
    await screen.findByTestId('password-popup');
    await user.keyboard('123456');
    await waitFor(() => expect(useMessageBoxStore.getState().options.msg).toContain('请 25 分钟后再试'));
  });

  it('says why an order was cancelled from its stored reason code, in the member’s language', async () => {
    const cancelled: Order = { ...pending, status: 'cancelled', cancelReason: 'PAYMENT_TIMEOUT' };
    stubFetch((call) => (call.url.includes('/member/info') ? ok(member) : ok(cancelled)));
    const view = renderPage(<OrderPage />, '/pages/order/order?id=42');
    expect(await screen.findByTestId('order-cancel-reason')).toHaveTextContent('超时未支付，订单已自动取消');
    view.unmount();

    await changeLocale('en', false);
    queryClient.clear();
    renderPage(<OrderPage />, '/pages/order/order?id=42');
    expect(await screen.findByTestId('order-cancel-reason')).toHaveTextContent(
      'Not paid in time; the order was cancelled',
    );
  });
});
