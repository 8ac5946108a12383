import type { Member, Order, Recharge } from '@antique/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useUserStore } from '../../features/member/user.store';
import { openPayPage, rechargePollDelay } from '../../features/wallet/recharge.api';
import { rememberReturn } from '../../features/wallet/use-online-top-up';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import RechargeResultPage from './recharge-result.page';

import type * as RechargeApi from '../../features/wallet/recharge.api';

vi.mock('../../features/wallet/recharge.api', async (original) => ({
  ...(await original<typeof RechargeApi>()),
  openPayPage: vi.fn(),
}));

const member = {
  id: 4,
  phone: '138****0004',
  nickname: '藏友',
  avatar: '',
  vipLevel: 0,
  inviteCode: 'AB12CD',
  realNameStatus: 'verified',
  hasTradePassword: true,
  balance: 150_000,
  frozen: 0,
  createdAt: 0,
} as Member;

const pending: Recharge = {
  id: 9,
  no: 'R20261127150000123456',
  amount: 100_000,
  channel: 'alipay',
  status: 'pending',
  createdAt: Date.now() - 60_000,
  expiresAt: Date.now() + 14 * 60_000,
  payUrl: 'https://openapi.alipay.com/gateway.do?x=1',
};

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });

afterEach(() => {
  vi.mocked(openPayPage).mockClear();
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
  sessionStorage.clear();
});

describe('the page that waits for a top-up', () => {
  it('waits while pending, then says the money arrived with the new balance, and leads back to where the member was', async () => {
    let looks = 0;
    stubFetch(({ url }) => {
      if (url.includes('/asset/recharge/info')) {
        looks += 1;
        return ok(looks < 2 ? pending : { ...pending, status: 'paid', paidAt: Date.now(), payUrl: undefined });
      }
      if (url.includes('/member/info')) return ok(member);
      throw new Error(`unexpected ${url}`);
    });
    rememberReturn(9, '/pages/auction/auction?id=5');
    const user = userEvent.setup();
    const { router } = renderPage(<RechargeResultPage />, '/pages/recharge-result/recharge-result?id=9');

    expect(await screen.findByTestId('recharge-result-title')).toHaveTextContent('等待支付结果');
    expect(screen.getByTestId('recharge-result-amount')).toHaveTextContent('¥1,000.00');
    expect(screen.getByTestId('recharge-result-facts')).toHaveTextContent('R20261127150000123456');
    // Not paid yet: the provider's page can be opened again.
    await user.click(screen.getByTestId('recharge-result-continue'));
    expect(openPayPage).toHaveBeenCalledWith(pending.payUrl);

    await waitFor(() => expect(screen.getByTestId('recharge-result-title')).toHaveTextContent('到账成功'));
    await waitFor(() => expect(screen.getByTestId('recharge-result-balance')).toHaveTextContent('¥1,500.00'));
    expect(screen.queryByTestId('recharge-result-continue')).toBeNull();
    await user.click(screen.getByTestId('recharge-result-done'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auction/auction'));
    expect(router.state.location.search).toBe('?id=5');
  });

  it('says a closed top-up was not completed and offers to start again', async () => {
    stubFetch(({ url }) => {
      if (url.includes('/asset/recharge/info')) return ok({ ...pending, status: 'closed', payUrl: undefined });
      throw new Error(`unexpected ${url}`);
    });
    const user = userEvent.setup();
    const { router } = renderPage(<RechargeResultPage />, '/pages/recharge-result/recharge-result?id=9');
    expect(await screen.findByTestId('recharge-result-title')).toHaveTextContent('支付未完成');
    expect(screen.getByTestId('recharge-result-text')).toHaveTextContent('该笔充值已关闭');
    expect(screen.queryByTestId('recharge-result-continue')).toBeNull();
    await user.click(screen.getByTestId('recharge-result-retry'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/recharge/recharge'));
  });

  it('goes on to the order a shortfall top-up paid', async () => {
    const order: Order = {
      id: 42,
      orderNo: '20261127113005123456',
      source: 'auction',
      status: 'paid',
      items: [{ productId: 7, title: '清乾隆 青花梅瓶', cover: '', price: 288_000, quantity: 1 }],
      goodsAmount: 288_000,
      premium: 28_800,
      depositApplied: 28_800,
      amount: 288_000,
      remark: '',
      expiresAt: Date.now() + 60_000,
      paidAt: Date.now(),
      createdAt: Date.now() - 60_000,
    };
    stubFetch(({ url }) => {
      if (url.includes('/asset/recharge/info'))
        return ok({ ...pending, status: 'paid', orderId: 42, paidAt: Date.now() });
      if (url.includes('/member/info')) return ok(member);
      if (url.includes('/order/info')) return ok(order);
      throw new Error(`unexpected ${url}`);
    });
    const { router } = renderPage(<RechargeResultPage />, '/pages/recharge-result/recharge-result?id=9');
    expect(await screen.findByTestId('recharge-result-order')).toHaveTextContent(
      '订单 20261127113005123456 已用到账金额支付成功',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/order/order'), { timeout: 4000 });
    expect(router.state.location.search).toBe('?id=42');
  });

  it('asks less and less often, and stops', () => {
    expect([0, 1, 2, 3, 4].map(rechargePollDelay)).toEqual([1500, 3000, 6000, 10_000, 10_000]);
  });
});
