import type { SoldLot } from '@antique/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { clearToken, setToken } from '../../lib/token-storage';
import { envelopeResponse, stubFetch, type StubbedCall } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import AuctionResultsPage from './auction-results.page';

const ok = (data: unknown) => envelopeResponse({ code: 200, msg: 'ok', data });
const sold = (id: number, title: string, hammer: number): SoldLot => ({
  id,
  title,
  cover: '',
  hammer,
  bidCount: 5,
  endedAt: Date.UTC(2026, 10, 20, 4),
});

function serve(list: SoldLot[]) {
  return stubFetch((call: StubbedCall) => {
    if (call.url.includes('/category/list')) return ok([{ id: 3, name: '瓷器', icon: '', parentId: null, sort: 0 }]);
    if (call.url.includes('/auction/results'))
      return ok({ list, total: list.length, page: 1, pageSize: 10, hasMore: false });
    return ok(null);
  });
}

const lastQuery = (calls: StubbedCall[]) =>
  Object.fromEntries(
    new URL(calls.filter((c) => c.url.includes('/auction/results')).at(-1)!.url, 'http://x').searchParams,
  );

beforeEach(() => setToken('member-token'));
afterEach(() => {
  queryClient.clear();
  clearToken();
});

describe('成交结果', () => {
  it('lists sold lots with hammer, bids and date, newest first as the server sends them', async () => {
    serve([sold(9, '清乾隆 粉彩花卉瓶', 1_280_000), sold(8, '明嘉靖 青花鱼藻纹碗', 800_000)]);
    renderPage(<AuctionResultsPage />, '/pages/auction-results/auction-results');
    await waitFor(() => expect(screen.getAllByTestId('sold-lot')).toHaveLength(2));
    const rows = screen.getAllByTestId('sold-lot');
    expect(rows.map((r) => r.getAttribute('data-id'))).toEqual(['9', '8']);
    expect(screen.getAllByTestId('sold-lot-hammer')[0]).toHaveAttribute('data-fen', '1280000');
    expect(rows[0]).toHaveTextContent('出价 5 次');
    expect(rows[0]).toHaveTextContent('2026-11-20');
    expect(screen.getByTestId('results-total')).toHaveTextContent('共 2 件成交');
  });

  it('searches by keyword and filters, and says when nothing sold matches', async () => {
    const { calls } = serve([]);
    renderPage(<AuctionResultsPage />, '/pages/auction-results/auction-results?categoryId=3');
    fireEvent.change(await screen.findByTestId('results-search-input'), { target: { value: '青花瓷碗' } });
    fireEvent.click(screen.getByTestId('results-search-submit'));
    expect(await screen.findByText('没有与“青花瓷碗”相符的成交记录')).toBeInTheDocument();
    expect(lastQuery(calls)).toMatchObject({ keyword: '青花瓷碗', categoryId: '3' });
    fireEvent.click(screen.getByTestId('results-filter'));
    fireEvent.change(await screen.findByTestId('search-filter-min'), { target: { value: '2000' } });
    fireEvent.click(screen.getByTestId('search-filter-apply'));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ keyword: '青花瓷碗', minPrice: '200000' }));
    expect(screen.queryByTestId('search-filter-status')).toBeNull();
  });
});
