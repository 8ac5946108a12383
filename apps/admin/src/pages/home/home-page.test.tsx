import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Dashboard, OperatorRole } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const generatedAt = new Date(2026, 10, 23, 14, 5, 30).getTime();
const dashboard: Dashboard = {
  day: '2026-11-23',
  generatedAt,
  members: { total: 12_480, newToday: 37 },
  verificationsPending: 6,
  orders: { createdToday: 41, paidToday: 29, paidAmountToday: 123_456_789 },
  lots: { live: 18, closingWithinHour: 4, scheduled: 52 },
  consignmentsPending: 3,
  picksToShip: 9,
  withdrawals: { pending: 5, approved: 2, pendingAmount: 8_650_000 },
  money: { inToday: 50_000_000, outToday: 1_234_500, onlineInToday: 2_880_050 },
};

function setup(role: OperatorRole, answer: 'ok' | 'fail' | 'then-fail' = 'ok') {
  let reads = 0;
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 4, username: `${role}_li`, role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/dashboard') {
      reads += 1;
      const ok = answer === 'ok' || (answer === 'then-fail' && reads === 1);
      return ok ? { data: dashboard } : { code: 500, msg: '服务器繁忙，请稍后重试', data: null };
    }
    if (path === '/v1/admin/withdrawals')
      return { data: { list: [], total: 0, page: 1, pageSize: 20, hasMore: false } };
    return undefined;
  });
}

const cardsIn = (group: ReturnType<typeof within>) =>
  group
    .getAllByTestId(/^dashboard-[a-z-]+$/)
    .map((el: HTMLElement) => el.getAttribute('data-testid'))
    .filter((id: string | null) => !id?.endsWith('-link'));

const groupOrder = () =>
  screen
    .getAllByTestId(/^dashboard-group-/)
    .map((el) => el.getAttribute('data-testid')!.replace('dashboard-group-', ''));

describe('dashboard', () => {
  it('shows the day, today’s figures with money in yuan, and the queues linking to their pages', async () => {
    setup('admin');
    const { router } = renderWithProviders(routes, '/');

    expect(await screen.findByTestId('dashboard-day')).toHaveTextContent('数据日期 2026-11-23，更新于 14:05');
    expect(screen.getByTestId('dashboard-paid-amount')).toHaveTextContent('¥1,234,567.89');
    expect(screen.getByTestId('dashboard-money-in')).toHaveTextContent('¥500,000.00');
    expect(screen.getByTestId('dashboard-money-out')).toHaveTextContent('¥12,345.00');
    expect(screen.getByTestId('dashboard-money-online')).toHaveTextContent('¥28,800.50');
    expect(screen.getByTestId('dashboard-money-online-link')).toHaveAttribute('href', '/recharges?status=paid');
    expect(screen.getByTestId('dashboard-withdrawals-amount')).toHaveTextContent('¥86,500.00');
    expect(screen.getByTestId('dashboard-withdrawals-amount')).toHaveTextContent('待审核 5 笔，待打款 2 笔');
    expect(screen.getByTestId('dashboard-members-new')).toHaveTextContent('会员总数 12,480 人');
    expect(screen.getByTestId('dashboard-orders-created')).toHaveTextContent('41');
    expect(screen.getByTestId('dashboard-lots-closing')).toHaveTextContent('4');
    expect(screen.getByTestId('dashboard-verifications')).toHaveTextContent('6');
    expect(groupOrder()).toEqual(['queues', 'today', 'auctions', 'money']);
    expect(screen.getByTestId('nav-dashboard')).toHaveTextContent('工作台');

    fireEvent.click(screen.getByTestId('dashboard-withdrawals-approved-link'));
    expect(router.state.location.pathname).toBe('/withdrawals');
    expect(router.state.location.search).toBe('?status=approved');
  });

  it('puts finance’s money and withdrawals first', async () => {
    setup('finance');
    renderWithProviders(routes, '/');
    await screen.findByTestId('dashboard-day');
    expect(groupOrder()).toEqual(['money', 'queues', 'today', 'auctions']);
    const queues = within(screen.getByTestId('dashboard-group-queues'));
    expect(cardsIn(queues)).toEqual([
      'dashboard-withdrawals-pending',
      'dashboard-withdrawals-approved',
      'dashboard-verifications',
      'dashboard-picks',
      'dashboard-consignments',
    ]);
    expect(screen.getByTestId('dashboard-withdrawals-pending-link')).toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-verifications-link')).not.toBeInTheDocument();
  });

  it('puts support’s reviews and pick-ups first, and does not link the withdrawal cards it may not open', async () => {
    setup('support');
    renderWithProviders(routes, '/');
    await screen.findByTestId('dashboard-day');
    const queues = within(screen.getByTestId('dashboard-group-queues'));
    expect(cardsIn(queues)).toEqual([
      'dashboard-verifications',
      'dashboard-picks',
      'dashboard-consignments',
      'dashboard-withdrawals-pending',
      'dashboard-withdrawals-approved',
    ]);
    expect(screen.getByTestId('dashboard-verifications-link')).toHaveAttribute('href', '/realname');
    expect(screen.getByTestId('dashboard-withdrawals-pending')).toHaveTextContent('5');
    expect(screen.getByTestId('dashboard-withdrawals-pending')).toHaveTextContent('由财务处理');
    expect(screen.queryByTestId('dashboard-withdrawals-pending-link')).not.toBeInTheDocument();
    expect(screen.getByTestId('dashboard-withdrawals-pending').closest('a')).toBeNull();
    expect(screen.queryByTestId('dashboard-money-in-link')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-money-online-link')).not.toBeInTheDocument();
  });

  it('says when the figures cannot be read, with a retry', async () => {
    setup('operator', 'fail');
    renderWithProviders(routes, '/');
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    expect(screen.getByText('服务器繁忙，请稍后重试')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });

  it('keeps the last figures when a refresh fails, and says so', async () => {
    setup('finance', 'then-fail');
    renderWithProviders(routes, '/');
    await screen.findByTestId('dashboard-day');
    // The button ignores clicks while it shows the first read loading (antd clears its own
    // loading state an effect after the prop): a click before that would refresh nothing.
    await waitFor(() => expect(screen.getByTestId('dashboard-refresh')).not.toHaveClass('ant-btn-loading'));
    fireEvent.click(screen.getByTestId('dashboard-refresh'));
    expect(await screen.findByTestId('dashboard-stale')).toHaveTextContent(
      '刷新失败，显示的是 14:05 的数据：服务器繁忙，请稍后重试',
    );
    expect(screen.getByTestId('dashboard-money-in')).toHaveTextContent('¥500,000.00');
  });
});
