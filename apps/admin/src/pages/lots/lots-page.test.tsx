import { beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import type { AdminLot, AdminProduct } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { loadRichTextEditor, pasteRichText } from '../../test/rich-text';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

beforeAll(loadRichTextEditor, 60_000);

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

const product = (over: Partial<AdminProduct>): AdminProduct => ({
  id: 11,
  title: '明 宣德款铜冲天耳三足炉',
  cover: '/files/product/lu',
  images: ['/files/product/lu', '/files/product/lu-2'],
  price: 8_800_000,
  marketPrice: 9_600_000,
  stock: 1,
  sales: 0,
  categoryId: 2,
  tags: [],
  description: '<p>包浆自然，皮壳温润</p><p>底款 &lt;大明宣德年制&gt;</p>',
  era: '明',
  material: '铜',
  dimensions: '口径 12 cm',
  provenance: '日本私人旧藏',
  onSale: false,
  createdAt: 0,
  updatedAt: 0,
  ...over,
});
/** Kept out of the mall, one unit: inventory a lot may be made of. */
const censer = product({});
/** On sale in the mall with free units. */
const vaseOnSale = product({
  id: 12,
  title: '清乾隆 粉彩花卉纹瓶',
  onSale: true,
  stock: 3,
  era: '清乾隆',
  material: '瓷',
});
/** Every unit in a lot or sold. */
const sealGone = product({ id: 13, title: '清 鸡血石方章', stock: 0, onSale: true });
/** Its last unit held by an unpaid order. */
const heldByOrder = product({
  id: 14,
  title: '龙泉窑胆瓶',
  stock: 0,
  onSale: true,
  reservedUntil: dayjs('2026-11-27 20:15').valueOf(),
});

function setup(
  createAnswer?: { code: number; msg: string; data?: unknown },
  pieces: () => AdminProduct[] = () => [censer, vaseOnSale, sealGone, heldByOrder],
) {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/products') {
      const keyword = call.url.searchParams.get('keyword') ?? '';
      const list = pieces().filter((p) => p.title.includes(keyword));
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
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

/** The open piece picker's dropdown. */
const pickerList = () => document.querySelector<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')!;

/** Opens the new-lot dialog and chooses a piece in the picker. */
async function choosePiece(id: number) {
  fireEvent.mouseDown(within(await screen.findByTestId('lot-piece')).getByRole('combobox'));
  const option = await waitFor(() => within(pickerList()).getByTestId(`piece-${id}`));
  fireEvent.click(option);
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

  it('asks for the piece first, then checks the lot’s fields before sending anything', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/lots');

    fireEvent.click(await screen.findByTestId('lot-create'));
    // Nothing but the picker until a piece is chosen.
    expect(await screen.findByTestId('lot-piece')).toBeInTheDocument();
    expect(screen.getByTestId('lot-title')).not.toBeVisible();
    fireEvent.click(screen.getByTestId('lot-submit'));
    expect(await screen.findByText('请选择要上拍的藏品')).toBeInTheDocument();

    await choosePiece(11);
    fireEvent.change(await screen.findByTestId('lot-title'), { target: { value: ' ' } });
    fireEvent.change(screen.getByTestId('lot-start-price'), { target: { value: '1000' } });
    fireEvent.change(screen.getByTestId('lot-reserve-price'), { target: { value: '800' } });
    typeDateTime('lot-starts', '2026-12-01 20:00');
    typeDateTime('lot-ends', '2026-12-01 19:00');
    fireEvent.click(screen.getByTestId('lot-submit'));

    // (The first attempt's errors stay until this one's checks are done.)
    expect(await screen.findByText('结束时间须晚于开拍时间')).toBeInTheDocument();
    expect(screen.getByText('保留价不能低于起拍价')).toBeInTheDocument();
    expect(screen.getByText('请填写拍品名称')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('请选择要上拍的藏品')).not.toBeInTheDocument());
    expect(screen.queryByText('请至少上传 1 张图片')).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('lists the house’s pieces with cover, price and free units; a piece with none is shown but cannot be chosen, saying why', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/lots');

    fireEvent.click(await screen.findByTestId('lot-create'));
    fireEvent.mouseDown(within(await screen.findByTestId('lot-piece')).getByRole('combobox'));
    const list = await waitFor(() => pickerList());
    const censerRow = await within(list).findByTestId('piece-11');
    expect(censerRow).toHaveTextContent('售价 ¥88,000.00 · 可上拍 1 件');
    expect(censerRow).toHaveTextContent('未上架（库存）');
    expect(censerRow.querySelector('img')).toHaveAttribute('src', '/files/product/lu');
    expect(within(list).getByTestId('piece-12')).toHaveTextContent('商城在售');

    const gone = within(list).getByTestId('piece-13');
    expect(gone).toHaveTextContent('无可上拍库存：已在拍品中、已售出或被待付款订单占用');
    expect(gone.closest('.ant-select-item-option')).toHaveClass('ant-select-item-option-disabled');
    const held = within(list).getByTestId('piece-14');
    expect(held).toHaveTextContent('无可上拍库存：被待付款订单占用，2026-11-27 20:15:00 前未付款则释放');
    fireEvent.click(gone);
    expect(screen.getByTestId('lot-title')).not.toBeVisible();
    expect(within(list).getByTestId('lot-piece-count')).toHaveTextContent('共 4 件藏品；无可上拍库存的不能选择');

    // Typing asks the server, once the typing rests.
    fireEvent.change(within(screen.getByTestId('lot-piece')).getByRole('combobox'), { target: { value: '粉彩' } });
    expect(await within(pickerList()).findByTestId('piece-12')).toBeInTheDocument();
    expect(within(pickerList()).queryByTestId('piece-11')).not.toBeInTheDocument();
    const searches = calls.filter((c) => c.url.pathname === '/v1/admin/products').map((c) => c.url.search);
    expect(searches).toContain(`?page=1&pageSize=20&keyword=${encodeURIComponent('粉彩')}`);
  });

  it('fills the lot from the chosen piece and sends only what the operator changed, then opens its monitor', async () => {
    const { calls } = setup();
    const { router } = renderWithProviders(routes, '/lots');

    fireEvent.click(await screen.findByTestId('lot-create'));
    await choosePiece(11);
    // The piece's particulars, each editable; its provenance comes with it.
    expect(await screen.findByTestId('lot-title')).toHaveValue('明 宣德款铜冲天耳三足炉');
    expect(screen.getByTestId('lot-era')).toHaveValue('明');
    expect(screen.getByTestId('lot-material')).toHaveValue('铜');
    expect(screen.getByTestId('lot-dimensions')).toHaveValue('口径 12 cm');
    // The description in the editor, with its paragraphs.
    const description = await screen.findByTestId('lot-description', {}, { timeout: 5000 });
    await waitFor(() => expect(within(description).getByText('包浆自然，皮壳温润').tagName).toBe('P'));
    expect(within(description).getByText('底款 <大明宣德年制>').tagName).toBe('P');
    expect(screen.getByTestId('lot-image-0')).toBeInTheDocument();
    expect(screen.getByTestId('lot-image-1')).toBeInTheDocument();
    expect(screen.getByTestId('lot-piece-chosen')).toHaveTextContent('传承来源：日本私人旧藏');
    expect(screen.getByText('参考：商城售价 ¥88,000.00，市场参考价 ¥96,000.00')).toBeInTheDocument();

    fireEvent.change(screen.getByTestId('lot-era'), { target: { value: '明宣德' } });
    fireEvent.change(screen.getByTestId('lot-start-price'), { target: { value: '50,000.50' } });
    fireEvent.change(screen.getByTestId('lot-reserve-price'), { target: { value: '80000' } });
    // The session's start becomes the lot's start; the end is three days on.
    fireEvent.mouseDown(within(screen.getByTestId('lot-session')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('秋季瓷器专场（#3）'));
    await waitFor(() => expect(screen.getByTestId('lot-starts')).toHaveValue('2030-12-01 20:00'));
    fireEvent.click(screen.getByTestId('lot-duration-3'));
    fireEvent.click(screen.getByTestId('lot-submit'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/lots/30'));
    expect(calls.find((c) => c.method === 'POST' && c.url.pathname === '/v1/admin/lots')?.body).toEqual({
      productId: 11,
      era: '明宣德',
      startPrice: 5_000_050,
      reservePrice: 8_000_000,
      startsAt: dayjs('2030-12-01 20:00').valueOf(),
      endsAt: dayjs('2030-12-04 20:00').valueOf(),
      sessionId: 3,
    });
  });

  it('sends edited pictures, title and description as typed', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/lots');

    fireEvent.click(await screen.findByTestId('lot-create'));
    await choosePiece(12);
    fireEvent.change(await screen.findByTestId('lot-title'), {
      target: { value: ' 清乾隆 粉彩花卉纹瓶（一对之一） ' },
    });
    await pasteRichText('lot-description', '<p>口沿微磕</p><p>&lt;原装木座&gt;</p>', { replace: true });
    fireEvent.click(screen.getByTestId('lot-image-remove-1'));
    fireEvent.change(screen.getByTestId('lot-start-price'), { target: { value: '1000' } });
    typeDateTime('lot-starts', '2030-12-01 20:00');
    typeDateTime('lot-ends', '2030-12-02 20:00');
    fireEvent.click(screen.getByTestId('lot-submit'));

    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      productId: 12,
      title: '清乾隆 粉彩花卉纹瓶（一对之一）',
      images: ['/files/product/lu'],
      description: '<p>口沿微磕</p><p>&lt;原装木座&gt;</p>',
      startPrice: 100_000,
      startsAt: dayjs('2030-12-01 20:00').valueOf(),
      endsAt: dayjs('2030-12-02 20:00').valueOf(),
    });
  });

  it('says so when someone took the last unit meanwhile, and the picker then shows the piece as unavailable', async () => {
    let taken = false;
    const { calls } = setup(
      {
        code: 409,
        msg: '该藏品没有可上拍的库存（已在拍、已售或被待付款订单占用）',
        data: { reason: 'PIECE_NOT_AVAILABLE', productId: 11 },
      },
      () => [taken ? { ...censer, stock: 0 } : censer, vaseOnSale],
    );
    renderWithProviders(routes, '/lots');

    fireEvent.click(await screen.findByTestId('lot-create'));
    await choosePiece(11);
    fireEvent.change(await screen.findByTestId('lot-start-price'), { target: { value: '1000' } });
    typeDateTime('lot-starts', '2030-12-01 20:00');
    typeDateTime('lot-ends', '2030-12-02 20:00');
    taken = true;
    fireEvent.click(screen.getByTestId('lot-submit'));

    const alert = await screen.findByTestId('lot-piece-gone');
    expect(alert).toHaveTextContent('「明 宣德款铜冲天耳三足炉」刚刚已没有可上拍的库存');
    expect(alert).toHaveTextContent('请重新选择藏品，已填写的价格与时间会保留');
    expect(screen.getByText('这件藏品已没有可上拍的库存，请重新选择')).toBeInTheDocument();
    // Trying again sends nothing: the piece must be chosen anew.
    fireEvent.click(screen.getByTestId('lot-submit'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));

    fireEvent.mouseDown(within(screen.getByTestId('lot-piece')).getByRole('combobox'));
    await waitFor(() => expect(within(pickerList()).getByTestId('piece-11')).toHaveTextContent('无可上拍库存'));
    await choosePiece(12);
    expect(screen.queryByTestId('lot-piece-gone')).not.toBeInTheDocument();
    expect(screen.getByTestId('lot-start-price')).toHaveValue('1000');
  });
});
