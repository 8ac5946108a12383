import type { Member, Order } from '@antique/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { useMessageBoxStore } from '../../components/message-box/message-box.store';
import { useCartStore } from '../../features/mall/cart.store';
import { useUserStore } from '../../features/member/user.store';
import { productFixture } from '../../test/product-fixture';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import CreateOrderPage from './create-order.page';

const product = productFixture;

const member = {
  id: 4,
  phone: '13800000004',
  nickname: '藏友',
  avatar: '',
  vipLevel: 0,
  inviteCode: 'AB12CD',
  realNameStatus: 'verified',
  hasTradePassword: true,
  balance: 10_000_000,
  frozen: 0,
  createdAt: 0,
} as Member;
const memberInfo = (who: Member = member) => envelopeResponse({ code: 200, msg: 'ok', data: who });

const order: Order = {
  id: 42,
  orderNo: '20251122153005123456',
  source: 'mall',
  status: 'pending',
  items: [{ productId: 1, title: '藏品1', cover: '', price: 50_000, quantity: 2 }],
  goodsAmount: 100_000,
  premium: 0,
  depositApplied: 0,
  amount: 100_000,
  remark: '',
  expiresAt: Date.now() + 15 * 60_000,
  createdAt: Date.now(),
};

beforeEach(() => {
  useCartStore.setState({ lines: [] });
  useCartStore.getState().add(product(1), 2);
  useCartStore.getState().add(product(2, { title: '青花缠枝莲纹梅瓶' }), 1);
  useCartStore.getState().add(product(3), 1);
  useCartStore.getState().toggle(3);
});

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
  useMessageBoxStore.getState().close(false);
});

