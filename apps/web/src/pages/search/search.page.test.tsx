import type { Lot, ProductCard } from '@antique/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { clearToken, setToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch, type StubbedCall } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import SearchPage from './search.page';

const now = Date.now();
const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const page = <T,>(list: T[], total = list.length) => ({ list, total, page: 1, pageSize: 10, hasMore: false });
const product = (id: number, title: string): ProductCard => ({
  id,
  title,
  cover: '',
  price: 500_000,
  marketPrice: 500_000,
  stock: 1,
  sales: 0,
  categoryId: 3,
  tags: [],
});
const lot = (id: number, title: string): Lot => ({
  id,
  sessionId: null,
  title,
  cover: '',
  images: [],
  startPrice: 100_000,
  currentPrice: 120_000,
  nextMinimum: 125_000,
  bidCount: 2,
  reserveMet: true,
  consigned: false,
  startsAt: now - 3_600_000,
  endsAt: now + 600_000,
  status: 'live',
});

function serve(answers: { products?: ProductCard[]; lots?: Lot[]; save?: Response } = {}) {
  return stubFetch((call: StubbedCall) => {
    if (call.url.includes('/auction/stream')) return new Response(new ReadableStream({ start() {} }));
    if (call.url.includes('/category/list'))
      return ok([
        { id: 3, name: '瓷器', icon: '', parentId: null, sort: 0 },
        { id: 4, name: '青花', icon: '', parentId: 3, sort: 0 },
      ]);
    if (call.url.includes('/product/list')) return ok(page(answers.products ?? []));
    if (call.url.includes('/auction/list')) {
      const status = new URL(call.url, 'http://x').searchParams.get('status');
      return ok({ ...page((answers.lots ?? []).filter((l) => !status || l.status === status)), sessions: [] });
    }
    if (call.url.includes('/search/saved')) return answers.save ?? ok({ id: 1 });
    return ok(null);
  });
}

const query = (calls: StubbedCall[], path: string) =>
  calls.filter((c) => c.url.includes(path)).map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));

beforeEach(() => setToken('member-token'));
afterEach(() => {
  queryClient.clear();
  clearToken();
});

describe('the search page', () => {
  it('searches the mall and the auctions together by the words typed, the matched characters marked', async () => {
    const { calls } = serve({
      products: [product(1, '明嘉靖 青花鱼藻纹碗')],
      lots: [lot(7, '清康熙 青花山水碗'), { ...lot(8, '明万历 青花鱼藻纹碗'), status: 'upcoming' }],
    });
    renderPage(<SearchPage />, '/pages/search/search');
    expect(await screen.findByTestId('search-hint')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('search-input'), { target: { value: '青花瓷碗' } });
    fireEvent.click(screen.getByTestId('search-submit'));
    const row = await screen.findByTestId('search-product');
    expect(row).toHaveAttribute('data-id', '1');
    expect(
      within(row)
        .getAllByText((_, el) => el?.tagName === 'MARK')
        .map((m) => m.textContent),
    ).toEqual(['青花', '碗']);
    // Unless a state is chosen, the lots on now and those about to open, each in its part.
    const [live, upcoming] = screen.getAllByTestId('search-lots');
    expect(live).toHaveAttribute('data-status', 'live');
    expect(await within(live!).findByTestId('search-lot')).toHaveAttribute('data-id', '7');
    expect(upcoming).toHaveAttribute('data-status', 'upcoming');
    expect(await within(upcoming!).findByTestId('search-lot')).toHaveAttribute('data-id', '8');
    expect(query(calls, '/product/list').at(-1)).toMatchObject({ keyword: '青花瓷碗', sort: 'new', pageSize: '3' });
    expect(query(calls, '/auction/list').map((q) => q.status)).toEqual(expect.arrayContaining(['live', 'upcoming']));
  });

  it('filters by department, era, price and status from the sheet, and sorts', async () => {
    const { calls } = serve({ lots: [lot(7, '清康熙 青花山水碗')] });
    renderPage(<SearchPage />, '/pages/search/search?keyword=碗&scope=auction');
    await screen.findAllByTestId('search-lot');
    fireEvent.click(screen.getByTestId('search-filter'));
    const sheet = await screen.findByTestId('search-filter-sheet');
    fireEvent.click(
      within(sheet)
        .getAllByTestId('search-filter-department')
        .find((b) => b.textContent === '瓷器')!,
    );
    fireEvent.click(
      within(sheet)
        .getAllByTestId('search-filter-subdepartment')
        .find((b) => b.textContent === '青花')!,
    );
    fireEvent.click(
      within(sheet)
        .getAllByTestId('search-filter-era')
        .find((b) => b.textContent === '康熙')!,
    );
    fireEvent.change(within(sheet).getByTestId('search-filter-min'), { target: { value: '1000' } });
    fireEvent.change(within(sheet).getByTestId('search-filter-max'), { target: { value: '500' } });
    fireEvent.click(within(sheet).getByTestId('search-filter-apply'));
    expect(await within(sheet).findByTestId('search-filter-price-error')).toHaveTextContent('最低价不能高于最高价');
    fireEvent.change(within(sheet).getByTestId('search-filter-max'), { target: { value: '5000.5' } });
    fireEvent.click(
      within(sheet)
        .getAllByTestId('search-filter-status')
        .find((b) => b.textContent === '即将开拍')!,
    );
    fireEvent.click(within(sheet).getByTestId('search-filter-apply'));
    await waitFor(() =>
      expect(query(calls, '/auction/list').at(-1)).toMatchObject({
        keyword: '碗',
        categoryId: '4',
        era: '康熙',
        minPrice: '100000',
        maxPrice: '500050',
        status: 'upcoming',
      }),
    );
    expect(screen.getByTestId('search-filter')).toHaveTextContent('筛选 · 4');
    fireEvent.click(screen.getByTestId('search-sort-ending'));
    await waitFor(() => expect(query(calls, '/auction/list').at(-1)).toMatchObject({ sort: 'ending' }));
    // The mall has no "ending soon".
    fireEvent.click(screen.getByTestId('search-scope-mall'));
    expect(await screen.findByTestId('search-products')).toBeInTheDocument();
    expect(screen.queryByTestId('search-sort-ending')).toBeNull();
  });

  it('saves the search, and says so when the member keeps twenty already', async () => {
    const { calls } = serve({
      products: [product(1, '青花碗')],
      save: envelopeResponse(
        { code: 422, msg: '最多保存20个搜索', data: { reason: 'SAVED_SEARCH_LIMIT', max: 20 } },
        { status: 422 },
      ),
    });
    renderPage(<SearchPage />, '/pages/search/search?keyword=青花&scope=mall&era=清');
    await screen.findByTestId('search-product');
    fireEvent.click(screen.getByTestId('search-save'));
    await waitFor(() => expect(calls.some((c) => c.url.includes('/search/saved'))).toBe(true));
    const sent = calls.find((c) => c.url.includes('/search/saved'))!;
    expect(JSON.parse(String(sent.init.body))).toEqual({ keyword: '青花', era: '清', kind: 'mall' });
    expect(await screen.findByText('最多保存20个搜索，请先在“我的搜索”中删除不用的')).toBeInTheDocument();
  });
});
