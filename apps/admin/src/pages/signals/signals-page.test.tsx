import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LotSignals, OperatorRole, SignalQueueItem } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const ring: LotSignals = {
  lotId: 31,
  title: '明 青花鱼藻纹碗',
  lotStatus: 'sold',
  consignorId: 5,
  currentPrice: 7_200_000,
  score: 0.91,
  reasons: [
    {
      code: 'hammer_above_comparables',
      weight: 0.4,
      detail: '价格 ¥72,000.00 为本行 3 件同类成交中位数 ¥16,000.00 的 4.5 倍',
    },
  ],
  bidders: [
    {
      memberId: 7,
      memberPhone: '139****0007',
      nickname: '藏家0007',
      bids: 3,
      score: 0.85,
      reasons: [
        { code: 'consignor_inviter', weight: 0.35, detail: '由委托人（会员 5）邀请注册' },
        { code: 'consignor_device', weight: 0.35, detail: '与委托人使用同一网络和设备（IP 203.0.113.7）' },
      ],
    },
    { memberId: 9, memberPhone: '139****0009', nickname: '藏家0009', bids: 1, score: 0, reasons: [] },
  ],
  reviewStatus: 'open',
  reviewNote: null,
  reviewedBy: null,
  computedAt: Date.now(),
};
const honest: SignalQueueItem = {
  ...ring,
  lotId: 32,
  title: '清 白玉带钩',
  consignorId: null,
  score: 0,
  reasons: [],
  topBidder: { memberId: 11, memberPhone: '139****0011', nickname: '藏家0011', bids: 2, score: 0, reasons: [] },
};

function setup(role: OperatorRole = 'operator') {
  saveToken('tok');
  let current = ring;
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'y', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/signals') {
      const { bidders: _b, ...rest } = current;
      const top = current.bidders[0]!;
      const list = [
        {
          ...rest,
          topBidder: top,
        },
        honest,
      ];
      return { data: { list, total: 2, page: 1, pageSize: 20, hasMore: false } };
    }
    if (path === '/v1/admin/lots/31/signals') return { data: current };
    if (path === '/v1/admin/lots/31/signals/review') {
      const body = call.body as { status: 'cleared' | 'escalated'; note: string };
      current = { ...current, reviewStatus: body.status, reviewNote: body.note, reviewedBy: 2 };
      return { data: current };
    }
    return undefined;
  });
}

describe('竞拍风控', { timeout: 120_000 }, () => {
  it('lists lots by score with their top reasons, and opens one with each bidder’s reasons and links', async () => {
    setup();
    renderWithProviders(routes, '/signals');
    const row = await screen.findByTestId('signal-row-31', {}, { timeout: 45_000 });
    expect(within(row).getByText('#31 明 青花鱼藻纹碗')).toBeInTheDocument();
    expect(within(row).getByText('价格远高于本行同类成交')).toBeInTheDocument();
    expect(within(row).getByText('与委托人存在邀请关系')).toBeInTheDocument();
    expect(within(row).getByText(/最高风险出价人 #7（139\*\*\*\*0007）0.85/)).toBeInTheDocument();
    expect(within(row).getByText('待复核')).toBeInTheDocument();
    expect(within(screen.getByTestId('signal-row-32')).getByText('平台自有')).toBeInTheDocument();
    expect(screen.getByTestId('nav-signals')).toBeInTheDocument();

    fireEvent.click(within(row).getByTestId('signal-open-31'));
    const bidder = await screen.findByTestId('bidder-row-7');
    expect(within(bidder).getByText('与委托人存在邀请关系')).toBeInTheDocument();
    expect(within(bidder).getByText('与委托人使用同一网络和设备（IP 203.0.113.7）')).toBeInTheDocument();
    expect(within(screen.getByTestId('bidder-row-9')).getByText('无')).toBeInTheDocument();
    expect(screen.getByTestId('signal-lot-monitor')).toHaveAttribute('href', '/lots/31');
    expect(screen.getByTestId('lot-signal-score')).toHaveTextContent('0.91');
  });

  it('escalates with a note, which it asks for first', async () => {
    const api = setup();
    renderWithProviders(routes, '/signals/31');
    fireEvent.click(await screen.findByTestId('signal-escalate', {}, { timeout: 45_000 }));
    fireEvent.click(await screen.findByTestId('signal-review-submit'));
    expect(await screen.findByText('请填写复核说明')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('signal-review-note'), { target: { value: '关联账号抬价，移交风控' } });
    fireEvent.click(screen.getByTestId('signal-review-submit'));
    await waitFor(() => expect(screen.getByTestId('signal-review-status')).toHaveTextContent('已上报'));
    expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({
      status: 'escalated',
      note: '关联账号抬价，移交风控',
    });
    expect(screen.getAllByText('关联账号抬价，移交风控').length).toBeGreaterThan(0);
  });

  it('is not in finance’s menu', async () => {
    setup('finance');
    renderWithProviders(routes, '/withdrawals');
    await screen.findByTestId('nav-withdrawals', {}, { timeout: 45_000 });
    expect(screen.queryByTestId('nav-signals')).not.toBeInTheDocument();
  });
});
