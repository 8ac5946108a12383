import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OperatorRole } from '@antique/shared';
import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { saveToken } from '../lib/token-storage';
import { navItemsFor } from '../features/access/navigation';
import { routes } from './router';

// Every menu item in menu order.
const ALL = [
  'nav-dashboard',
  'nav-members',
  'nav-realname',
  'nav-products',
  'nav-categories',
  'nav-banners',
  'nav-notices',
  'nav-news',
  'nav-contact',
  'nav-rules',
  'nav-app-version',
  'nav-sessions',
  'nav-lots',
  'nav-signals',
  'nav-questions',
  'nav-delegations',
  'nav-picks',
  'nav-holdings',
  'nav-orders',
  'nav-ledger',
  'nav-recharges',
  'nav-payment-notices',
  'nav-withdrawals',
  'nav-claims',
  'nav-reconcile',
  'nav-sms',
  'nav-audit',
  'nav-operators',
  'nav-settings',
];

/**
 * Each role's menu written out by hand from PRODUCT.md "Operators" (not read from PAGE_ROLES),
 * so that a page given to the wrong role fails here. Everyone starts on the dashboard.
 */
const MENUS: Record<OperatorRole, string[]> = {
  // everything, operator accounts and the audit log too
  admin: ALL,
  // catalogue, auctions, delegations and the holdings they come from, content; orders; settings to read (no pick-ups)
  operator: [
    'nav-dashboard',
    'nav-products',
    'nav-categories',
    'nav-banners',
    'nav-notices',
    'nav-news',
    'nav-contact',
    'nav-rules',
    'nav-app-version',
    'nav-sessions',
    'nav-lots',
    'nav-signals',
    'nav-questions',
    'nav-delegations',
    'nav-holdings',
    'nav-orders',
    'nav-settings',
  ],
  // deposits (on a member), withdrawals, ledger, reconciliation; orders; settings to read
  finance: [
    'nav-dashboard',
    'nav-members',
    'nav-orders',
    'nav-ledger',
    'nav-recharges',
    'nav-payment-notices',
    'nav-withdrawals',
    'nav-claims',
    'nav-reconcile',
    'nav-settings',
  ],
  // members, real-name review, pick-ups and holdings, orders, the SMS outbox
  support: [
    'nav-dashboard',
    'nav-members',
    'nav-realname',
    'nav-picks',
    'nav-holdings',
    'nav-orders',
    'nav-claims',
    'nav-sms',
  ],
};

describe('navItemsFor', () => {
  it.each<OperatorRole>(['admin', 'operator', 'finance', 'support'])('gives %s exactly its menu', (role) => {
    expect(navItemsFor(role).map((i) => i.testId)).toEqual(MENUS[role]);
  });
});

const dashboard = {
  day: '2026-11-23',
  generatedAt: Date.now(),
  members: { total: 0, newToday: 0 },
  verificationsPending: 0,
  orders: { createdToday: 0, paidToday: 0, paidAmountToday: 0 },
  lots: { live: 0, closingWithinHour: 0, scheduled: 0 },
  consignmentsPending: 0,
  picksToShip: 0,
  withdrawals: { pending: 0, approved: 0, pendingAmount: 0 },
  money: { inToday: 0, outToday: 0, onlineInToday: 0 },
};

function signInAs(role: OperatorRole) {
  saveToken('tok');
  return fakeApi((call) => {
    if (call.url.pathname === '/v1/admin/me') {
      return { data: { id: 3, username: `${role}_zhang`, role, disabled: false, createdAt: 0 } };
    }
    if (call.url.pathname === '/v1/admin/reconcile')
      return { data: { ok: true, wallets: 12, mismatches: [], recharges: { paid: 0, mismatches: [] } } };
    if (['/v1/admin/members', '/v1/admin/products', '/v1/admin/ledger'].includes(call.url.pathname)) {
      return { data: { list: [], total: 0, page: 1, pageSize: 20, hasMore: false } };
    }
    if (call.url.pathname === '/v1/admin/categories') return { data: [] };
    if (call.url.pathname === '/v1/admin/dashboard') return { data: dashboard };
    return { code: 403, msg: '无权限', data: { reason: 'FORBIDDEN' } };
  });
}

