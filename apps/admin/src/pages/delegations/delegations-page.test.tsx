import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { AdminDelegation } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const holding = {
  id: 90,
  productId: 7,
  title: '清乾隆 青花缠枝莲纹梅瓶',
  cover: '/files/product/a',
  acquiredPrice: 880_000,
  acquiredAt: 0,
  source: 'mall' as const,
  status: 'delegated' as const,
  orderId: 41,
};
const pending: AdminDelegation = {
  id: 8,
  holding,
  status: 'pending',
  reservePrice: 1_200_000,
  createdAt: dayjs('2026-11-20 09:15').valueOf(),
  memberId: 3,
  memberPhone: '138****0003',
};
const sold: AdminDelegation = {
  ...pending,
  id: 6,
  holding: { ...holding, id: 88, title: '民国 铜香炉' },
  status: 'sold',
  lotId: 21,
  hammerPrice: 1_500_000,
  commission: 120_000,
  proceeds: 1_380_000,
};
const session = {
  id: 3,
  title: '秋季瓷器专场',
  cover: '/files/product/s3',
  startsAt: dayjs('2030-12-01 20:00').valueOf(),
  lotCount: 1,
};

function setup(reviewAnswer?: { code: number; msg: string; data?: unknown }) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 2, username: 'yunying', role: 'operator', disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/sessions')
      return { data: { list: [session], total: 1, page: 1, pageSize: 50, hasMore: false } };
    if (path === '/v1/admin/delegations') {
      const status = call.url.searchParams.get('status');
      const list = [pending, sold].filter((d) => !status || d.status === status);
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    if (path === '/v1/admin/delegations/8/review') {
      if (reviewAnswer) return reviewAnswer;
      const body = call.body as { approve: boolean; reason?: string };
      return {
        data: body.approve
          ? { ...pending, status: 'listed', lotId: 31 }
          : { ...pending, status: 'rejected', rejectReason: body.reason },
      };
    }
    return undefined;
  });
}

function typeDateTime(testId: string, text: string) {
  const input = screen.getByTestId(testId);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('consignment review', () => {
  it('opens on the pending queue with the piece, the consignor and the reserve', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/delegations');

    const row = await screen.findByTestId('delegation-row-8');
    expect(within(row).getByText('清乾隆 青花缠枝莲纹梅瓶')).toBeInTheDocument();
    expect(within(row).getByText('#3')).toBeInTheDocument();
    expect(within(row).getByText('138****0003')).toBeInTheDocument();
    expect(within(row).getByText('¥12,000.00')).toBeInTheDocument();
    expect(within(row).getByText('待审核')).toBeInTheDocument();
    expect(screen.queryByTestId('delegation-row-6')).not.toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/v1/admin/delegations')?.url.searchParams.get('status')).toBe(
      'pending',
    );

    fireEvent.click(within(screen.getByTestId('delegation-status-filter')).getByText('已成交'));
    const done = await screen.findByTestId('delegation-row-6');
    expect(within(done).getByTestId('delegation-lot-6')).toHaveAttribute('href', '/lots/21');
    expect(within(done).getByText('¥13,800.00')).toBeInTheDocument();
  });

  it('approves with a start price in fen, the times and the session', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/delegations');

    fireEvent.click(await screen.findByTestId('delegation-approve-8'));
    fireEvent.change(await screen.findByTestId('delegation-start-price'), { target: { value: '8000' } });
    fireEvent.mouseDown(within(screen.getByTestId('delegation-session')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('秋季瓷器专场（#3）'));
    await waitFor(() => expect(screen.getByTestId('delegation-starts')).toHaveValue('2030-12-01 20:00'));
    typeDateTime('delegation-ends', '2030-12-08 21:30');
    fireEvent.click(screen.getByTestId('delegation-approve-submit'));

    expect(await screen.findByText('已通过委托 #8，生成拍品 #31')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      approve: true,
      startPrice: 800_000,
      startsAt: dayjs('2030-12-01 20:00').valueOf(),
      endsAt: dayjs('2030-12-08 21:30').valueOf(),
      sessionId: 3,
    });
  });

  it('asks for a start price and times before approving', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/delegations');

    fireEvent.click(await screen.findByTestId('delegation-approve-8'));
    fireEvent.click(await screen.findByTestId('delegation-approve-submit'));

    expect(await screen.findByText('请输入起拍价')).toBeInTheDocument();
    expect(screen.getByText('请选择开拍时间')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('rejects only with a reason, and sends it', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/delegations');

    fireEvent.click(await screen.findByTestId('delegation-reject-8'));
    fireEvent.click(await screen.findByTestId('delegation-reject-submit'));
    expect(await screen.findByText('请填写驳回原因，委托人将看到此原因')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByText('藏品状况不适合上拍'));
    fireEvent.click(screen.getByTestId('delegation-reject-submit'));
    expect(await screen.findByText('已驳回委托 #8')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ approve: false, reason: '藏品状况不适合上拍' });
  });

  it('shows the server’s refusal in the dialog', async () => {
    setup({ code: 409, msg: '该委托已被处理', data: { reason: 'DELEGATION_NOT_PENDING' } });
    renderWithProviders(routes, '/delegations');

    fireEvent.click(await screen.findByTestId('delegation-reject-8'));
    fireEvent.change(await screen.findByTestId('delegation-reject-reason'), { target: { value: '资料不全' } });
    fireEvent.click(screen.getByTestId('delegation-reject-submit'));

    expect(await screen.findByText('该委托已被处理')).toBeInTheDocument();
    expect(screen.getByTestId('delegation-reject-reason')).toBeInTheDocument();
  });
});
