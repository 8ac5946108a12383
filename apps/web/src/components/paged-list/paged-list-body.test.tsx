import type { Page } from '@antique/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequestError } from '../../lib/request-error';
import { usePagedQuery } from '../../lib/use-paged-query';
import { PagedListBody } from './paged-list-body';

interface Piece {
  id: number;
  title: string;
}

const page = (list: Piece[], pageNo: number, hasMore: boolean): Page<Piece> => ({
  list,
  total: 0,
  page: pageNo,
  pageSize: 10,
  hasMore,
});

function setPage({ height, scrollY }: { height: number; scrollY: number }) {
  Object.defineProperty(document.documentElement, 'scrollHeight', { configurable: true, value: height });
  Object.defineProperty(window, 'scrollY', { configurable: true, value: scrollY });
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
}

function Pieces({ fetchPage }: { fetchPage(page: number): Promise<Page<Piece>> }) {
  const paged = usePagedQuery<Piece>(['pieces'], fetchPage);
  return (
    <PagedListBody
      paged={paged}
      loading={<div data-testid="pieces-loading" />}
      errorTitle="藏品加载失败"
      empty={{ title: '还没有藏品', actionText: '去逛逛', onAction: () => undefined }}
      testId="pieces"
      listClassName="pieces"
      renderItem={(piece) => <li data-testid="piece">{piece.title}</li>}
    />
  );
}

function renderPieces(fetchPage: (page: number) => Promise<Page<Piece>>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Pieces fetchPage={fetchPage} />
    </QueryClientProvider>,
  );
}

afterEach(() => setPage({ height: 0, scrollY: 0 }));

describe('paged list body', () => {
  it('shows the page’s skeleton while the first page is on its way, and no footer', () => {
    renderPieces(() => new Promise(() => undefined));
    expect(screen.getByTestId('pieces-loading')).toBeInTheDocument();
    expect(screen.queryByTestId('list-footer')).not.toBeInTheDocument();
  });

  it('shows the page’s error title and the reason; 重试 reads the list again', async () => {
    const fetchPage = vi
      .fn<(page: number) => Promise<Page<Piece>>>()
      .mockRejectedValueOnce(new RequestError({ kind: 'server', code: 500, msg: '服务繁忙' }))
      .mockResolvedValueOnce(page([{ id: 1, title: '青花缠枝莲纹梅瓶' }], 1, false));
    renderPieces(fetchPage);
    const error = await screen.findByTestId('pieces-error');
    expect(error).toHaveAttribute('data-status', 'error');
    expect(error).toHaveTextContent('藏品加载失败');
    expect(error).toHaveTextContent('服务繁忙');
    await userEvent.click(within(error).getByRole('button', { name: '重试' }));
    expect(await screen.findByTestId('piece')).toHaveTextContent('青花缠枝莲纹梅瓶');
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(screen.queryByTestId('pieces-error')).not.toBeInTheDocument();
  });

  it('shows the page’s empty state with its action, and no “no more” line', async () => {
    renderPieces(() => Promise.resolve(page([], 1, false)));
    const empty = await screen.findByTestId('pieces-empty');
    expect(empty).toHaveAttribute('data-status', 'empty');
    expect(empty).toHaveTextContent('还没有藏品');
    expect(within(empty).getByRole('button', { name: '去逛逛' })).toBeInTheDocument();
    expect(screen.queryByTestId('list-footer')).not.toBeInTheDocument();
  });

  it('renders each item in the page’s list, then says there is no more', async () => {
    renderPieces(() =>
      Promise.resolve(
        page(
          [
            { id: 1, title: '青花缠枝莲纹梅瓶' },
            { id: 2, title: '粉彩花鸟纹盘' },
          ],
          1,
          false,
        ),
      ),
    );
    const list = await screen.findByTestId('pieces-list');
    expect(list.tagName).toBe('UL');
    expect(list).toHaveClass('pieces');
    expect(
      within(list)
        .getAllByTestId('piece')
        .map((item) => item.textContent),
    ).toEqual(['青花缠枝莲纹梅瓶', '粉彩花鸟纹盘']);
    expect(within(screen.getByTestId('pieces-infinite')).getByTestId('list-footer')).toHaveTextContent('没有更多了');
  });

  it('reads the next page at the bottom and adds its items; a failed page offers a retry in the footer', async () => {
    setPage({ height: 3000, scrollY: 0 });
    const fetchPage = vi
      .fn<(page: number) => Promise<Page<Piece>>>()
      .mockResolvedValueOnce(page([{ id: 1, title: '青花缠枝莲纹梅瓶' }], 1, true))
      .mockRejectedValueOnce(new RequestError({ kind: 'server', code: 500, msg: '网络不稳定' }))
      .mockResolvedValueOnce(page([{ id: 2, title: '粉彩花鸟纹盘' }], 2, false));
    renderPieces(fetchPage);
    expect(await screen.findAllByTestId('piece')).toHaveLength(1);
    expect(screen.getByTestId('list-footer')).toHaveTextContent('加载中…');
    expect(fetchPage).toHaveBeenCalledTimes(1);

    setPage({ height: 3000, scrollY: 3000 - 800 });
    fireEvent.scroll(window);
    const retry = await screen.findByTestId('list-retry');
    expect(fetchPage).toHaveBeenLastCalledWith(2);
    expect(screen.getAllByTestId('piece')).toHaveLength(1);

    await userEvent.click(retry);
    expect(await screen.findByText('粉彩花鸟纹盘')).toBeInTheDocument();
    expect(screen.getAllByTestId('piece')).toHaveLength(2);
    expect(fetchPage).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('list-footer')).toHaveTextContent('没有更多了');
  });
});