describe('console menu', () => {
  it.each<OperatorRole>(['admin', 'operator', 'finance', 'support'])(
    'lands %s on the dashboard with exactly its menu',
    async (role) => {
      signInAs(role);
      const { router } = renderWithProviders(routes, '/');

      expect(await screen.findByTestId('dashboard-day')).toHaveTextContent('数据日期 2026-11-23');
      expect(router.state.location.pathname).toBe('/');
      const shown = [...document.querySelectorAll('[data-testid^="nav-"]')].map((el) => el.getAttribute('data-testid'));
      expect(shown).toEqual(MENUS[role]);
    },
  );

  it('shows a finance operator members, orders, the ledger, withdrawals and reconciliation, with name and role in the header', async () => {
    signInAs('finance');
    renderWithProviders(routes, '/reconcile');

    expect(await screen.findByTestId('reconcile-ok')).toHaveTextContent('共核对 12 个钱包');
    expect(screen.getByTestId('header-operator-name')).toHaveTextContent('finance_zhang');
    expect(screen.getByTestId('header-operator-role')).toHaveTextContent('财务');
    const shown = ALL.filter((id) => screen.queryByTestId(id) !== null);
    expect(shown).toEqual(MENUS.finance);
    expect(screen.getByText('交易与资金')).toBeInTheDocument();
  });

  it('shows a catalogue operator the catalogue, banners, auctions, custody and orders', async () => {
    signInAs('operator');
    renderWithProviders(routes, '/products');

    expect(await screen.findByTestId('product-create')).toBeInTheDocument();
    expect(screen.getByText('拍卖与托管')).toBeInTheDocument();
    expect(screen.getByTestId('nav-dashboard')).toHaveTextContent('工作台');
    expect(screen.getByTestId('nav-categories')).toHaveTextContent('商品分类');
    expect(screen.getByTestId('nav-banners')).toHaveTextContent('轮播图');
  });

  it('never shows a catalogue operator pick-ups or 发货, not even by the page’s address', async () => {
    signInAs('operator');
    renderWithProviders(routes, '/picks');

    expect(await screen.findByTestId('forbidden')).toHaveTextContent('无权限');
    expect(screen.queryByTestId('nav-picks')).not.toBeInTheDocument();
    expect(screen.queryByText('发货')).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-holdings')).toBeInTheDocument();
  });

  it('answers 「无权限」 when a catalogue operator opens the ledger by its address', async () => {
    signInAs('operator');
    renderWithProviders(routes, '/ledger');

    expect(await screen.findByTestId('forbidden')).toHaveTextContent('无权限');
    expect(screen.queryByTestId('nav-ledger')).not.toBeInTheDocument();
  });

  it('keeps the catalogue from finance and support', async () => {
    signInAs('support');
    renderWithProviders(routes, '/products');

    expect(await screen.findByTestId('forbidden')).toHaveTextContent('无权限');
    expect(screen.getByTestId('nav-orders')).toBeInTheDocument();
    expect(screen.getByTestId('nav-picks')).toHaveTextContent('提货发货');
    expect(screen.getByTestId('nav-holdings')).toHaveTextContent('托管藏品');
    expect(screen.queryByTestId('nav-products')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-ledger')).not.toBeInTheDocument();
  });

  it('keeps auctions and consignments from support, who ships pick-ups', async () => {
    signInAs('support');
    renderWithProviders(routes, '/delegations');

    expect(await screen.findByTestId('forbidden')).toHaveTextContent('无权限');
    expect(screen.queryByTestId('nav-lots')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-sessions')).not.toBeInTheDocument();
    expect(screen.queryByTestId('nav-delegations')).not.toBeInTheDocument();
  });

  it('answers 「无权限」 when a support operator opens the audit log by its address', async () => {
    signInAs('support');
    renderWithProviders(routes, '/audit');

    expect(await screen.findByTestId('forbidden')).toHaveTextContent('无权限');
    expect(screen.queryByTestId('nav-audit')).not.toBeInTheDocument();
    expect(screen.getByTestId('nav-sms')).toBeInTheDocument();
  });

  it('sends a visitor without a token to the login page', async () => {
    fakeApi(() => undefined);
    renderWithProviders(routes, '/members');

    expect(await screen.findByTestId('admin-login-username')).toBeInTheDocument();
  });
});
