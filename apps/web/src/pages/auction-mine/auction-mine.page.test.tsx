import type { MineLot } from '@antique/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { clearToken, setToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import AuctionMinePage from './auction-mine.page';

const now = Date.now();
const base = {
  cover: '',
  images: [] as string[],
  startPrice: 100_000,
  nextMinimum: 130_000,
  reserveMet: true,
  consigned: false,
  sessionId: null,
  startsAt: now - 3_600_000,
};
const lots: Record<string, MineLot[]> = {
  watching: [
    {
      ...base,
      id: 1,
      title: '明 青花缠枝莲纹碗',
      currentPrice: 100_000,
      bidCount: 0,
      status: 'upcoming',
      startsAt: now + 3_600_000,
      endsAt: now + 7_200_000,
      watching: true,
    },
  ],
  bidding: [
    {
      ...base,
      id: 2,
      title: '清 白玉山子',
      currentPrice: 120_000,
      bidCount: 2,
      status: 'live',
      endsAt: now + 600_000,
      myMaxBid: 150_000,
      leading: true,
      standing: 'leading',
    },
    {
      ...base,
      id: 3,
      title: '宋 建盏',
      currentPrice: 220_000,
      bidCount: 3,
      status: 'live',
      endsAt: now + 900_000,
      myMaxBid: 200_000,
      leading: false,
      standing: 'outbid',
    },
  ],
  won: [
    {
      ...base,
      id: 4,
      title: '民国 紫砂壶',
      currentPrice: 180_000,
      bidCount: 4,
      status: 'sold',
      endsAt: now - 60_000,
      myMaxBid: 250_000,
      leading: true,
      standing: 'won',
      winnerMasked: '138****5678',
    },
  ],
  lost: [
    {
      ...base,
      id: 5,
      title: '清 铜香炉',
      currentPrice: 500_000,
      bidCount: 6,
      status: 'sold',
      endsAt: now - 60_000,
      myMaxBid: 300_000,
      leading: false,
      standing: 'lost',
      winnerMasked: '139****0001',
    },
  ],
};

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const silentStream = () => new Response(new ReadableStream({ start() {} }), { status: 200 });

function serve(answer: Record<string, MineLot[]> = lots) {
  return stubFetch((call) => {
    if (call.url.includes('/auction/stream')) return silentStream();
    if (call.url.includes('/auction/mine')) {
      const tab = new URL(call.url, 'http://x').searchParams.get('tab')!;
      const list = answer[tab] ?? [];
      return ok({ list, total: list.length, page: 1, pageSize: 10, hasMore: false });
    }
    return ok(null);
  });
}

const shown = () =>
  screen
    .getAllByTestId('mine-item')
    .map((item) => [
      Number(item.getAttribute('data-id')),
      within(item).queryByTestId('lot-card-mine')?.getAttribute('data-mine') ?? null,
      within(item).queryByTestId('mine-standing')?.textContent ?? null,
    ]);

beforeEach(() => setToken('member-token'));
afterEach(() => {
  queryClient.clear();
  clearToken();
});

describe('我的竞拍', () => {
  it('opens on 竞拍中 with each lot’s max and standing, and shows each tab’s lots', async () => {
    const { calls } = serve();
    renderPage(<AuctionMinePage />, '/pages/auction-mine/auction-mine');
    await screen.findAllByTestId('mine-item');
    expect(calls.find((c) => c.url.includes('/auction/mine'))!.url).toContain('tab=bidding');
    expect(shown()).toEqual([
      [2, 'leading', '我的最高出价 ¥1,500.00'],
      [3, 'outbid', '我的最高出价 ¥2,000.00'],
    ]);

    await userEvent.click(screen.getByTestId('auction-mine-tab-won'));
    await waitFor(() => expect(shown()).toEqual([[4, 'won', '我的最高出价 ¥2,500.00']]));
    await userEvent.click(screen.getByTestId('auction-mine-tab-lost'));
    await waitFor(() => expect(shown()).toEqual([[5, 'lost', '我的最高出价 ¥3,000.00']]));
    await userEvent.click(screen.getByTestId('auction-mine-tab-watching'));
    await waitFor(() => expect(shown()).toEqual([[1, null, null]]));
    expect(screen.getByTestId('watch-card-heart')).toHaveAttribute('aria-pressed', 'true');
  });

  it('opens a lot when its card is tapped', async () => {
    serve();
    const { router } = renderPage(<AuctionMinePage />, '/pages/auction-mine/auction-mine?tab=won');
    const card = await screen.findByTestId('lot-card');
    await userEvent.click(card);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auction/auction'));
    expect(router.state.location.search).toBe('?id=4');
  });

  it('says a tab is empty and offers the auctions', async () => {
    serve({});
    const { router } = renderPage(<AuctionMinePage />, '/pages/auction-mine/auction-mine?tab=watching');
    expect(await screen.findByText('还没有关注的拍品，点拍品上的♡即可关注')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '去看看拍品' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/auction-list/auction-list'));
  });
});
