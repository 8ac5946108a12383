import type { Lot } from '@antique/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useClockStore } from '../../lib/clock.store';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import { FIRST_PAINT_LOTS, HOME_LOTS, HomeLots, refetchHomeLots } from './home-lots';

const NOW = Date.now();
const lot = (id: number, status: 'live' | 'upcoming'): Lot => ({
  id,
  sessionId: 1,
  title: `拍品 ${id}`,
  cover: '',
  images: [],
  startPrice: 100_000,
  currentPrice: 100_000,
  nextMinimum: 105_000,
  bidCount: 0,
  reserveMet: false,
  startsAt: status === 'live' ? NOW - 60_000 : NOW + 3 * 3_600_000,
  endsAt: status === 'live' ? NOW + 30 * 60_000 : NOW + 4 * 3_600_000,
  status,
  consigned: false,
});

const page = (list: Lot[]) =>
  envelopeResponse({ code: 200, msg: 'ok', data: { list, total: list.length, page: 1, pageSize: 8, sessions: [] } });
const silentStream = () => new Response(new ReadableStream({ start() {} }), { status: 200 });

afterEach(() => {
  queryClient.clear();
  useClockStore.setState({ now: Date.now() });
});

describe('the home page’s lot shelves', () => {
  it('hold their place with skeletons of the cards’ own rows while both load', () => {
    stubFetch(() => new Promise<Response>(() => undefined) as unknown as Response);
    const { container } = renderPage(<HomeLots />, '/pages/index/index');
    expect(screen.getByTestId('home-lots-live')).toBeInTheDocument();
    expect(screen.getByTestId('home-lots-upcoming')).toBeInTheDocument();
    const skeletons = container.querySelectorAll('.home-lot-skeleton');
    expect(skeletons).toHaveLength(6);
    for (const row of ['.home-lot-cover', '.home-lot-title', '.home-lot-price', '.lot-countdown'])
      expect(skeletons[0]!.querySelector(row)).not.toBeNull();
  });

  it('show the lots with a minute-level countdown far from the moment, seconds in the last hour', async () => {
    useClockStore.setState({ now: NOW });
    stubFetch(({ url }) => {
      if (url.includes('/auction/stream')) return silentStream();
      return page(url.includes('status=live') ? [lot(1, 'live')] : [lot(2, 'upcoming')]);
    });
    renderPage(<HomeLots />, '/pages/index/index');
    const live = within(await screen.findByTestId('home-lots-live'));
    const upcoming = within(await screen.findByTestId('home-lots-upcoming'));
    expect(await live.findByText('拍卖中')).toHaveClass('lot-badge-live');
    expect(live.getByRole('timer')).toHaveTextContent(/^距结束 30:00$/);
    expect(await upcoming.findByRole('timer')).toHaveTextContent('距开拍 3小时');
  });

  it('render the cards a screen shows first, the rest the frame after', async () => {
    useClockStore.setState({ now: NOW });
    stubFetch(({ url }) => {
      if (url.includes('/auction/stream')) return silentStream();
      const status = url.includes('status=live') ? 'live' : 'upcoming';
      return page(Array.from({ length: 8 }, (_, index) => lot(index + (status === 'live' ? 1 : 11), status)));
    });
    renderPage(<HomeLots />, '/pages/index/index');
    const live = within(await screen.findByTestId('home-lots-live'));
    await live.findAllByTestId('home-lot');
    await waitFor(() => expect(live.getAllByTestId('home-lot')).toHaveLength(HOME_LOTS));
    expect(FIRST_PAINT_LOTS).toBeLessThan(HOME_LOTS);
  });

  it('refresh both shelves for the page’s pull to refresh', async () => {
    const { calls } = stubFetch(({ url }) => {
      if (url.includes('/auction/stream')) return silentStream();
      return page(url.includes('status=live') ? [lot(1, 'live')] : [lot(2, 'upcoming')]);
    });
    renderPage(<HomeLots />, '/pages/index/index');
    await screen.findAllByTestId('home-lot');
    const lists = () => calls.filter((call) => call.url.includes('/auction/list')).map((call) => call.url);
    const before = lists().length;
    await refetchHomeLots(queryClient);
    const again = lists().slice(before);
    expect(again).toHaveLength(2);
    expect(again.some((url) => url.includes('status=live'))).toBe(true);
    expect(again.some((url) => url.includes('status=upcoming'))).toBe(true);
  });
});
