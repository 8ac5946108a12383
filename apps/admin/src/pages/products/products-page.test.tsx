import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminProduct } from '@antique/shared';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const me = { id: 2, username: 'yunying_li', role: 'operator', disabled: false, createdAt: 0 };
const vase: AdminProduct = {
  id: 7,
  title: '清乾隆 青花缠枝莲纹梅瓶',
  cover: '/files/product/c',
  images: ['/files/product/a'],
  price: 880_000,
  marketPrice: 1_200_000,
  stock: 1,
  sales: 2,
  categoryId: 2,
  tags: [],
  description: '<p>器型端庄</p>',
  era: '清乾隆',
  material: '瓷',
  dimensions: '',
  provenance: '',
  onSale: true,
  createdAt: 0,
  updatedAt: 0,
};

function setup(putAnswer?: { code: number; msg: string }) {
  saveToken('tok');
  let current = vase;
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me') return { data: me };
    if (path === '/v1/admin/categories') {
      return {
        data: [
          { id: 1, name: '瓷器', icon: '', parentId: null, sort: 0 },
          { id: 2, name: '青花', icon: '', parentId: 1, sort: 0 },
        ],
      };
    }
    if (path === '/v1/admin/products' && call.method === 'GET') {
      const keyword = call.url.searchParams.get('keyword');
      const list = keyword === '无此物' ? [] : [current];
      return { data: { list, total: list.length, page: 1, pageSize: 20, hasMore: false } };
    }
    if (path === '/v1/admin/products/7' && call.method === 'GET') return { data: current };
    if (path === '/v1/admin/products/7' && call.method === 'PUT') {
      if (putAnswer) return putAnswer;
      current = { ...current, ...(call.body as Partial<AdminProduct>) };
      return { data: current };
    }
    return undefined;
  });
}

describe('products page', () => {
  it('lists products with yuan prices and their category path', async () => {
    setup();
    renderWithProviders(routes, '/products');

    const row = await screen.findByTestId('product-row-7');
    expect(within(row).getByText('¥8,800.00')).toBeInTheDocument();
    expect(within(row).getByText('¥12,000.00')).toBeInTheDocument();
    expect(await within(row).findByText('瓷器 / 青花')).toBeInTheDocument();
  });

  it('takes a product off sale by reading it afresh and putting it all back with onSale false', async () => {
    const { calls } = setup();
    renderWithProviders(routes, '/products');

    const toggle = await screen.findByTestId('product-toggle-7');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    fireEvent.click(toggle);

    expect(await screen.findByText('已下架「清乾隆 青花缠枝莲纹梅瓶」')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.url.pathname).toBe('/v1/admin/products/7');
    // Read just before the write, so another operator's recent edit is not undone.
    expect(calls[calls.indexOf(put!) - 1]?.url.pathname).toBe('/v1/admin/products/7');
    expect(calls[calls.indexOf(put!) - 1]?.method).toBe('GET');
    expect(put?.body).toEqual({
      title: vase.title,
      categoryId: 2,
      cover: vase.cover,
      images: vase.images,
      price: 880_000,
      marketPrice: 1_200_000,
      stock: 1,
      description: vase.description,
      era: '清乾隆',
      material: '瓷',
      dimensions: '',
      provenance: '',
      tags: [],
      onSale: false,
    });
    await waitFor(() => expect(screen.getByTestId('product-toggle-7')).toHaveAttribute('aria-checked', 'false'));
  });

  it('says why a toggle failed and leaves the switch as it was', async () => {
    setup({ code: 400, msg: '请至少上传 1 张商品图片' });
    renderWithProviders(routes, '/products');

    fireEvent.click(await screen.findByTestId('product-toggle-7'));

    expect(await screen.findByText('下架失败：请至少上传 1 张商品图片')).toBeInTheDocument();
    expect(screen.getByTestId('product-toggle-7')).toHaveAttribute('aria-checked', 'true');
  });

  it('searches by keyword and opens the new-product form', async () => {
    const { calls } = setup();
    const { router } = renderWithProviders(routes, '/products');

    await screen.findByTestId('product-row-7');
    fireEvent.change(screen.getByTestId('product-search'), { target: { value: '无此物' } });
    fireEvent.click(screen.getByTestId('product-search-submit'));
    expect(await screen.findByText('没有符合条件的商品')).toBeInTheDocument();
    expect(calls.at(-1)?.url.searchParams.get('keyword')).toBe('无此物');

    fireEvent.click(screen.getByTestId('product-create'));
    expect(await screen.findByTestId('product-title')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products/new');
  });
});
