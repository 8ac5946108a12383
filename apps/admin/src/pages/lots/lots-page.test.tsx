import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { AdminLot } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const session = {
  id: 3,
  title: '秋季瓷器专场',
  cover: '/files/product/s3',
  startsAt: dayjs('2030-12-01 20:00').valueOf(),
  lotCount: 1,
};
const vase: AdminLot = {
  id: 21,
  sessionId: 3,
  title: '清乾隆 青花缠枝莲纹梅瓶',
  cover: '/files/product/a',
  images: ['/files/product/a'],
  startPrice: 1_000_000,
  currentPrice: 1_250_000,
  nextMinimum: 1_300_000,
  bidCount: 4,
  reserveMet: false,
  startsAt: dayjs('2026-11-20 10:00').valueOf(),
  endsAt: dayjs('2026-11-30 20:02').valueOf(),
  plannedEnd: dayjs('2026-11-30 20:00').valueOf(),
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
};
const bowl: AdminLot = {
  ...vase,
  id: 22,
  title: '宋 龙泉窑青釉碗',
  status: 'sold',
  consigned: false,
  sessionId: null,
  reservePrice: null,
  delegationId: null,
  consignorId: null,
};

function setup(createAnswer?: { code: number; msg: string; data?: unknown }) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 2, username: 'yunying', role: 'operator', disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/sessions')
      return { data: { list: [session], total: 1, page: 1, pageSize: 50, hasMore: false } };
    if (path === '/v1/admin/lots' && call.method === 'GET') {
      const status = call.url.searchParams.get('status');
      const list = [vase, bowl].filter((l) => !status || l.status === status);
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    if (path === '/v1/admin/oss') {
      return {
        data: {
          uploadUrl: '/v1/iyd/oss/upload?key=product%2Flu&sig=s',
          method: 'PUT',
          headers: {},
          fields: {},
          key: 'product/lu',
          url: '/files/product/lu',
          expiresAt: Date.now() + 60_000,
          maxBytes: 5 * 1024 * 1024,
        },
      };
    }
    if (path === '/v1/iyd/oss/upload') return { data: { key: 'product/lu', url: '/files/product/lu' } };
    if (path === '/v1/admin/lots' && call.method === 'POST') {
      return createAnswer ?? { data: { ...vase, id: 30, ...(call.body as object) } };
    }
    return undefined;
  });
}

/** Types a date and time into an antd picker, then confirms with Enter. */
function typeDateTime(testId: string, text: string) {
  const input = screen.getByTestId(testId);
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter' });
}

