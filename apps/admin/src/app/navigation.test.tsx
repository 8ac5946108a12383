import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OperatorRole } from '@antique/shared';
import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { saveToken } from '../lib/token-storage';
import { navItemsFor } from '../features/access/navigation';
import { routes } from './router';

const ALL = [
  'nav-members',
  'nav-realname',
  'nav-products',
  'nav-categories',
  'nav-banners',
  'nav-notices',
  'nav-news',
  'nav-contact',
  'nav-sessions',
  'nav-lots',
  'nav-delegations',
  'nav-picks',
  'nav-holdings',
  'nav-orders',
  'nav-ledger',
  'nav-withdrawals',
  'nav-reconcile',
  'nav-sms',
  'nav-audit',
  'nav-operators',
  'nav-settings',
];

describe('navItemsFor', () => {
  it.each<[OperatorRole, string[]]>([
    ['admin', ALL],
    ['finance', ['nav-members', 'nav-orders', 'nav-ledger', 'nav-withdrawals', 'nav-reconcile', 'nav-settings']],
    ['support', ['nav-members', 'nav-realname', 'nav-picks', 'nav-holdings', 'nav-orders', 'nav-sms']],
    [
      'operator',
      [
        'nav-products',
        'nav-categories',
        'nav-banners',
        'nav-notices',
        'nav-news',
        'nav-contact',
        'nav-sessions',
        'nav-lots',
        'nav-delegations',
        'nav-picks',
        'nav-holdings',
        'nav-orders',
        'nav-settings',
      ],
    ],
  ])('%s sees %j', (role, testIds) => {
    expect(
      navItemsFor(role)
        .map((i) => i.testId)
        .sort(),
    ).toEqual([...testIds].sort());
  });
});

function signInAs(role: OperatorRole) {
  saveToken('tok');
  return fakeApi((call) => {
    if (call.url.pathname === '/v1/admin/me') {
      return { data: { id: 3, username: `${role}_zhang`, role, disabled: false, createdAt: 0 } };
    }
    if (call.url.pathname === '/v1/admin/reconcile') return { data: { ok: true, wallets: 12, mismatches: [] } };
    if (['/v1/admin/members', '/v1/admin/products', '/v1/admin/ledger'].includes(call.url.pathname)) {
      return { data: { list: [], total: 0, page: 1, pageSize: 20, hasMore: false } };
    }
    if (call.url.pathname === '/v1/admin/categories') return { data: [] };
    return { code: 403, msg: '无权限', data: { reason: 'FORBIDDEN' } };
  });
}

describe('console menu', () => {
  it('shows a finance operator members, orders, the ledger, withdrawals and reconciliation, with name and role in the header', async () => {
    signInAs('finance');
    renderWithProviders(routes, '/reconcile');

    expect(await screen.findByTestId('reconcile-ok')).toHaveTextContent('共核对 12 个钱包');
    expect(screen.getByTestId('header-operator-name')).toHaveTextContent('finance_zhang');
    expect(screen.getByTestId('header-operator-role')).toHaveTextContent('财务');
    const shown = ALL.filter((id) => screen.queryByTestId(id) !== null);
    expect(shown).toEqual([
      'nav-members',
      'nav-orders',
      'nav-ledger',
      'nav-withdrawals',
      'nav-reconcile',
      'nav-settings',
    ]);
    expect(screen.getByText('交易与资金')).toBeInTheDocument();
  });

  it('lands a catalogue operator on the products page with the catalogue, banners, auctions, custody and orders in the menu', async () => {
    signInAs('operator');
    const { router } = renderWithProviders(routes, '/');

    expect(await screen.findByTestId('product-create')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products');
    const shown = ALL.filter((id) => screen.queryByTestId(id) !== null);
    expect(shown).toEqual([
      'nav-products',
      'nav-categories',
      'nav-banners',
      'nav-notices',
      'nav-news',
      'nav-contact',
      'nav-sessions',
      'nav-lots',
      'nav-delegations',
      'nav-picks',
      'nav-holdings',
      'nav-orders',
      'nav-settings',
    ]);
    expect(screen.getByText('拍卖与托管')).toBeInTheDocument();
    expect(screen.getByTestId('nav-categories')).toHaveTextContent('商品分类');
    expect(screen.getByTestId('nav-banners')).toHaveTextContent('轮播图');
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