describe('create order page', () => {
  it('re-reads the ticked pieces, drops the one gone off sale with a message, then orders once across a retry', async () => {
    let creates = 0;
    const { calls } = stubFetch(({ url }) => {
      if (url.includes('/member/info')) return memberInfo();
      if (url.includes('/product/info')) {
        const id = Number(new URL(url, 'http://x').searchParams.get('id'));
        return envelopeResponse({
          code: 200,
          msg: 'ok',
          data: product(id, id === 2 ? { title: '青花缠枝莲纹梅瓶', onSale: false } : {}),
        });
      }
      creates += 1;
      if (creates === 1) throw new TypeError('Failed to fetch');
      return envelopeResponse({ code: 200, msg: 'ok', data: order });
    });
    const user = userEvent.setup();
    const { router } = renderPage(<CreateOrderPage />, '/pages/create-order/create-order?from=cart');

    await waitFor(() => expect(useMessageBoxStore.getState().visible).toBe(true));
    expect(useMessageBoxStore.getState().options.msg).toContain('「青花缠枝莲纹梅瓶」已下架，已从购物车移除');
    expect(await screen.findAllByTestId('create-order-line')).toHaveLength(1);
    expect(screen.getByTestId('create-order-total')).toHaveTextContent('¥1,000.00');
    // Only the ticked lines were read again; the unticked one stays in the cart untouched.
    expect(calls.filter((call) => call.url.includes('/product/info')).map((call) => call.url)).toHaveLength(2);

    await user.type(screen.getByTestId('create-order-remark'), '请妥善包装');
    await user.click(screen.getByTestId('create-order-submit'));
    await waitFor(() => expect(creates).toBe(1));
    await user.click(screen.getByTestId('create-order-submit'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=42'));

    const createCalls = calls.filter((call) => call.url.endsWith('/order/create'));
    const keys = createCalls.map((call) => (call.init.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(JSON.parse(String(createCalls[1]?.init.body))).toEqual({
      items: [{ productId: 1, quantity: 2 }],
      remark: '请妥善包装',
    });
    expect(router.state.location.pathname).toBe('/pages/order/order');
    expect(useCartStore.getState().lines.map((line) => line.productId)).toEqual([3]);
  });

  it('names the piece the server says is out of stock, and checks the lines again', async () => {
    let stock = 5;
    stubFetch(({ url }) => {
      if (url.includes('/member/info')) return memberInfo();
      if (url.includes('/product/info')) {
        const id = Number(new URL(url, 'http://x').searchParams.get('id'));
        return envelopeResponse({ code: 200, msg: 'ok', data: product(id, { stock: id === 1 ? stock : 5 }) });
      }
      stock = 1;
      return envelopeResponse(
        { code: 409, msg: '库存不足', data: { reason: 'OUT_OF_STOCK', productId: 1 } },
        { status: 409 },
      );
    });
    useCartStore.getState().toggle(2);
    const user = userEvent.setup();
    renderPage(<CreateOrderPage />, '/pages/create-order/create-order?from=cart');
    await screen.findAllByTestId('create-order-line');
    await user.click(screen.getByTestId('create-order-submit'));
    await waitFor(() => expect(useMessageBoxStore.getState().options.msg).toContain('「藏品1」库存不足或已下架'));
    useMessageBoxStore.getState().close(true);
    await waitFor(() => expect(useCartStore.getState().lines.find((line) => line.productId === 1)?.quantity).toBe(1));
  });

  it('buys one piece now without touching the cart', async () => {
    stubFetch(({ url }) =>
      url.includes('/member/info')
        ? memberInfo()
        : envelopeResponse({ code: 200, msg: 'ok', data: product(9, { title: '紫檀笔筒' }) }),
    );
    renderPage(<CreateOrderPage />, '/pages/create-order/create-order?productId=9&quantity=1');
    expect(await screen.findByText('紫檀笔筒')).toBeInTheDocument();
    expect(screen.getAllByTestId('create-order-line')).toHaveLength(1);
    expect(useCartStore.getState().lines).toHaveLength(3);
  });

  it('tells a member short of money what is missing and offers the top-up first, before the piece is held', async () => {
    const { calls } = stubFetch(({ url }) => {
      if (url.includes('/member/info')) return memberInfo({ ...member, balance: 0 });
      if (url.includes('/product/info'))
        return envelopeResponse({ code: 200, msg: 'ok', data: product(9, { price: 35_800_000 }) });
      return envelopeResponse({ code: 200, msg: 'ok', data: { ...order, amount: 35_800_000 } });
    });
    const user = userEvent.setup();
    const { router } = renderPage(<CreateOrderPage />, '/pages/create-order/create-order?productId=9&quantity=1');
    expect(await screen.findByTestId('create-order-short')).toHaveTextContent('可用余额不足，还差 ¥358,000.00');
    expect(screen.getByTestId('create-order-short')).toHaveTextContent('藏品将为您保留至支付时限结束');
    expect(screen.getByTestId('create-order-balance')).toHaveTextContent('¥0.00');
    // The first action is adding money; placing the order stays possible, named as such.
    expect(screen.getByTestId('create-order-top-up')).toHaveClass('adm-button-primary');
    expect(screen.getByTestId('create-order-submit')).toHaveTextContent('先提交订单');
    expect(calls.some((call) => call.url.endsWith('/order/create'))).toBe(false);
    await user.click(screen.getByTestId('create-order-top-up'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/recharge/recharge'));
    expect(calls.some((call) => call.url.endsWith('/order/create'))).toBe(false);
  });

  it('says nothing is missing when the balance covers the order', async () => {
    stubFetch(({ url }) =>
      url.includes('/member/info')
        ? memberInfo({ ...member, balance: 50_000 })
        : envelopeResponse({ code: 200, msg: 'ok', data: product(9) }),
    );
    renderPage(<CreateOrderPage />, '/pages/create-order/create-order?productId=9&quantity=1');
    await waitFor(() => expect(screen.getByTestId('create-order-balance')).toHaveTextContent('¥500.00'));
    expect(screen.queryByTestId('create-order-short')).toBeNull();
    expect(screen.queryByTestId('create-order-top-up')).toBeNull();
    expect(screen.getByTestId('create-order-submit')).toHaveTextContent('提交订单');
  });

  it('refuses a member with too many unpaid orders in words, with the way to those orders', async () => {
    stubFetch(({ url }) => {
      if (url.includes('/member/info')) return memberInfo();
      if (url.includes('/product/info')) return envelopeResponse({ code: 200, msg: 'ok', data: product(9) });
      return envelopeResponse(
        {
          code: 409,
          msg: '您有未付款的订单，请先支付或取消后再下单',
          data: { reason: 'TOO_MANY_UNPAID_ORDERS', limit: 2 },
        },
        { status: 409 },
      );
    });
    const user = userEvent.setup();
    const { router } = renderPage(<CreateOrderPage />, '/pages/create-order/create-order?productId=9&quantity=1');
    await screen.findByTestId('create-order-line');
    await waitFor(() => expect(useUserStore.getState().userInfo).not.toBeNull());
    await user.click(screen.getByTestId('create-order-submit'));
    await waitFor(() =>
      expect(useMessageBoxStore.getState().options.msg).toBe('您已有 2 笔待支付的订单，请先支付或取消后再下单。'),
    );
    expect(useMessageBoxStore.getState().options.confirmText).toBe('查看待支付订单');
    useMessageBoxStore.getState().close(true);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/order-list/order-list'));
    expect(router.state.location.search).toBe('?status=pending');
  });
});
