import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { AdminLotDetail } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const HASH = 'a'.repeat(64);

function lotOf(over: Partial<AdminLotDetail> = {}): AdminLotDetail {
  const now = Date.now();
  return {
    id: 21,
    sessionId: null,
    title: '清乾隆 青花缠枝莲纹梅瓶',
    cover: '/files/product/a',
    images: ['/files/product/a'],
    startPrice: 1_000_000,
    currentPrice: 1_100_000,
    nextMinimum: 1_150_000,
    bidCount: 2,
    reserveMet: true,
    startsAt: now - 3_600_000,
    endsAt: now + 3_600_000,
    plannedEnd: now + 3_600_000,
    status: 'live',
    consigned: false,
    reservePrice: null,
    holdingId: 90,
    consignorId: null,
    delegationId: null,
    winnerId: null,
    orderId: null,
    leaderMaxBid: 2_000_000,
    closedAt: null,
    description: '',
    era: '清',
    material: '瓷',
    dimensions: '',
    provenance: '',
    bids: [
      {
        id: 702,
        seq: 2,
        bidder: '138****0004',
        amount: 1_100_000,
        maxBid: 2_000_000,
        at: now - 60_000,
        prevHash: HASH,
        hash: 'b'.repeat(64),
        memberId: 4,
        memberPhone: '13800000004',
      },
      {
        id: 701,
        seq: 1,
        bidder: '138****0003',
        amount: 1_000_000,
        maxBid: 1_050_000,
        at: now - 120_000,
        prevHash: '0'.repeat(64),
        hash: HASH,
        memberId: 3,
        memberPhone: '13800000003',
      },
    ],
    ...over,
  };
}

function setup(initial: AdminLotDetail) {
  saveToken('tok');
  let lot = initial;
  const api = fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 2, username: 'y', role: 'operator', disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/lots/21' && call.method === 'GET') return { data: lot };
    if (path === '/v1/admin/lots/21/withdraw') {
      lot = {
        ...lot,
        status: 'withdrawn',
        closedAt: Date.now(),
        withdrawn: { at: Date.now(), reason: (call.body as { reason: string }).reason },
      };
      return { data: lot };
    }
    if (path === '/v1/admin/lots/21/bids/702/void') {
      lot = {
        ...lot,
        currentPrice: 1_000_000,
        bidCount: 1,
        bids: lot.bids.map((b) =>
          b.id === 702 ? { ...b, voided: { at: Date.now(), reason: (call.body as { reason: string }).reason } } : b,
        ),
      };
      return { data: lot };
    }
    return undefined;
  });
  return api;
}

const posts = (api: ReturnType<typeof setup>) => api.calls.filter((c) => c.method === 'POST');

describe('the lot monitor’s own hand', { timeout: 120_000 }, () => {
  it('withdraws a live lot only with a reason and after a confirmation', async () => {
    const api = setup(lotOf());
    renderWithProviders(routes, '/lots/21');
    fireEvent.click(await screen.findByTestId('lot-withdraw', {}, { timeout: 45_000 }));
    fireEvent.click(await screen.findByTestId('lot-withdraw-submit'));
    expect(await screen.findByText('请填写原因，会员将看到此原因')).toBeInTheDocument();
    expect(posts(api)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('lot-withdraw-reason'), { target: { value: '藏品来源待核实' } });
    fireEvent.click(screen.getByTestId('lot-withdraw-submit'));
    // The confirmation says what happens; only then is the lot withdrawn.
    expect((await screen.findAllByText('确认撤拍 #21？')).length).toBeGreaterThan(0);
    expect(posts(api)).toHaveLength(0);
    fireEvent.click(await screen.findByTestId('lot-withdraw-confirm'));
    expect(await screen.findByText('拍品 #21 已撤拍', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(posts(api).map((c) => [c.url.pathname, c.body])).toEqual([
      ['/v1/admin/lots/21/withdraw', { reason: '藏品来源待核实' }],
    ]);
    expect(await screen.findByTestId('lot-outcome', {}, { timeout: 10_000 })).toHaveTextContent(
      '已撤拍：藏品来源待核实',
    );
    // A withdrawn lot offers neither action again.
    expect(screen.queryByTestId('lot-withdraw')).not.toBeInTheDocument();
    expect(screen.queryByTestId('bid-void-1')).not.toBeInTheDocument();
  });

  it('voids one bid with a reason after a confirmation, then shows it struck out with the reason', async () => {
    const api = setup(lotOf());
    renderWithProviders(routes, '/lots/21');
    fireEvent.click(await screen.findByTestId('bid-void-2', {}, { timeout: 45_000 }));
    expect(
      await screen.findByText(/会员 #4（13800000004）· 出价 ¥11,000.00 · 最高出价 ¥20,000.00/),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByText('账号已封禁（违规出价）'));
    fireEvent.click(screen.getByTestId('bid-void-submit'));
    expect((await screen.findAllByText('确认作废第 2 条出价？')).length).toBeGreaterThan(0);
    fireEvent.click(screen.getByTestId('bid-void-confirm'));
    expect(
      await screen.findByText('第 2 条出价已作废，当前价 ¥10,000.00', {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(posts(api).map((c) => [c.url.pathname, c.body])).toEqual([
      ['/v1/admin/lots/21/bids/702/void', { reason: '账号已封禁（违规出价）' }],
    ]);
    const row = await screen.findByTestId('bid-row-2');
    expect(await within(row).findByTestId('bid-voided-2')).toHaveTextContent('已作废：账号已封禁（违规出价）');
    expect(within(row).queryByTestId('bid-void-2')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('bid-row-1')).getByTestId('bid-void-1')).toBeInTheDocument();
  });
});
