import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { type AdminLotDetail, GENESIS_HASH, bytesToHex, chainBid } from '@antique/shared';
import type { OperatorRole } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const sha256 = async (text: string) =>
  bytesToHex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));

/** A lot's bids chained the way the server chains them, newest first. */
async function chained(lotId: number, bids: { memberId: number; amount: number; at: number }[]) {
  const out: AdminLotDetail['bids'] = [];
  let previous: { hash: string } | null = null;
  for (const [i, b] of bids.entries()) {
    const bidder = `138****000${b.memberId}`;
    const bid = await chainBid(lotId, previous, { seq: i + 1, bidderId: bidder, amount: b.amount, at: b.at }, sha256);
    out.unshift({
      seq: bid.seq,
      bidder,
      amount: bid.amount,
      at: bid.at,
      prevHash: bid.prevHash,
      hash: bid.hash,
      memberId: b.memberId,
      memberPhone: `1380000000${b.memberId}`,
    });
    previous = bid;
  }
  return out;
}

function lotOf(over: Partial<AdminLotDetail>): AdminLotDetail {
  const now = Date.now();
  return {
    id: 21,
    sessionId: 3,
    title: '清乾隆 青花缠枝莲纹梅瓶',
    cover: '/files/product/a',
    images: ['/files/product/a', '/files/product/b'],
    startPrice: 1_000_000,
    currentPrice: 1_010_000,
    nextMinimum: 1_060_000,
    bidCount: 2,
    reserveMet: false,
    startsAt: now - 3_600_000,
    endsAt: now + 90_000,
    plannedEnd: now + 30_000,
    status: 'live',
    consigned: true,
    reservePrice: 2_000_000,
    holdingId: 90,
    consignorId: 5,
    delegationId: 8,
    winnerId: null,
    orderId: null,
    leaderMaxBid: 1_500_000,
    closedAt: null,
    description: '器型端庄',
    era: '清乾隆',
    material: '瓷',
    dimensions: '高 32 cm',
    provenance: '香港佳士得 2012 年秋拍',
    bids: [],
    ...over,
  };
}

/** Answers the lot with `answers[step]`; `next()` moves to the following answer for the next read. */
function setup(role: OperatorRole, answers: AdminLotDetail[]) {
  saveToken('tok');
  let step = 0;
  const api = fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: { id: 2, username: 'y', role, disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/lots/21') return { data: answers[Math.min(step, answers.length - 1)] };
    if (path === '/v1/admin/lots/99') return { code: 404, msg: '拍品不存在', data: { reason: 'NOT_FOUND' } };
    return undefined;
  });
  return {
    ...api,
    next: () => {
      step += 1;
    },
    reads: () => api.calls.filter((c) => c.url.pathname === '/v1/admin/lots/21').length,
  };
}

