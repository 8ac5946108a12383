import type { Lot, LotDetail, Member } from '@antique/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useUserStore } from '../../features/member/user.store';
import { queryClient } from '../../lib/query-client';
import { clearToken, setToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch, type StubbedCall } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import AuctionPage from './auction.page';
import AuctionListPage from '../auction-list/auction-list.page';

const member = {
  id: 7,
  phone: '138****5678',
  nickname: '藏友',
  avatar: '',
  vipLevel: 0,
  inviteCode: 'AB12CD',
  realNameStatus: 'verified',
  hasTradePassword: true,
  balance: 1_000_000,
  frozen: 0,
  createdAt: 0,
} as Member;

const lot: LotDetail = {
  id: 5,
  sessionId: 3,
  title: '清乾隆 粉彩百鹿纹尊',
  cover: '',
  images: [],
  startPrice: 100_000,
  currentPrice: 120_000,
  nextMinimum: 125_000,
  bidCount: 1,
  reserveMet: true,
  startsAt: Date.now() - 60_000,
  endsAt: Date.now() + 3_600_000,
  status: 'live',
  consigned: false,
  description: '',
  era: '',
  material: '',
  dimensions: '',
  provenance: '',
  bids: [],
  watching: false,
  watchers: 4,
};

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const silentStream = () => new Response(new ReadableStream({ start() {} }), { status: 200 });

/** A server whose answer to the watch call is held until the test releases it. */
function serve(answerWatch: (call: StubbedCall) => Response) {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const stub = stubFetch(async (call) => {
    if (call.url.includes('/auction/stream')) return silentStream();
    if (call.url.includes('/member/info')) return ok(member);
    if (call.url.includes('/auction/info')) return ok(lot);
    if (call.url.includes('/auction/list'))
      return ok({ list: [lot as Lot], total: 1, page: 1, pageSize: 10, hasMore: false, sessions: [] });
    if (call.url.endsWith('/auction/watch')) {
      await held;
      return answerWatch(call);
    }
    return ok(null);
  });
  return { ...stub, release };
}

const heart = () => screen.getByTestId('watch-heart');

beforeEach(() => setToken('member-token'));
afterEach(() => {
  queryClient.clear();
  clearToken();
  useUserStore.getState().setUserInfo(null);
});

describe('the heart on a lot', () => {
  it('fills at once, tells the server, and keeps the server’s count', async () => {
    const server = serve(() => ok({ id: 5, watching: true, watchers: 9 }));
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    await screen.findByTestId('watch-heart');
    expect(heart()).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByTestId('watch-count')).toHaveTextContent('4');

    await userEvent.click(heart());
    // Before the server answers.
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    expect(heart()).toHaveTextContent('已关注');
    expect(screen.getByTestId('watch-count')).toHaveTextContent('5');
    const call = server.calls.find((c) => c.url.endsWith('/auction/watch'))!;
    expect(JSON.parse(String(call.init.body))).toEqual({ id: 5, watch: true });

    server.release();
    await waitFor(() => expect(screen.getByTestId('watch-count')).toHaveTextContent('9'));
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
  });

  it('goes back to how it was when the server refuses', async () => {
    const server = serve(() =>
      envelopeResponse(
        { code: 422, msg: '最多同时关注200件未结束的拍品', data: { reason: 'WATCH_LIMIT', limit: 200 } },
        { status: 422 },
      ),
    );
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    await screen.findByTestId('watch-heart');
    await userEvent.click(heart());
    expect(heart()).toHaveAttribute('aria-pressed', 'true');
    server.release();
    await waitFor(() => expect(heart()).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByTestId('watch-count')).toHaveTextContent('4');
  });

  it('sends a guest to sign in, and back to the lot afterwards', async () => {
    const server = serve(() => ok({ id: 5, watching: true, watchers: 5 }));
    clearToken();
    const { router } = renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    await screen.findByTestId('watch-heart');
    window.location.hash = '#/pages/auction/auction?id=5';
    await userEvent.click(heart());
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/login/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/pages/auction/auction?id=5');
    expect(server.calls.some((c) => c.url.endsWith('/auction/watch'))).toBe(false);
  });
});

describe('the heart on a lot’s card', () => {
  it('watches without opening the lot', async () => {
    const server = serve(() => ok({ id: 5, watching: true, watchers: 5 }));
    const { router } = renderPage(<AuctionListPage />, '/pages/auction-list/auction-list');
    const cardHeart = await screen.findByTestId('watch-card-heart');
    expect(cardHeart).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(cardHeart);
    expect(screen.getByTestId('watch-card-heart')).toHaveAttribute('aria-pressed', 'true');
    server.release();
    await waitFor(() => expect(server.calls.some((c) => c.url.endsWith('/auction/watch'))).toBe(true));
    expect(router.state.location.pathname).toBe('/pages/auction-list/auction-list');
    expect(screen.getByTestId('watch-card-heart')).toHaveAttribute('aria-pressed', 'true');
  });
});
