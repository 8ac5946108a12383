import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const me = { id: 1, username: 'kefu_wang', role: 'support', disabled: false, createdAt: 0 };
const row = {
  id: 5,
  phone: '138****5678',
  nickname: '藏家老王',
  avatar: '',
  vipLevel: 2,
  inviteCode: 'AB12CD',
  inviterId: null,
  realNameStatus: 'verified',
  realName: '王*',
  frozen: true,
  frozenReason: '会员来电要求冻结',
  balance: 123_456,
  frozenAmount: 5_000,
  createdAt: 0,
  lastLoginAt: null,
};

describe('members page', () => {
  it('lists members with money in yuan and searches by keyword', async () => {
    saveToken('tok');
    const { calls } = fakeApi((call) => {
      if (call.url.pathname === '/v1/admin/me') return { data: me };
      if (call.url.pathname === '/v1/admin/members') {
        const keyword = call.url.searchParams.get('keyword');
        const list = keyword === 'nobody' ? [] : [row];
        return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
      }
      return undefined;
    });
    renderWithProviders(routes, '/members');

    const tableRow = await screen.findByTestId('member-row-5');
    expect(within(tableRow).getByText('¥1,234.56')).toBeInTheDocument();
    expect(within(tableRow).getByText('¥50.00')).toBeInTheDocument();
    expect(within(tableRow).getByText('已冻结')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('member-search'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByTestId('member-search-submit'));

    expect(await screen.findByText('没有找到与「nobody」匹配的会员')).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('keyword')).toBe('nobody');
    expect(calls.at(-1)?.url.searchParams.get('page')).toBe('1');
  });

  it('shows 「无权限」 when the server answers 403', async () => {
    saveToken('tok');
    fakeApi((call) =>
      call.url.pathname === '/v1/admin/me'
        ? { data: me }
        : { code: 403, msg: '没有权限执行此操作', data: { reason: 'FORBIDDEN' } },
    );
    renderWithProviders(routes, '/members');

    const forbidden = await screen.findByTestId('forbidden');
    expect(forbidden).toHaveTextContent('无权限');
    expect(forbidden).toHaveTextContent('没有权限执行此操作');
  });
});