describe('lot monitor', () => {
  it('shows price, the leader’s max, bids with members and hashes, and follows a new bid and the extension', async () => {
    const t = Date.now() - 60_000;
    const two = await chained(21, [
      { memberId: 3, amount: 1_000_000, at: t },
      { memberId: 4, amount: 1_010_000, at: t + 1_000 },
    ]);
    const three = await chained(21, [
      { memberId: 3, amount: 1_000_000, at: t },
      { memberId: 4, amount: 1_010_000, at: t + 1_000 },
      { memberId: 3, amount: 1_510_000, at: t + 2_000 },
    ]);
    const first = lotOf({ bids: two });
    const later = lotOf({
      bids: three,
      bidCount: 3,
      currentPrice: 1_510_000,
      leaderMaxBid: 2_100_000,
      reserveMet: true,
      endsAt: first.endsAt + 60_000,
      // The same lot: its planned end does not move (a second lotOf reads the clock again).
      plannedEnd: first.plannedEnd,
    });
    const api = setup('operator', [first, later]);
    renderWithProviders(routes, '/lots/21');

    expect(await screen.findByTestId('lot-current-price')).toHaveTextContent('¥10,100.00');
    expect(screen.getByTestId('lot-leader-max')).toHaveTextContent('¥15,000.00');
    expect(screen.getByTestId('lot-bid-count')).toHaveTextContent('2');
    expect(screen.getByTestId('lot-reserve')).toHaveTextContent('未达保留价');
    // The lot ends 90 s after it was made; the clock counts down from there (a loaded machine may take a while to render).
    expect(screen.getByTestId('lot-clock')).toHaveTextContent(/距结束00:0[01]:\d\d/);
    expect(screen.getByTestId('lot-extended')).toHaveTextContent('已延时 00:01:00');
    expect(screen.getByTestId('lot-polling')).toHaveTextContent('每 2 秒自动刷新');
    // The piece's provenance comes with it from the product.
    expect(screen.getByText('香港佳士得 2012 年秋拍')).toBeInTheDocument();
    const bid = screen.getByTestId('bid-row-2');
    expect(within(bid).getByText('#4')).toBeInTheDocument();
    expect(within(bid).getByText('13800000004')).toBeInTheDocument();
    expect(within(bid).getByText('¥10,100.00')).toBeInTheDocument();
    expect(within(bid).getByText(`${two[0]?.hash.slice(0, 12)}…`)).toBeInTheDocument();
    expect(within(screen.getByTestId('bid-row-1')).getByText(`← ${GENESIS_HASH.slice(0, 12)}…`)).toBeInTheDocument();
    expect(await screen.findByTestId('lot-chain')).toHaveTextContent('哈希链校验通过（2 条）');

    // The next read, two seconds on, brings the third bid and the soft-close extension.
    const readsBefore = api.reads();
    api.next();
    await waitFor(() => expect(api.reads()).toBeGreaterThan(readsBefore), { timeout: 6_000 });
    expect(await screen.findByTestId('bid-row-3', {}, { timeout: 6_000 })).toHaveTextContent('¥15,100.00');
    expect(screen.getByTestId('lot-current-price')).toHaveTextContent('¥15,100.00');
    expect(screen.getByTestId('lot-leader-max')).toHaveTextContent('¥21,000.00');
    expect(screen.getByTestId('lot-reserve')).toHaveTextContent('已达保留价');
    expect(screen.getByTestId('lot-clock')).toHaveTextContent(/距结束00:0[12]:\d\d/);
    expect(screen.getByTestId('lot-extended')).toHaveTextContent('已延时 00:02:00');
    await waitFor(() => expect(screen.getByTestId('lot-chain')).toHaveTextContent('哈希链校验通过（3 条）'));
  });

  it('flags a history whose hashes do not chain', async () => {
    const t = Date.now() - 60_000;
    const bids = await chained(21, [
      { memberId: 3, amount: 1_000_000, at: t },
      { memberId: 4, amount: 1_010_000, at: t + 1_000 },
    ]);
    const tampered = bids.map((b) => (b.seq === 1 ? { ...b, amount: 900_000 } : b));
    setup('operator', [lotOf({ bids: tampered, status: 'upcoming' })]);
    renderWithProviders(routes, '/lots/21');

    expect(await screen.findByTestId('lot-chain')).toHaveTextContent('哈希链校验失败：第 1 条哈希与内容不符');
  });

  it('names the winner and links the auction order once sold', async () => {
    setup('admin', [
      lotOf({
        status: 'sold',
        winnerId: 4,
        winnerMasked: '138****0004',
        orderId: 77,
        reserveMet: true,
        closedAt: Date.now(),
        description: '<p>器型端庄</p><img src="x" onerror="alert(1)"><script>alert(2)</script>',
      }),
    ]);
    renderWithProviders(routes, '/lots/21');

    const outcome = await screen.findByTestId('lot-outcome');
    expect(outcome).toHaveTextContent('已成交');
    expect(within(outcome).getByRole('link', { name: '#4' })).toHaveAttribute('href', '/members/4');
    expect(within(outcome).getByTestId('lot-order-link')).toHaveAttribute('href', '/orders?open=77');
    expect(screen.queryByTestId('lot-polling')).not.toBeInTheDocument();
    const description = screen.getByTestId('lot-description');
    expect(within(description).getByText('器型端庄').tagName).toBe('P');
    expect(description.innerHTML).not.toContain('script');
    expect(description.innerHTML).not.toContain('onerror');
  });

  it('shows the server’s answer for a lot that is not there', async () => {
    setup('operator', []);
    renderWithProviders(routes, '/lots/99');

    expect(await screen.findByText('拍品不存在')).toBeInTheDocument();
    expect(screen.getByText('未找到')).toBeInTheDocument();
  });
});
