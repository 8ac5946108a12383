import type { LotDetail, Member } from '@antique/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useMessageBoxStore } from '../../components/message-box/message-box.store';
import { lotKey } from '../../features/auctions/auction.api';
import { applyLotPrice } from '../../features/auctions/live-cache';
import { LiveNotices } from '../../features/auctions/live-notices';
import { useUserStore } from '../../features/member/user.store';
import { useClockStore } from '../../lib/clock.store';
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
  provenance: '',
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

/** The lot page with its bid sheet opened by the bid button. */
async function openSheet() {
  // antd-mobile's popups animate in; jsdom never finishes the animation that lets pointers through.
  const user = userEvent.setup({ pointerEventsCheck: 0 });
  renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
  await screen.findByTestId('lot-bid-button');
  await waitFor(() => expect(useUserStore.getState().userInfo).not.toBeNull());
  await user.click(screen.getByTestId('lot-bid-button'));
  return user;
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

  it('keeps the sheet and the amount typed when this device’s clock reads the end, until the house closes the lot', async () => {
    serve(() => ok(null));
    const user = await openSheet();
    const input = await screen.findByTestId('bid-sheet-input');
    await user.clear(input);
    await user.type(input, '1500');
    // The last seconds: the clock passes the end, then the stream's soft close moves it on.
    act(() => useClockStore.setState({ now: lot.endsAt + 500 }));
    act(() => useClockStore.setState({ now: Date.now() }));
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1500');
    expect(screen.getByTestId('bid-sheet-premium')).toHaveTextContent('¥150.00');
    // The house closed it: the sheet goes.
    act(() => queryClient.setQueryData<LotDetail>(lotKey(5), (old) => old && { ...old, status: 'sold' }));
    await waitFor(() => expect(screen.queryByTestId('bid-sheet-input')).toBeNull());
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

  it('explains a short balance with the deposit the bid needs, when the server finds it short after all', async () => {
    serve(() => fail(422, 'INSUFFICIENT_BALANCE'), { who: { ...member, balance: 25_000 } });
    await openSheetAndBid('2000');
    await waitFor(() => expect(useMessageBoxStore.getState().options.msg).toContain('¥200.00'));
    expect(useMessageBoxStore.getState().options.msg).toContain('¥250.00');
  });

  it('offers the top-up from the sheet when the balance cannot cover the deposit, for what is missing, to come back here', async () => {
    const { calls } = serve(() => ok(null), { who: { ...member, balance: 5_000 } });
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    const view = renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    await screen.findByTestId('lot-bid-button');
    await waitFor(() => expect(useUserStore.getState().userInfo).not.toBeNull());
    await user.click(screen.getByTestId('lot-bid-button'));
    const input = await screen.findByTestId('bid-sheet-input');
    await user.clear(input);
    await user.type(input, '2000');
    expect(screen.getByTestId('bid-sheet-short')).toHaveTextContent('可用余额 ¥50.00，冻结保证金还差 ¥150.00');
    await user.click(screen.getByTestId('bid-sheet-top-up'));
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/pages/recharge/recharge'));
    const query = new URLSearchParams(view.router.state.location.search);
    expect(query.get('amount')).toBe('15000');
    expect(query.get('from')).toContain('/pages/auction/auction');
    expect(calls.some((call) => call.url.endsWith('/auction/match'))).toBe(false);
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

  it('refuses a member’s own consigned lot before anything is typed: no bid button, no keypad, the reason in words', async () => {
    const { calls } = serve(() => ok(null), { shown: { ...lot, consigned: true, ownLot: true } });
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    expect(await screen.findByTestId('lot-own')).toHaveTextContent('这是您委托的拍品，不能出价');
    await waitFor(() => expect(useUserStore.getState().userInfo).not.toBeNull());
    expect(screen.queryByTestId('lot-bid-button')).toBeNull();
    expect(screen.queryByTestId('bid-sheet')).toBeNull();
    expect(screen.queryByTestId('password-popup')).toBeNull();
    expect(calls.some((call) => call.url.endsWith('/auction/match'))).toBe(false);
  });

  it('moves an open bid sheet to the new minimum when someone else bids, and says the price moved', async () => {
    let shown: LotDetail = lot;
    stubFetch((call) => {
      if (call.url.includes('/auction/stream')) return silentStream();
      if (call.url.includes('/member/info')) return ok(member);
      if (call.url.includes('/auction/info')) return ok(shown);
      return ok(null);
    });
    await openSheet();
    expect(await screen.findByTestId('bid-sheet-input')).toHaveValue('1250');
    expect(screen.queryByTestId('bid-sheet-moved')).toBeNull();

    // Someone outbids: the live price arrives (and the lot is read again).
    shown = { ...lot, currentPrice: 130_000, nextMinimum: 135_000, bidCount: 2 };
    act(() => applyLotPrice(queryClient, { ...shown }));
    await waitFor(() => expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1350'));
    expect(screen.getByTestId('bid-sheet-minimum')).toHaveTextContent('¥1,350.00');
    expect(screen.getByTestId('bid-sheet-moved')).toHaveTextContent('价格已变动：当前最低出价为 ¥1,350.00');
    expect(screen.getByTestId('bid-sheet-bid')).toHaveTextContent('¥1,350.00');
    expect(screen.getByTestId('bid-sheet-confirm')).toBeEnabled();
  });

  it('closes the keypad when the price passes the chosen max bid, and opens the sheet again from the new minimum', async () => {
    let shown: LotDetail = lot;
    const { calls } = stubFetch((call) => {
      if (call.url.includes('/auction/stream')) return silentStream();
      if (call.url.includes('/member/info')) return ok(member);
      if (call.url.includes('/auction/info')) return ok(shown);
      return ok(null);
    });
    const user = await openSheet();
    await user.click(await screen.findByTestId('bid-sheet-confirm'));
    expect(await screen.findByTestId('password-popup')).toHaveTextContent('最高出价 ¥1,250.00');

    shown = { ...lot, currentPrice: 130_000, nextMinimum: 135_000, bidCount: 2 };
    act(() => applyLotPrice(queryClient, { ...shown }));
    await waitFor(() => expect(screen.queryByTestId('password-popup')).toBeNull());
    expect(await screen.findByTestId('bid-sheet-moved')).toHaveTextContent('¥1,350.00');
    expect(screen.getByTestId('bid-sheet-input')).toHaveValue('1350');
    expect(calls.some((call) => call.url.endsWith('/auction/match'))).toBe(false);
  });

  it('links the auction rules the bid sheet says a bid agrees to', async () => {
    serve(() => ok(null));
    await openSheet();
    const rules = await screen.findByTestId('bid-sheet-rules');
    expect(rules).toHaveTextContent('出价即视为同意拍卖规则。');
    const link = within(rules).getByRole('link', { name: '拍卖规则' });
    expect(link).toHaveAttribute('href', '#/pages/rule/rule?id=auction');
  });

  it('shows the piece’s provenance with its era, material and dimensions, as the product page does', async () => {
    serve(() => ok(null), {
      shown: { ...lot, dimensions: '高 32 厘米', provenance: '英国私人旧藏，1988 年伦敦佳士得购得' },
    });
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    expect(await screen.findByTestId('lot-provenance')).toHaveTextContent(
      '来源传承英国私人旧藏，1988 年伦敦佳士得购得',
    );
    expect(screen.getByTestId('lot-era')).toHaveTextContent('清乾隆');
    expect(screen.getByTestId('lot-material')).toHaveTextContent('瓷');
    expect(screen.getByTestId('lot-dimensions')).toHaveTextContent('高 32 厘米');
  });

  it('shows a leader raising their own maximum as such, without a price as if a new bid was made', async () => {
    const bid = (seq: number, amount: number, extra: object = {}) => ({
      seq,
      bidder: '138****0011',
      amount,
      at: Date.now() - (30 - seq) * 1000,
      prevHash: '0'.repeat(64),
      hash: 'f'.repeat(64),
      ...extra,
    });
    serve(() => ok(null), {
      shown: { ...lot, bidCount: 3, bids: [bid(20, 120_000, { raise: true }), bid(19, 120_000), bid(18, 110_000)] },
    });
    renderPage(<AuctionPage />, '/pages/auction/auction?id=5');
    const rows = await screen.findAllByTestId('lot-bid');
    expect(within(rows[0]!).getByTestId('lot-bid-raised')).toHaveTextContent('提高代理上限');
    expect(within(rows[0]!).queryByTestId('lot-bid-amount')).toBeNull();
    expect(within(rows[1]!).getByTestId('lot-bid-amount')).toHaveTextContent('¥1,200.00');
  });
});
