import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminHolding, OperatorRole } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const mine: AdminHolding = {
  id: 90,
  productId: 7,
  title: '清乾隆 青花缠枝莲纹梅瓶',
  cover: '/files/product/a',
  acquiredPrice: 880_000,
  acquiredAt: 0,
  source: 'mall',
  status: 'held',
  orderId: 41,
  ownerId: 3,
  ownerPhone: '138****0003',
};
const house: AdminHolding = {
  ...mine,
  id: 95,
  productId: null,
  title: '明 宣德炉',
  source: 'house',
  status: 'delegated',
  orderId: null,
  ownerId: null,
  ownerPhone: null,
};

function setup(role: OperatorRole = 'support') {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'kefu', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/holdings') {
      const q = call.url.searchParams;
      const list = [mine, house].filter(
        (h) =>
          (!q.get('status') || h.status === q.get('status')) &&
          (!q.get('ownerId') || String(h.ownerId ?? 'house') === q.get('ownerId')) &&
          (!q.get('keyword') || h.title.includes(q.get('keyword') ?? '')),
      );
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    return undefined;
  });
}

const lastQuery = (calls: { url: URL }[]) =>
  calls.filter((c) => c.url.pathname === '/v1/admin/holdings').at(-1)?.url.searchParams;

describe('pieces in custody', () => {
  it('lists pieces with their owner, status, price and order', async () => {
    setup();
    renderWithProviders(routes, '/holdings');

    const row = await screen.findByTestId('holding-row-90');
    expect(within(row).getByText('清乾隆 青花缠枝莲纹梅瓶')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '#3' })).toHaveAttribute('href', '/members/3');
    expect(within(row).getByText('保管中')).toBeInTheDocument();
    expect(within(row).getByText('¥8,800.00')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: '#41' })).toHaveAttribute('href', '/orders?open=41');
    const other = screen.getByTestId('holding-row-95');
    expect(within(other).getByText('平台自有')).toBeInTheDocument();
    expect(within(other).getByText('寄拍中')).toBeInTheDocument();
  });

  it('filters by owner (a member or the house), status and keyword through the URL', async () => {
    const { calls } = setup();
    const { router } = renderWithProviders(routes, '/holdings');
    await screen.findByTestId('holding-row-95');

    fireEvent.click(within(screen.getByTestId('holding-owner-kind')).getByText('平台自有'));
    await waitFor(() => expect(screen.queryByTestId('holding-row-90')).not.toBeInTheDocument());
    expect(lastQuery(calls)?.get('ownerId')).toBe('house');
    expect(new URLSearchParams(router.state.location.search).get('ownerId')).toBe('house');

    fireEvent.click(within(screen.getByTestId('holding-owner-kind')).getByText('会员'));
    fireEvent.change(await screen.findByTestId('holding-owner-id'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('holding-owner-id-submit'));
    await waitFor(() => expect(screen.queryByTestId('holding-row-95')).not.toBeInTheDocument());
    expect(lastQuery(calls)?.get('ownerId')).toBe('3');

    fireEvent.click(within(screen.getByTestId('holding-status-filter')).getByText('寄拍中'));
    expect(await screen.findByText('没有符合条件的藏品')).toBeInTheDocument();
    expect(lastQuery(calls)?.get('status')).toBe('delegated');

    fireEvent.click(screen.getByText('清除筛选'));
    fireEvent.change(screen.getByTestId('holding-search'), { target: { value: '宣德' } });
    fireEvent.click(screen.getByTestId('holding-search-submit'));
    expect(await screen.findByTestId('holding-row-95')).toBeInTheDocument();
    expect(lastQuery(calls)?.get('keyword')).toBe('宣德');
    expect(lastQuery(calls)?.get('ownerId')).toBeNull();
  });

  it('answers 「无权限」 to finance', async () => {
    setup('finance');
    renderWithProviders(routes, '/holdings');

    expect(await screen.findByTestId('forbidden')).toHaveTextContent('无权限');
  });
});
