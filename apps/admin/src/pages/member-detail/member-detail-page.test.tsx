import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
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

function openAs(role: OperatorRole) {
  saveToken('tok');
  return fakeApi((call) => {
    if (call.url.pathname === '/v1/admin/me') {
      return { data: { id: 3, username: `${role}_li`, role, disabled: false, createdAt: 0 } };
    }
    if (call.url.pathname === '/v1/admin/members/5') return { data: member };
    if (call.url.pathname === '/v1/admin/ledger') {
      return { data: { list: [], total: 0, page: 1, pageSize: 10, hasMore: false } };
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
});
