import type { Message } from '@antique/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { noticeTarget } from '../../lib/notice-target';
import { useUserStore } from '../../features/member/user.store';
import { formatDate } from '../../lib/format-time';
import { changeLocale } from '../../lib/i18n';
import { queryClient } from '../../lib/query-client';
import { envelopeResponse, stubFetch, type StubbedCall } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import MessageListPage from './message-list.page';

const PATH = '/pages/message-list/message-list';
const now = Date.now();
const earlierToday = Math.max(new Date(now).setHours(0, 0, 0, 0), now - 60_000);
const yesterday = new Date(now).setHours(0, 0, 0, 0) - 3_600_000;
const lastWeek = now - 7 * 86_400_000;

const rows: Message[] = [
  { id: 9, kind: 'outbid', title: '青花缠枝莲纹梅瓶', lotId: 21, read: false, createdAt: earlierToday },
  { id: 8, kind: 'won', title: '粉彩花鸟纹盘', lotId: 22, orderId: 55, read: false, createdAt: yesterday },
  { id: 7, kind: 'shipped', title: '宋 建窑兔毫盏', pickId: 4, count: 3, read: true, createdAt: yesterday - 60_000 },
  {
    id: 6,
    kind: 'saved_search',
    title: '明 黄花梨笔筒',
    productId: 31,
    savedSearchId: 2,
    read: true,
    createdAt: lastWeek,
  },
];

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const page = (list: Message[], unread: number) => ({
  list,
  total: list.length,
  page: 1,
  pageSize: 10,
  hasMore: false,
  unread,
});

/** The server as the page sees it: the list, and read calls that mark and answer the count left. */
function server(initial: Message[]) {
  let messages = initial.map((m) => ({ ...m }));
  const reads: unknown[] = [];
  const unread = () => messages.filter((m) => !m.read).length;
  const stub = stubFetch((call: StubbedCall) => {
    if (call.url.includes('/message/read')) {
      const body = JSON.parse(String(call.init.body)) as { ids?: number[]; all?: boolean };
      reads.push(body);
      messages = messages.map((m) => (body.all || body.ids?.includes(m.id) ? { ...m, read: true } : m));
      return ok({ unread: unread() });
    }
    if (call.url.includes('/message/list')) return ok(page(messages, unread()));
    if (call.url.includes('/member/info')) return ok({ id: 1, unreadMessages: unread() });
    return ok(null);
  });
  return { ...stub, reads };
}

afterEach(async () => {
  await changeLocale('zh-Hans', false);
  queryClient.clear();
  useUserStore.getState().setUserInfo(null);
});

