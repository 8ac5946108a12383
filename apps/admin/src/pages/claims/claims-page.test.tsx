import type { AdminClaim, AdminClaimDetail } from '@antique/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/router';
import { saveToken } from '../../lib/token-storage';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';

const at = Date.UTC(2026, 10, 25, 2, 0);
const row: AdminClaim = {
  id: 12,
  holdingId: 41,
  title: '清乾隆 青花缠枝莲纹赏瓶',
  cover: '/files/product/202611/AAAAAAAAAAAAAAAAAAAAAA',
  reason: 'not_as_described',
  text: '底款与图录描述不符，釉面有明显后加彩痕迹。',
  photos: ['/files/claim/202611/BBBBBBBBBBBBBBBBBBBBBB', '/files/claim/202611/CCCCCCCCCCCCCCCCCCCCCC'],
  status: 'pending',
  amount: 120_000,
  decisionReason: null,
  createdAt: at,
  decidedAt: null,
  memberId: 7,
  memberPhone: '139****5678',
  orderId: 30,
  decidedBy: null,
};
const detail: AdminClaimDetail = {
  ...row,
  receivedAt: at - 86_400_000,
  holdingStatus: 'received',
  holdingOwnerId: 7,
  history: [
    { at: at - 5 * 86_400_000, event: 'bought', price: 120_000, ref: 'order:30' },
    { at: at - 3 * 86_400_000, event: 'shipped', ref: 'pick:4' },
    { at: at - 86_400_000, event: 'received', ref: 'pick:4' },
  ],
  order: {
    id: 30,
    orderNo: 'M202611200001',
    source: 'mall',
    goodsAmount: 120_000,
    premium: 0,
    amount: 120_000,
    paidAt: at - 5 * 86_400_000,
  },
};

function setup(role: 'finance' | 'support') {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'caiwu', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/claims') return { data: { list: [row], total: 1, page: 1, pageSize: 10, hasMore: false } };
    if (path === '/v1/admin/claims/12') return { data: detail };
    if (path === '/v1/admin/claims/12/decide')
      return {
        data: {
          ...detail,
          status: 'accepted',
          decisionReason: (call.body as { reason: string }).reason,
          holdingOwnerId: null,
          history: [...detail.history, { at, event: 'claim_returned', price: 120_000, ref: 'claim:12' }],
        },
      };
    return undefined;
  });
}

describe('保障申请', () => {
  it('opens a pending claim with its photos, the piece’s history and the order; finance accepts with a reason', async () => {
    const { calls } = setup('finance');
    renderWithProviders(routes, '/claims');
    const tableRow = await screen.findByTestId('claim-row-12');
    expect(within(tableRow).getByText('清乾隆 青花缠枝莲纹赏瓶')).toBeInTheDocument();
    expect(within(tableRow).getByText('与描述不符')).toBeInTheDocument();
    fireEvent.click(within(tableRow).getByTestId('claim-open-12'));

    const box = await screen.findByTestId('claim-detail');
    expect(within(box).getByTestId('claim-photos').querySelectorAll('img')).toHaveLength(2);
    expect(within(box).getByTestId('claim-history')).toHaveTextContent('商城购入');
    expect(within(box).getByTestId('claim-history')).toHaveTextContent('签收');
    expect(within(box).getByTestId('claim-order')).toHaveTextContent('M202611200001');

    fireEvent.click(within(box).getByTestId('claim-accept'));
    const reason = await screen.findByTestId('claim-decision-reason');
    fireEvent.change(reason, { target: { value: '经鉴定与描述不符' } });
    fireEvent.click(screen.getByRole('button', { name: '确认通过并退款' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url.pathname === '/v1/admin/claims/12/decide')?.body).toEqual({
        accept: true,
        reason: '经鉴定与描述不符',
      }),
    );
    expect(await screen.findByText('已通过，¥1200.00 已退回会员余额')).toBeInTheDocument();
  });

  it('lets support read a claim but not decide it', async () => {
    setup('support');
    renderWithProviders(routes, '/claims');
    fireEvent.click(await screen.findByTestId('claim-open-12'));
    const box = await screen.findByTestId('claim-detail');
    expect(within(box).queryByTestId('claim-accept')).toBeNull();
    expect(box).toHaveTextContent('由财务审核');
  });
});
