import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const me = { id: 2, username: 'yunying', role: 'operator', disabled: false, createdAt: 0 };

function setup() {
  saveToken('tok');
  let categories = [
    { id: 1, name: '瓷器', icon: '', parentId: null, sort: 0 },
    { id: 2, name: '青花', icon: '', parentId: 1, sort: 0 },
    { id: 3, name: '玉器', icon: '', parentId: null, sort: 1 },
  ];
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: me };
    if (path === '/v1/admin/categories' && call.method === 'GET') return { data: categories };
    if (path === '/v1/admin/categories' && call.method === 'POST') {
      const created = { id: 9 + categories.length, ...(call.body as object) } as (typeof categories)[number];
      categories = [...categories, created];
      return { data: created };
    }
    if (path === '/v1/admin/categories/3' && call.method === 'DELETE') {
      return { code: 409, msg: '分类下还有商品', data: { reason: 'CATEGORY_IN_USE' } };
    }
    return undefined;
  });
}

describe('categories page', () => {
  it('shows two levels and adds a sub-category under its parent', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/categories');

    expect(await screen.findByTestId('category-row-2')).toHaveTextContent('青花');
    // A parent with children cannot be deleted until they are gone.
    expect(within(screen.getByTestId('category-row-1')).getByTestId('category-delete-1')).toBeDisabled();

    fireEvent.click(screen.getByTestId('category-add-child-3'));
    fireEvent.change(await screen.findByTestId('category-name'), { target: { value: ' 和田玉 ' } });
    fireEvent.click(screen.getByTestId('category-submit'));

    expect(await screen.findByText('已添加分类「和田玉」')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ name: '和田玉', icon: '', parentId: 3, sort: 0 });
  });

  it('starts each opening afresh: a sub-category after a top-level one gets its parent', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/categories');

    fireEvent.click(await screen.findByTestId('category-create'));
    fireEvent.change(await screen.findByTestId('category-name'), { target: { value: '杂项' } });
    fireEvent.click(screen.getByTestId('category-submit'));
    await screen.findByText('已添加分类「杂项」');

    fireEvent.click(screen.getByTestId('category-add-child-3'));
    await waitFor(() => expect(screen.getAllByTestId('category-name').at(-1)).toHaveValue(''));
    fireEvent.change(screen.getAllByTestId('category-name').at(-1)!, { target: { value: '粉彩' } });
    fireEvent.click(screen.getAllByTestId('category-submit').at(-1)!);
    await screen.findByText('已添加分类「粉彩」');

    // 玉器 had no sub-category: it shows its first one at once, unfolded.
    expect(await screen.findByTestId('category-row-13')).toHaveTextContent('粉彩');
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body);
    expect(posts).toEqual([
      { name: '杂项', icon: '', parentId: null, sort: 0 },
      { name: '粉彩', icon: '', parentId: 3, sort: 0 },
    ]);
  });

  it('asks for a name and refuses a duplicate', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/categories');

    fireEvent.click(await screen.findByTestId('category-create'));
    fireEvent.click(await screen.findByTestId('category-submit'));
    expect(await screen.findByText('请输入分类名称')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('category-name'), { target: { value: '玉器' } });
    expect(await screen.findByText('已有同名分类「玉器」')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('explains that a category in use cannot be deleted', async () => {
    setup();
    renderWithProviders(routes, '/categories');

    fireEvent.click(await screen.findByTestId('category-delete-3'));
    fireEvent.click(await screen.findByTestId('category-delete-confirm'));

    expect(
      await screen.findByText('「玉器」下还有商品或子分类，不能删除；请先移走商品、删除子分类'),
    ).toBeInTheDocument();
  });
});