describe('message list page', () => {
  it('groups messages by day, words each by its kind, and dots the unread ones', async () => {
    server(rows);
    renderPage(<MessageListPage />, PATH);
    const days = await screen.findAllByTestId('message-day');
    expect(days.map((d) => d.querySelector('h3')?.textContent)).toEqual(['今天', '昨天', formatDate(lastWeek)]);
    const items = screen.getAllByTestId('message-row');
    expect(items.map((i) => i.dataset.read)).toEqual(['false', 'false', 'true', 'true']);
    expect(items[0]).toHaveTextContent('您的出价已被超越');
    expect(items[0]).toHaveTextContent('您在「青花缠枝莲纹梅瓶」的出价已被超过');
    expect(items[2]).toHaveTextContent('「宋 建窑兔毫盏」等 3 件藏品已发货');
    expect(within(items[0]!).getByTestId('unread-dot')).toBeInTheDocument();
    expect(within(items[2]!).queryByTestId('unread-dot')).toBeNull();
    expect(screen.getByTestId('message-unread-count')).toHaveTextContent('2 条未读');
  });

  it('a tap opens what the message names and marks it read', async () => {
    const s = server(rows);
    const { router } = renderPage(<MessageListPage />, PATH);
    const items = await screen.findAllByTestId('message-row');
    fireEvent.click(items[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/order/order'));
    expect(router.state.location.search).toBe('?id=55');
    await waitFor(() => expect(s.reads).toEqual([{ ids: [8] }]));
  });

  it('a read message opens without another read call', async () => {
    const s = server(rows);
    const { router } = renderPage(<MessageListPage />, PATH);
    fireEvent.click((await screen.findAllByTestId('message-row'))[3]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/pages/product/product'));
    expect(router.state.location.search).toBe('?id=31');
    expect(s.reads).toEqual([]);
  });

  it('全部已读 marks every message read and sets 我的’s count', async () => {
    const s = server(rows);
    useUserStore.getState().setUserInfo({ id: 1, unreadMessages: 2 } as never);
    renderPage(<MessageListPage />, PATH);
    await screen.findAllByTestId('message-row');
    fireEvent.click(screen.getByTestId('message-read-all'));
    await waitFor(() => expect(screen.queryAllByTestId('unread-dot')).toHaveLength(0));
    expect(s.reads).toEqual([{ all: true }]);
    await waitFor(() => expect(useUserStore.getState().userInfo?.unreadMessages).toBe(0));
    expect(screen.getByTestId('message-unread-count')).toHaveTextContent('全部已读完');
    expect(screen.getByTestId('message-read-all')).toBeDisabled();
  });

  it('says so when there is nothing yet, and when the list cannot be read', async () => {
    server([]);
    renderPage(<MessageListPage />, PATH);
    expect(await screen.findByTestId('message-list-empty')).toHaveTextContent('还没有消息');
    expect(screen.queryByTestId('message-read-all')).toBeNull();
    queryClient.clear();
    stubFetch(() => envelopeResponse({ code: 500, msg: '服务繁忙', data: null }, { status: 500 }));
    renderPage(<MessageListPage />, PATH);
    const error = await screen.findByTestId('message-list-error');
    expect(error).toHaveTextContent('消息加载失败');
  });

  it('reads in English', async () => {
    await changeLocale('en', false);
    server(rows);
    renderPage(<MessageListPage />, PATH);
    const items = await screen.findAllByTestId('message-row');
    expect(screen.getAllByTestId('message-day')[0]).toHaveTextContent('Today');
    expect(items[1]).toHaveTextContent('You won “粉彩花鸟纹盘”. Please pay in time');
    expect(screen.getByTestId('message-read-all')).toHaveTextContent('Mark all read');
  });
});

describe('where a notice leads', () => {
  it('is one mapping for the live notice and the message centre', () => {
    expect(noticeTarget({ kind: 'won', lotId: 2, orderId: 5 })).toBe('/pages/order/order?id=5');
    expect(noticeTarget({ kind: 'payment_due', orderId: 5 })).toBe('/pages/order/order?id=5');
    expect(noticeTarget({ kind: 'shipped', pickId: 4 })).toBe('/pages/pick-list/pick-list?status=shipped');
    expect(noticeTarget({ kind: 'outbid', lotId: 2 })).toBe('/pages/auction/auction?id=2');
    expect(noticeTarget({ kind: 'watch_start', lotId: 3 })).toBe('/pages/auction/auction?id=3');
    expect(noticeTarget({ kind: 'saved_search', productId: 7, savedSearchId: 1 })).toBe('/pages/product/product?id=7');
    expect(noticeTarget({ kind: 'saved_search', lotId: 8, savedSearchId: 1 })).toBe('/pages/auction/auction?id=8');
    expect(noticeTarget({ kind: 'saved_search', savedSearchId: 1 })).toBeNull();
  });

  it('opens a claim’s or an offer’s list once the app has one, 我的 until then', () => {
    for (const notice of [
      { kind: 'claim_accepted', claimId: 3 },
      { kind: 'offer', lotId: 9, offerId: 4 },
    ] as const) {
      const target = noticeTarget(notice);
      expect(target === '/pages/my/my' || /^\/pages\/(claim|offer)-list\//.test(target ?? '')).toBe(true);
    }
  });
});
