import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperatorRole } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const paid = {
  id: 41,
  orderNo: 'M202611010001',
  source: 'mall',
  status: 'paid',
  items: [
    { productId: 7, holdingId: 90, title: '清乾隆 青花缠枝莲纹梅瓶', cover: '/files/p/7', price: 880_000, quantity: 1 },
    { productId: 8, holdingId: 91, title: '民国 铜香炉', cover: '/files/p/8', price: 12_050, quantity: 2 },
  ],
  goodsAmount: 904_100,
  premium: 0,
  depositApplied: 0,
  amount: 904_100,
  remark: '',
  expiresAt: 1_000,
  paidAt: 500,
  createdAt: 0,
  memberId: 3,
  memberPhone: '138****0003',
};
const cancelled = {
  ...paid,
  id: 42,
  orderNo: 'A202611010002',
  source: 'auction',
  status: 'cancelled',
  cancelReason: 'PAYMENT_TIMEOUT',
  paidAt: undefined,
  premium: 88_000,
  depositApplied: 88_000,
};

function setup(role: OperatorRole) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 4, username: 'u', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/orders') {
      const status = call.url.searchParams.get('status');
      const list = [paid, cancelled].filter((o) => !status || o.status === status);
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    if (path === '/v1/admin/orders/41') return { data: paid };
    if (path === '/v1/admin/orders/42') return { data: cancelled };
    return undefined;
  });
}

describe('orders page', () => {
  it('lists orders with status, amounts in yuan and a link to the member', async () => {
    setup('support');
    renderWithProviders(routes, '/orders');

    const row = await screen.findByTestId('order-row-41');
    expect(within(row).getByText('已支付')).toBeInTheDocument();
    expect(within(row).getByText('¥9,041.00')).toBeInTheDocument();
    expect(within(row).getByText('等 2 种，共 3 件')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '#3' })).toHaveAttribute('href', '/members/3');
    const other = screen.getByTestId('order-row-42');
    expect(within(other).getByText('已取消')).toBeInTheDocument();
    expect(within(other).getByText('拍卖')).toBeInTheDocument();
    expect(within(other).getByText(/商品 ¥9,041\.00 \+ 佣金 ¥880\.00 − 保证金 ¥880\.00/)).toBeInTheDocument();
    // Support reads orders but does not export them.
    expect(screen.queryByTestId('export-orders')).not.toBeInTheDocument();
  });

  it('filters by status and opens an order’s detail', async () => {
    const { calls } = setup('finance');
    renderWithProviders(routes, '/orders');

    await screen.findByTestId('order-row-42');
    expect(screen.getByTestId('export-orders')).toBeInTheDocument();
    fireEvent.click(within(screen.getByTestId('order-status-filter')).getByText('已支付'));
    await waitFor(() => expect(screen.queryByTestId('order-row-42')).not.toBeInTheDocument());
    expect(calls.at(-1)?.url.searchParams.get('status')).toBe('paid');

    fireEvent.click(screen.getByTestId('order-open-41'));
    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).getByText('民国 铜香炉')).toBeInTheDocument();
    expect(within(detail).getByText('¥241.00')).toBeInTheDocument();
  });

  it('writes out why an order was cancelled, from the code the server stores', async () => {
    setup('support');
    renderWithProviders(routes, '/orders?open=42');

    const detail = await screen.findByTestId('order-detail');
    expect(within(detail).getByText('超时未支付')).toBeInTheDocument();
    expect(within(detail).queryByText('PAYMENT_TIMEOUT')).not.toBeInTheDocument();
  });

  it('shows a catalogue operator the member without a link to a page it may not open', async () => {
    setup('operator');
    renderWithProviders(routes, '/orders');

    const row = await screen.findByTestId('order-row-41');
    expect(within(row).getByText('#3')).toBeInTheDocument();
    expect(within(row).queryByRole('link', { name: '#3' })).not.toBeInTheDocument();
  });
});
