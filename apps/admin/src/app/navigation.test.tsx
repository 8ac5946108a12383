import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import type { OperatorRole } from '@antique/shared';
import { fakeApi } from '../test/fake-api';
import { renderWithProviders } from '../test/render';
import { saveToken } from '../lib/token-storage';
import { navItemsFor } from './navigation';
import { routes } from './router';

const ALL = ['nav-members', 'nav-realname', 'nav-sms', 'nav-audit', 'nav-operators', 'nav-reconcile'];

describe('navItemsFor', () => {
  it.each<[OperatorRole, string[]]>([
    ['admin', ALL],
    ['finance', ['nav-members', 'nav-reconcile']],
    ['support', ['nav-members', 'nav-realname', 'nav-sms']],
    ['operator', []],
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
    if (call.url.pathname === '/v1/admin/members') {
      return { data: { list: [], total: 0, page: 1, pageSize: 20, hasMore: false } };
    }
    return { code: 403, msg: '无权限', data: { reason: 'FORBIDDEN' } };
  });
}

describe('console menu', () => {
  it('shows a finance operator only members and reconciliation, with name and role in the header', async () => {
    signInAs('finance');
    renderWithProviders(routes, '/reconcile');

    expect(await screen.findByTestId('reconcile-ok')).toHaveTextContent('共核对 12 个钱包');
    expect(screen.getByTestId('header-operator-name')).toHaveTextContent('finance_zhang');
    expect(screen.getByTestId('header-operator-role')).toHaveTextContent('财务');
    const shown = ALL.filter((id) => screen.queryByTestId(id) !== null);
    expect(shown).toEqual(['nav-members', 'nav-reconcile']);
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
