import type { Order } from '@antique/shared';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { renderPage } from '../../test/render-page';
import { OrderCard } from './order-card';

const order: Order = {
  id: 42,
  orderNo: '20261127113005123456',
  source: 'mall',
  status: 'cancelled',
  cancelReason: 'MEMBER_CANCELLED',
  items: [{ productId: 7, title: '清乾隆 青花缠枝莲纹梅瓶', cover: '', price: 288_000, quantity: 1 }],
  goodsAmount: 288_000,
  premium: 0,
  depositApplied: 0,
  amount: 288_000,
  remark: '',
  expiresAt: Date.now() - 60_000,
  createdAt: Date.now() - 120_000,
};

afterEach(() => changeLocale('zh-Hans', false));

describe('an order in the list', () => {
  it('says why a cancelled order was cancelled, in the shared label of its reason', async () => {
    const view = renderPage(<OrderCard order={order} />, '/pages/order-list/order-list');
    expect(screen.getByTestId('order-card-reason')).toHaveTextContent('主动取消');
    await act(() => changeLocale('en', false));
    expect(screen.getByTestId('order-card-reason')).toHaveTextContent('Cancelled by you');
    view.unmount();
    renderPage(<OrderCard order={{ ...order, cancelReason: 'PAYMENT_TIMEOUT' }} />, '/pages/order-list/order-list');
    expect(screen.getByTestId('order-card-reason')).toHaveTextContent('Not paid in time');
  });

  it('says nothing of a reason on a pending or paid order', () => {
    renderPage(
      <OrderCard order={{ ...order, status: 'paid', cancelReason: undefined }} />,
      '/pages/order-list/order-list',
    );
    expect(screen.queryByTestId('order-card-reason')).toBeNull();
  });
});
