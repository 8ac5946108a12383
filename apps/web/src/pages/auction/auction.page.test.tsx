import type { LotDetail, Member } from '@antique/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useMessageBoxStore } from '../../components/message-box/message-box.store';
import { LiveNotices } from '../../features/auctions/live-notices';
import { useUserStore } from '../../features/member/user.store';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch, type StubbedCall } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import AuctionPage from './auction.page';

const member: Member = {
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
  sessionId: 1,
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
  era: '清乾隆',
  material: '瓷',
  dimensions: '',
  bids: [],
};

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const fail = (code: number, reason: string, extra: object = {}) =>
  envelopeResponse({ code, msg: '出错了', data: { reason, ...extra } }, { status: code });
// The live stream stays open and silent in these tests.
const silentStream = () => new Response(new ReadableStream({ start() {} }), { status: 200 });

function serve(match: (call: StubbedCall) => Response, options: { who?: Member; shown?: LotDetail } = {}) {
  return stubFetch((call) => {
    if (call.url.includes('/auction/stream')) return silentStream();
    if (call.url.includes('/member/info')) return ok(options.who ?? member);
    if (call.url.includes('/auction/info')) return ok(options.shown ?? lot);
    return match(call);
  });
}

async function openSheetAndBid(yuan: string, password = '246810') {
  // antd-mobile's popups animate in; jsdom never finishes the animation that lets pointers through.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  // With the app's live notices, as AppLayout renders them: the page's lot rides their stream.
  renderPage(
    <>
      <AuctionPage />
      <LiveNotices />
    </>,
    '/pages/auction/auction?id=5',
  );
  await screen.findByTestId('lot-bid-button');
  await waitFor(() => expect(useUserStore.getState().userInfo).not.toBeNull());
  await user.click(screen.getByTestId('lot-bid-button'));
  const input = await screen.findByTestId('bid-sheet-input');
  await user.clear(input);
  await user.type(input, yuan);
  await user.click(screen.getByTestId('bid-sheet-confirm'));
  await screen.findByTestId('password-popup');
  await user.keyboard(password);
  return user;
}

afterEach(() => {
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
  useMessageBoxStore.getState().close(false);
});

describe('bidding on a lot', () => {
  it('sends the max bid with the trade password and an Idempotency-Key', async () => {
    const { calls } = serve(() => ok({ ...lot, currentPrice: 125_000, bidCount: 2, myMaxBid: 150_000, leading: true }));
    await openSheetAndBid('1500');
    await waitFor(() => expect(calls.some((call) => call.url.endsWith('/auction/match'))).toBe(true));
    const match = calls.find((call) => call.url.endsWith('/auction/match'))!;
    expect(JSON.parse(String(match.init.body))).toEqual({ id: 5, maxBid: 150_000, tradePassword: '246810' });
    expect((match.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(calls.some((call) => call.url.includes('/auction/stream'))).toBe(true));
    const stream = calls.find((call) => call.url.includes('/auction/stream'))!;
    expect(stream.url).toBe('/v1/iyd/auction/stream?ids=5');
  });

  it('says a bid that came too late for the minimum with the new minimum, and offers to bid again from it', async () => {
    let refused = false;
    stubFetch((call) => {
      if (call.url.includes('/auction/stream')) return silentStream();
      if (call.url.includes('/member/info')) return ok(member);
      // Someone else's bid raised the minimum: the lot says so once read again.
      if (call.url.includes('/auction/info')) return ok(refused ? { ...lot, nextMinimum: 130_000 } : lot);
      refused = true;
      return fail(422, 'BID_TOO_LOW', { nextMinimum: 130_000 });
    });
    await openSheetAndBid('1250');
    await waitFor(() =>
      expect(useMessageBoxStore.getState().options.msg).toBe('已有更高的出价，当前最低出价为 ¥1,300.00'),
    );
    expect(useMessageBoxStore.getState().options.confirmText).toBe('重新出价');
    useMessageBoxStore.getState().close(true);
    expect(await screen.findByTestId('bid-sheet-minimum')).toHaveTextContent('¥1,300.00');
  });

  it('offers the real-name page when the server asks for it', async () => {
    serve(() => fail(403, 'REAL_NAME_REQUIRED'));
    await openSheetAndBid('1250');
    await waitFor(() => expect(useMessageBoxStore.getState().options.msg).toBe('参与竞拍需要先完成实名认证'));
    expect(useMessageBoxStore.getState().options.confirmText).toBe('去认证');
  });

  it('refuses a bid on one’s own lot and on a lot no longer live, in words', async () => {
    serve(() => fail(422, 'OWN_LOT'));
    await openSheetAndBid('1250');
    await waitFor(() => expect(useMessageBoxStore.getState().options.msg).toBe('不能对自己委托的拍品出价'));
  });

  it('sends a member without a verified real name to verify before the sheet opens', async () => {
    serve(() => ok(null), { who: { ...member, realNameStatus: 'none' } });
    const user = userEvent.setup();
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    await screen.findByTestId('lot-bid-button');
    await waitFor(() => expect(useUserStore.getState().userInfo?.realNameStatus).toBe('none'));
    await user.click(screen.getByTestId('lot-bid-button'));
    expect(useMessageBoxStore.getState().options.msg).toBe('参与竞拍需要先完成实名认证');
    expect(screen.queryByTestId('bid-sheet')).toBeNull();
  });

  it('explains a short balance with the deposit the bid needs', async () => {
    serve(() => fail(422, 'INSUFFICIENT_BALANCE'), { who: { ...member, balance: 5_000 } });
    await openSheetAndBid('2000');
    await waitFor(() => expect(useMessageBoxStore.getState().options.msg).toContain('¥200.00'));
    expect(useMessageBoxStore.getState().options.msg).toContain('¥50.00');
  });

  it('shows the winner of a sold lot a button to its order, and others the masked winner', async () => {
    const sold: LotDetail = { ...lot, status: 'sold', endsAt: Date.now() - 1000, winnerMasked: '138****0002' };
    serve(() => ok(null), { shown: { ...sold, myOrderId: 88, myMaxBid: 150_000, leading: true } });
    const user = userEvent.setup();
    const view = renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    expect(await screen.findByTestId('lot-winner')).toHaveTextContent('恭喜您拍得此件拍品');
    await user.click(screen.getByTestId('lot-pay'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/pages/order/order'));
    expect(view.router.state.location.search).toBe('?id=88');
    view.unmount();

    queryClient.clear();
    serve(() => ok(null), { shown: sold });
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    expect(await screen.findByTestId('lot-winner')).toHaveTextContent('买受人 138****0002');
    expect(screen.queryByTestId('lot-pay')).toBeNull();
  });
});
