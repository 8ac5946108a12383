import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminPick, OperatorRole } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const piece = (id: number, title: string) => ({
  id,
  productId: 7,
  title,
  cover: `/files/product/${id}`,
  acquiredPrice: 880_000,
  acquiredAt: 0,
  source: 'mall' as const,
  status: 'picking' as const,
  orderId: 41,
});
const pending: AdminPick = {
  id: 12,
  holdingIds: [90, 91],
  address: {
    name: '张三',
    phone: '13800000003',
    regionCode: '330106',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 100 号 2 单元 301',
  },
  status: 'pending',
  createdAt: Date.now() - 3 * 86_400_000,
  memberId: 3,
  memberPhone: '138****0003',
  holdings: [piece(90, '清乾隆 青花缠枝莲纹梅瓶'), piece(91, '民国 铜香炉')],
};
const shipped: AdminPick = {
  ...pending,
  id: 11,
  status: 'shipped',
  carrier: '顺丰速运',
  trackingNo: 'SF1234567890',
  shippedAt: Date.now() - 86_400_000,
};

function setup(role: OperatorRole, shipAnswer?: { code: number; msg: string; data?: unknown }) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'kefu', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/picks') {
      const status = call.url.searchParams.get('status');
      const list = [pending, shipped].filter((p) => !status || p.status === status);
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    if (path === '/v1/admin/picks/12/ship') {
      return shipAnswer ?? { data: { ...pending, status: 'shipped', ...(call.body as object), shippedAt: Date.now() } };
    }
    return undefined;
  });
}

describe('shipping queue', () => {
  it('lists pending pick-ups with the member, the pieces, the address and how long they have waited', async () => {
    const { calls } = setup('support');
    renderWithProviders(routes, '/picks');

    const row = await screen.findByTestId('pick-row-12');
    expect(within(row).getByRole('link', { name: '#3' })).toHaveAttribute('href', '/members/3');
    expect(within(row).getByText('民国 铜香炉')).toBeInTheDocument();
    expect(within(row).getByText('共 2 件')).toBeInTheDocument();
    expect(within(row).getByText('张三 13800000003')).toBeInTheDocument();
    expect(within(row).getByText('浙江省杭州市西湖区文三路 100 号 2 单元 301')).toBeInTheDocument();
    expect(within(row).getByText('已等待 3 天')).toBeInTheDocument();
    expect(screen.queryByTestId('pick-row-11')).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/v1/admin/picks')?.url.searchParams.get('status')).toBe('pending');
  });

  it('ships with the carrier and a tracking number, refusing a malformed one first', async () => {
    const { calls } = setup('support');
    renderWithProviders(routes, '/picks');

    fireEvent.click(await screen.findByTestId('pick-ship-12'));
    fireEvent.change(await screen.findByTestId('pick-carrier'), { target: { value: '顺丰速运' } });
    fireEvent.change(screen.getByTestId('pick-tracking-no'), { target: { value: 'SF 12' } });
    fireEvent.click(screen.getByTestId('pick-ship-submit'));
    expect(await screen.findByText('运单号为 6 至 40 位字母、数字或连字符')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(screen.getByTestId('pick-tracking-no'), { target: { value: ' SF1234567890123 ' } });
    fireEvent.click(screen.getByTestId('pick-ship-submit'));
    expect(await screen.findByText('提货单 #12 已发货：顺丰速运 SF1234567890123')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890123',
    });
  });

  it('shows the shipped ones with their tracking number', async () => {
    setup('support');
    renderWithProviders(routes, '/picks?status=shipped');

    const row = await screen.findByTestId('pick-row-11');
    expect(within(row).getByText('SF1234567890')).toBeInTheDocument();
    expect(within(row).getByText('顺丰速运')).toBeInTheDocument();
    // Support opens members' pages: the member links to theirs.
    expect(within(row).getByRole('link', { name: '#3' })).toBeInTheDocument();
  });

  it('is not a catalogue operator’s: no page, no 发货', async () => {
    setup('operator');
    renderWithProviders(routes, '/picks');

    expect(await screen.findByTestId('forbidden')).toHaveTextContent('无权限');
    expect(screen.queryByTestId('pick-ship-12')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal and keeps the dialog open', async () => {
    setup('support', { code: 409, msg: '提货单已发货', data: { reason: 'PICK_NOT_PENDING' } });
    renderWithProviders(routes, '/picks');

    fireEvent.click(await screen.findByTestId('pick-ship-12'));
    fireEvent.change(await screen.findByTestId('pick-carrier'), { target: { value: '京东物流' } });
    fireEvent.change(screen.getByTestId('pick-tracking-no'), { target: { value: 'JD0001234567' } });
    fireEvent.click(screen.getByTestId('pick-ship-submit'));

    expect(await screen.findByText('提货单已发货')).toBeInTheDocument();
    expect(screen.getByTestId('pick-tracking-no')).toBeInTheDocument();
  });
});