describe('lots page', () => {
  it('lists lots with prices in yuan, reserve, soft-close extension, session and status', async () => {
    setup();
    renderWithProviders(routes, '/lots');

    const row = await screen.findByTestId('lot-row-21');
    expect(within(row).getByText('¥12,500.00')).toBeInTheDocument();
    expect(within(row).getByText('¥10,000.00')).toBeInTheDocument();
    expect(within(row).getByText('未达保留价')).toBeInTheDocument();
    expect(within(row).getByText('已延时')).toBeInTheDocument();
    expect(within(row).getByText('委托 #8')).toBeInTheDocument();
    expect(await within(row).findByText('秋季瓷器专场')).toBeInTheDocument();
    expect(within(row).getByText('竞拍中')).toBeInTheDocument();
    expect(within(row).getByTestId('lot-open-21')).toHaveAttribute('href', '/lots/21');
    expect(within(screen.getByTestId('lot-row-22')).getByText('已成交')).toBeInTheDocument();
  });

  it('filters by status and session through the URL', async () => {
    const { calls } = setup();
    const { router } = renderWithProviders(routes, '/lots?sessionId=3');

    await screen.findByTestId('lot-row-21');
    expect(calls.find((c) => c.url.pathname === '/v1/admin/lots')?.url.searchParams.get('sessionId')).toBe('3');
    fireEvent.click(within(screen.getByTestId('lot-status-filter')).getByText('已成交'));
    await waitFor(() => expect(screen.queryByTestId('lot-row-21')).not.toBeInTheDocument());
    expect(new URLSearchParams(router.state.location.search).get('status')).toBe('sold');
    const last = calls.filter((c) => c.url.pathname === '/v1/admin/lots').at(-1);
    expect(last?.url.searchParams.get('status')).toBe('sold');
    expect(last?.url.searchParams.get('sessionId')).toBe('3');
  });

  it('searches every session by title on the server for the filter, a page at a time', async () => {
    saveToken('tok');
    // 60 sessions, latest first; the porcelain one is older than the latest 50.
    const all = Array.from({ length: 60 }, (_, i) => ({
      ...session,
      id: 100 - i,
      title: i === 55 ? '明清瓷器专场' : `杂项专场 ${100 - i}`,
      startsAt: session.startsAt - i * 86_400_000,
    }));
    const { calls } = fakeApi((call) => {
      const path = call.url.pathname;
      if (path === '/v1/admin/me')
        return { data: { id: 2, username: 'yunying', role: 'operator', disabled: false, createdAt: 0 } };
      if (path === '/v1/admin/sessions') {
        const q = call.url.searchParams;
        const page = Number(q.get('page') ?? 1);
        const pageSize = Number(q.get('pageSize') ?? 20);
        const matched = all.filter((x) => x.title.includes(q.get('keyword') ?? ''));
        const list = matched.slice((page - 1) * pageSize, page * pageSize);
        return { data: { list, total: matched.length, page, pageSize, hasMore: page * pageSize < matched.length } };
      }
      if (path === '/v1/admin/lots') {
        const sessionId = Number(call.url.searchParams.get('sessionId'));
        const list = sessionId === 45 ? [{ ...vase, sessionId: 45 }] : [vase, bowl];
        return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
      }
      return undefined;
    });
    const { router } = renderWithProviders(routes, '/lots');
    await screen.findByTestId('lot-row-21');
    const sessionCalls = () => calls.filter((c) => c.url.pathname === '/v1/admin/sessions').map((c) => c.url.search);

    const filter = screen.getByTestId('lot-session-filter');
    fireEvent.mouseDown(within(filter).getByRole('combobox'));
    expect(await screen.findByText('杂项专场 100（#100）')).toBeInTheDocument();
    expect(sessionCalls()).toContain('?page=1&pageSize=20');
    expect(await screen.findByText('已显示 20 / 60 个场次，向下滚动加载更多')).toBeInTheDocument();
    // Scrolling to the end reads the next page.
    fireEvent.scroll(document.querySelector('.ant-select-dropdown-list-holder')!);
    expect(await screen.findByText('已显示 40 / 60 个场次，向下滚动加载更多')).toBeInTheDocument();
    expect(sessionCalls()).toContain('?page=2&pageSize=20');

    // Typing asks the server, once the typing rests.
    fireEvent.change(within(filter).getByRole('combobox'), { target: { value: '瓷器' } });
    fireEvent.click(await screen.findByText('明清瓷器专场（#45）'));
    expect(sessionCalls()).toContain(`?page=1&pageSize=20&keyword=${encodeURIComponent('瓷器')}`);
    expect(sessionCalls().filter((q) => q.includes('keyword='))).toHaveLength(1);

    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('sessionId')).toBe('45'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.url.pathname === '/v1/admin/lots')
          .at(-1)
          ?.url.searchParams.get('sessionId'),
      ).toBe('45'),
    );
    // The chosen session, older than the latest 50 the page reads, is named by its title.
    expect(within(filter).getByText('明清瓷器专场（#45）')).toBeInTheDocument();
    expect(await within(screen.getByTestId('lot-row-21')).findByText('明清瓷器专场')).toBeInTheDocument();
  });

  it('checks a new house lot’s fields before sending anything', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/lots');

    fireEvent.click(await screen.findByTestId('lot-create'));
    fireEvent.change(await screen.findByTestId('lot-start-price'), { target: { value: '1000' } });
    fireEvent.change(screen.getByTestId('lot-reserve-price'), { target: { value: '800' } });
    typeDateTime('lot-starts', '2026-12-01 20:00');
    typeDateTime('lot-ends', '2026-12-01 19:00');
    fireEvent.click(screen.getByTestId('lot-submit'));

    expect(await screen.findByText('请填写拍品名称')).toBeInTheDocument();
    expect(screen.getByText('请至少上传 1 张图片')).toBeInTheDocument();
    expect(screen.getByText('保留价不能低于起拍价')).toBeInTheDocument();
    expect(screen.getByText('结束时间须晚于开拍时间')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('creates a house lot with prices in fen, times in epoch ms and the chosen session, then opens its monitor', async () => {
    const { calls } = setup();
    const { router } = renderWithProviders(routes, '/lots');

    fireEvent.click(await screen.findByTestId('lot-create'));
    fireEvent.change(await screen.findByTestId('lot-title'), { target: { value: ' 明 宣德炉 ' } });
    fireEvent.change(screen.getByTestId('lot-era'), { target: { value: '明' } });
    fireEvent.change(screen.getByTestId('lot-description'), { target: { value: '包浆自然\n\n底款 <大明宣德年制>' } });
    fireEvent.change(screen.getByTestId('lot-start-price'), { target: { value: '1,000.50' } });
    fireEvent.change(screen.getByTestId('lot-reserve-price'), { target: { value: '5000' } });
    // The session's start becomes the lot's start; the end is three days on.
    fireEvent.mouseDown(within(screen.getByTestId('lot-session')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('秋季瓷器专场（#3）'));
    await waitFor(() => expect(screen.getByTestId('lot-starts')).toHaveValue('2030-12-01 20:00'));
    fireEvent.click(screen.getByTestId('lot-duration-3'));
    // Photos come from the upload flow: a ticket, then the PUT of the file.
    const file = new File(['x'], 'lu.png', { type: 'image/png' });
    calls.length = 0;
    fireEvent.change(screen.getByTestId('lot-images-input'), { target: { files: [file] } });
    expect(await screen.findByTestId('lot-image-0')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('lot-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/lots/30'));
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/v1/admin/lots')?.body).toEqual({
      title: '明 宣德炉',
      images: ['/files/product/lu'],
      description: '<p>包浆自然</p><p>底款 &lt;大明宣德年制&gt;</p>',
      era: '明',
      startPrice: 100_050,
      reservePrice: 500_000,
      startsAt: dayjs('2030-12-01 20:00').valueOf(),
      endsAt: dayjs('2030-12-04 20:00').valueOf(),
      sessionId: 3,
    });
  });
});
