import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { OperatorRole } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const member = {
  id: 5,
  phone: '138****5678',
  nickname: '藏家老王',
  avatar: '',
  vipLevel: 2,
  inviteCode: 'AB12CD',
  inviterId: null,
  realNameStatus: 'verified',
  realName: '王*',
  frozen: false,
  frozenReason: null,
  balance: 123_456,
  frozenAmount: 5_000,
  createdAt: 0,
  lastLoginAt: null,
  inviter: null,
  teamCount: 0,
};

const deposit = {
  id: 31,
  memberId: 5,
  type: 'deposit',
  amount: 200_000,
  frozenAmount: 0,
  balanceAfter: 200_000,
  frozenAfter: 0,
  remark: '您 11 月 27 日的银行转账已到账',
  internalNote: '工行流水 20261127-0001 张三',
  refType: null,
  refId: null,
  createdAt: 0,
};

function openAs(role: OperatorRole, entries: unknown[] = []) {
  saveToken('tok');
  return fakeApi((call) => {
    if (call.url.pathname === '/v1/admin/me') {
      return { data: { id: 3, username: `${role}_li`, role, disabled: false, createdAt: 0 } };
    }
    if (call.url.pathname === '/v1/admin/members/5') return { data: member };
    if (call.url.pathname === '/v1/admin/ledger') {
      return { data: { list: entries, total: entries.length, page: 1, pageSize: 10, hasMore: false } };
    }
    return { code: 403, msg: '无权限', data: { reason: 'FORBIDDEN' } };
  });
}

describe('a member’s page', () => {
  it('shows support the member but not their ledger, and asks the server for none', async () => {
    const { calls } = openAs('support');
    renderWithProviders(routes, '/members/5');

    expect(await screen.findByText('会员 #5')).toBeInTheDocument();
    expect(screen.queryByText('资金流水')).not.toBeInTheDocument();
    expect(calls.map((c) => c.url.pathname)).not.toContain('/v1/admin/ledger');
  });

  it('shows finance the member’s ledger', async () => {
    const { calls } = openAs('finance');
    renderWithProviders(routes, '/members/5');

    expect(await screen.findByText('资金流水')).toBeInTheDocument();
    expect(await screen.findByText('暂无资金流水')).toBeInTheDocument();
    expect(calls.find((c) => c.url.pathname === '/v1/admin/ledger')?.url.searchParams.get('memberId')).toBe('5');
  });

  it('shows finance what the member reads on a deposit and, apart, the internal note', async () => {
    openAs('finance', [deposit]);
    renderWithProviders(routes, '/members/5');

    const row = await screen.findByTestId('ledger-row');
    expect(within(row).getByTestId('ledger-memo')).toHaveTextContent('您 11 月 27 日的银行转账已到账');
    expect(within(row).getByTestId('ledger-internal-note')).toHaveTextContent('工行流水 20261127-0001 张三');
    expect(screen.getAllByRole('columnheader', { name: '会员看到的说明 / 内部备注' }).length).toBeGreaterThan(0);
    expect(within(row).getByText('内部备注')).toBeInTheDocument();
  });
});
