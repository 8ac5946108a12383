import type { Lot, SessionPage } from '@antique/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { clearToken, setToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import AuctionSessionPage from './auction-session.page';

const now = Date.now();
const lotOf = (id: number, over: Partial<Lot>): Lot => ({
  id,
  sessionId: 9,
  title: `拍品 ${id}`,
  cover: '',
  images: [],
  startPrice: 100_000,
  currentPrice: 100_000,
  nextMinimum: 105_000,
  bidCount: 0,
  reserveMet: true,
  consigned: false,
  startsAt: now - 3_600_000,
  endsAt: now + 600_000,
  status: 'live',
  ...over,
});

const session = {
  id: 9,
  title: '秋季瓷器专场',
  cover: '',
  startsAt: now - 3_600_000,
  staggerSeconds: 60,
  endsAt: now + 1_200_000,
  ended: false,
  lotCount: 3,
  openCount: 2,
  soldCount: 1,
  unsoldCount: 0,
  totalHammer: 180_000,
};

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const silentStream = () => new Response(new ReadableStream({ start() {} }), { status: 200 });

function serve(page: SessionPage | null) {
  return stubFetch((call) => {
    if (call.url.includes('/auction/stream')) return silentStream();
    if (call.url.includes('/auction/session'))
      return page
        ? ok(page)
        : envelopeResponse({ code: 404, msg: '内容不存在', data: { reason: 'NOT_FOUND' } }, { status: 404 });
    return ok(null);
  });
}

const cards = () =>
  screen
    .getAllByTestId('lot-card')
    .map((card) => [Number(card.getAttribute('data-id')), card.getAttribute('data-status')]);

beforeEach(() => setToken('member-token'));
afterEach(() => {
  queryClient.clear();
  clearToken();
});

describe('a session’s page', () => {
  it('shows a running session’s lots in order of ending with their countdowns, and its figures', async () => {
    const { calls } = serve({
      session,
      list: [
        lotOf(1, { endsAt: now + 600_000 }),
        lotOf(2, { endsAt: now + 1_200_000 }),
        lotOf(3, {
          status: 'sold',
          endsAt: now - 60_000,
          currentPrice: 180_000,
          bidCount: 3,
          winnerMasked: '138****0001',
        }),
      ],
      total: 3,
      page: 1,
      pageSize: 50,
      hasMore: false,
    });
    renderPage(<AuctionSessionPage />, '/pages/auction-session/auction-session?id=9');
    expect(await screen.findByTestId('session-title')).toHaveTextContent('秋季瓷器专场');
    expect(calls.find((c) => c.url.includes('/auction/session'))!.url).toContain('id=9');
    await waitFor(() =>
      expect(cards()).toEqual([
        [1, 'live'],
        [2, 'live'],
        [3, 'sold'],
      ]),
    );
    expect(screen.getByTestId('session-state')).toHaveTextContent('2 件未结束');
    expect(screen.getByText('拍品依次截拍，每件间隔 60 秒')).toBeInTheDocument();
    const countdowns = screen.getAllByTestId('lot-card-countdown');
    expect(countdowns[0]).toHaveTextContent('距结束');
    expect(screen.getByTestId('session-total')).toHaveAttribute('data-fen', '180000');
    // A heart on each running lot, none on the sold one.
    expect(screen.getAllByTestId('watch-card-heart')).toHaveLength(2);
  });

  it('shows an ended session’s results: each lot’s hammer or 流拍', async () => {
    serve({
      session: { ...session, ended: true, openCount: 0, soldCount: 1, unsoldCount: 1, endsAt: now - 60_000 },
      list: [
        lotOf(1, {
          status: 'sold',
          endsAt: now - 120_000,
          currentPrice: 180_000,
          bidCount: 3,
          winnerMasked: '138****0001',
        }),
        lotOf(2, { status: 'unsold', endsAt: now - 60_000 }),
      ],
      total: 2,
      page: 1,
      pageSize: 50,
      hasMore: false,
    });
    renderPage(<AuctionSessionPage />, '/pages/auction-session/auction-session?id=9');
    expect(await screen.findByTestId('session-state')).toHaveTextContent('专场已结束');
    await waitFor(() =>
      expect(cards()).toEqual([
        [1, 'sold'],
        [2, 'unsold'],
      ]),
    );
    const [sold, unsold] = screen.getAllByTestId('lot-card');
    expect(within(sold!).getByText('成交价')).toBeInTheDocument();
    expect(within(sold!).getByTestId('lot-card-price')).toHaveAttribute('data-fen', '180000');
    expect(within(unsold!).getByText('流拍')).toBeInTheDocument();
    expect(screen.getByTestId('session-sold')).toHaveTextContent('1');
    expect(screen.getByTestId('session-unsold')).toHaveTextContent('1');
    // Closed lots nobody watched cannot be watched any more: no heart on them.
    expect(screen.queryByTestId('watch-card-heart')).toBeNull();
  });

  it('says so when the session does not exist', async () => {
    serve(null);
    renderPage(<AuctionSessionPage />, '/pages/auction-session/auction-session?id=404');
    expect(await screen.findByTestId('session-not-found')).toBeInTheDocument();
  });
});
