import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { OperatorRole, RealNameReviewRow } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const pending: RealNameReviewRow = {
  memberId: 7,
  phone: '138****5678',
  realName: '欧**娜',
  idNumber: '1101**********002X',
  frontImage: '/files/idcard/f?expires=1&sig=a',
  backImage: '/files/idcard/b?expires=1&sig=b',
  status: 'pending',
  reason: null,
  submittedAt: 1_700_000_000_000,
  reviewedAt: null,
};

function openAs(role: OperatorRole, reveal?: { code: number; msg: string; data: unknown }) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 3, username: `${role}_li`, role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/realname')
      return { data: { list: [pending], total: 1, page: 1, pageSize: 10, hasMore: false } };
    if (path === '/v1/admin/realname/7/reveal' && call.method === 'POST')
      return reveal ?? { data: { realName: '欧阳娜娜', idNumber: '11010519491231002X' } };
    if (path === '/v1/admin/realname/7/review' && call.method === 'POST')
      return { data: { ...pending, status: 'verified', reviewedAt: 1_700_000_100_000 } };
    return undefined;
  });
}

const reveals = (calls: { url: URL; method: string }[]) =>
  calls.filter((c) => c.method === 'POST' && c.url.pathname.endsWith('/reveal'));

describe('real-name review', () => {
  it('shows the name and ID number masked, and in full beside the photos once the reviewer asks', async () => {
    const { calls } = openAs('support');
    renderWithProviders(routes, '/realname');

    const row = await screen.findByTestId('realname-row-7');
    expect(within(row).getByText('欧**娜')).toBeInTheDocument();
    expect(within(row).getByText('1101**********002X')).toBeInTheDocument();
    expect(within(row).getByAltText('138****5678 身份证人像面')).toBeInTheDocument();
    expect(within(row).getByAltText('138****5678 身份证国徽面')).toBeInTheDocument();
    // Nothing is revealed (or audited) until asked.
    expect(reveals(calls)).toHaveLength(0);

    fireEvent.click(within(row).getByTestId('realname-approve-7'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByAltText('138****5678 身份证人像面')).toBeInTheDocument();
    const panel = within(dialog).getByTestId('realname-identity-7');
    expect(within(panel).getByText('欧**娜')).toBeInTheDocument();
    fireEvent.click(within(panel).getByTestId('realname-reveal-7'));

    expect(await within(panel).findByText('欧阳娜娜')).toBeInTheDocument();
    expect(within(panel).getByText('110105 19491231 002X')).toBeInTheDocument();
    expect(within(panel).getByText('出生 1949-12-31 · 女')).toBeInTheDocument();
    expect(within(panel).getByText('已显示完整信息（本次查看已记入操作日志）')).toBeInTheDocument();
    expect(within(panel).queryByTestId('realname-reveal-7')).not.toBeInTheDocument();
    // The queue's row shows the same answer: one reveal, not two.
    expect(within(row).getByText('欧阳娜娜')).toBeInTheDocument();
    expect(reveals(calls)).toHaveLength(1);

    fireEvent.click(within(dialog).getByTestId('realname-approve-confirm'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.url.pathname === '/v1/admin/realname/7/review')).toBe(true),
    );
    expect(reveals(calls)).toHaveLength(1);
  });

  it('reveals in the queue’s row too', async () => {
    const { calls } = openAs('admin');
    renderWithProviders(routes, '/realname');

    const row = await screen.findByTestId('realname-row-7');
    fireEvent.click(within(row).getByTestId('realname-reveal-7'));
    expect(await within(row).findByText('欧阳娜娜')).toBeInTheDocument();
    expect(within(row).getByText('110105 19491231 002X')).toBeInTheDocument();
    expect(reveals(calls)[0]?.url.pathname).toBe('/v1/admin/realname/7/reveal');
  });

  it('says why when the server refuses, and keeps the values masked', async () => {
    openAs('support', { code: 404, msg: '记录不存在', data: { reason: 'NOT_FOUND' } });
    renderWithProviders(routes, '/realname');

    const row = await screen.findByTestId('realname-row-7');
    fireEvent.click(within(row).getByTestId('realname-reveal-7'));
    expect(await within(row).findByTestId('realname-reveal-error-7')).toHaveTextContent('记录不存在');
    expect(within(row).getByText('欧**娜')).toBeInTheDocument();
  });
});
