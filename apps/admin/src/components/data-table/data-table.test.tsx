import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { queryOptions } from '@tanstack/react-query';
import { ApiError } from '../../lib/request';
import { renderWithProviders } from '../../test/render';
import { DataTable } from './data-table';
import { idParam, searchFilter, segmentedFilter } from './table-filters';
import { type Paging, useDataTable } from './use-data-table';

interface Row {
  id: number;
  name: string;
}

const filters = {
  keyword: searchFilter({ placeholder: '名称', maxLength: 20, testId: 'row-search' }),
  kind: segmentedFilter<'all' | 'a' | 'b'>({
    options: [
      { value: 'all', label: '全部' },
      { value: 'a', label: '甲' },
      { value: 'b', label: '乙' },
    ],
    defaultValue: 'all',
    testId: 'row-kind',
  }),
  open: idParam(),
};

type Fetch = (params: { keyword?: string; kind: string } & Paging) => Promise<{ list: Row[]; total: number }>;

function List({ fetch }: { fetch: Fetch }) {
  const table = useDataTable({
    filters,
    query: ({ keyword, kind }, paging) =>
      queryOptions({ queryKey: ['rows', keyword, kind, paging], queryFn: () => fetch({ keyword, kind, ...paging }) }),
  });
  return (
    <DataTable
      table={table}
      columns={[{ title: '名称', dataIndex: 'name' }]}
      testId={(r) => `row-${r.id}`}
      summary={(total) => `共 ${total} 行`}
      clearable
      emptyText={table.filtered ? '没有符合条件的行' : '暂无'}
    />
  );
}

const rows = (n: number, from = 1) => Array.from({ length: n }, (_, i) => ({ id: from + i, name: `行${from + i}` }));

describe('DataTable with useDataTable', () => {
  it('reads its filters and page from the URL and writes them back, a new filter starting at page 1', async () => {
    const fetch = vi.fn<Fetch>(async ({ keyword, page }) =>
      keyword === '无' ? { list: [], total: 0 } : { list: rows(20, (page - 1) * 20 + 1), total: 45 },
    );
    const { router } = renderWithProviders(<List fetch={fetch} />, '/?kind=a&page=2&open=7');

    expect(await screen.findByTestId('row-21')).toHaveTextContent('行21');
    expect(fetch).toHaveBeenLastCalledWith({ keyword: undefined, kind: 'a', page: 2, pageSize: 20 });
    expect(screen.getByText('共 45 行')).toBeInTheDocument();

    fireEvent.click(screen.getByTitle('3'));
    await screen.findByTestId('row-41');
    expect(router.state.location.search).toBe('?kind=a&page=3&open=7');

    fireEvent.change(screen.getByTestId('row-search'), { target: { value: '无' } });
    fireEvent.click(screen.getByTestId('row-search-submit'));
    expect(await screen.findByText('没有符合条件的行')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('page')).toBeNull();
    expect(fetch).toHaveBeenLastCalledWith({ keyword: '无', kind: 'a', page: 1, pageSize: 20 });

    fireEvent.click(within(screen.getByTestId('row-kind')).getByText('全部'));
    fireEvent.click(screen.getByText('清除筛选'));
    await waitFor(() => expect(router.state.location.search).toBe('?open=7'));
  });

  it('answers a failed first load with the server’s message and a retry', async () => {
    let calls = 0;
    const fetch = vi.fn<Fetch>(async () => {
      calls += 1;
      if (calls === 1) throw new ApiError(500, '系统繁忙，请稍后再试');
      return { list: rows(1), total: 1 };
    });
    renderWithProviders(<List fetch={fetch} />);

    expect(await screen.findByText('系统繁忙，请稍后再试')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByTestId('row-1')).toBeInTheDocument();
  });

  it('shows 「无权限」 for a 403', async () => {
    renderWithProviders(
      <List
        fetch={async () => {
          throw new ApiError(403, '无权限', { reason: 'FORBIDDEN' });
        }}
      />,
    );

    expect(await screen.findByTestId('forbidden')).toHaveTextContent('无权限');
  });
});
