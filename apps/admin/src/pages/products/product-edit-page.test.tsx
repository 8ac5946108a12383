import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeApi } from '../../test/fake-api';
import { renderWithProviders } from '../../test/render';
import { saveToken } from '../../lib/token-storage';
import { routes } from '../../app/router';

const vase = {
  id: 7,
  title: '清乾隆 青花缠枝莲纹梅瓶',
  cover: '/files/product/c',
  images: ['/files/product/a'],
  price: 880_000,
  marketPrice: 1_200_000,
  stock: 1,
  sales: 0,
  categoryId: 1,
  tags: [],
  description: '',
  era: '',
  material: '',
  dimensions: '',
  provenance: '',
  onSale: false,
  createdAt: 0,
  updatedAt: 0,
};

function setup() {
  saveToken('tok');
  return fakeApi((call) => {
    const path = call.url.pathname;
    if (path === '/v1/admin/me')
      return { data: { id: 1, username: 'y', role: 'operator', disabled: false, createdAt: 0 } };
    if (path === '/v1/admin/categories') return { data: [{ id: 1, name: '瓷器', icon: '', parentId: null, sort: 0 }] };
    if (path === '/v1/admin/products/7' && call.method === 'GET') return { data: vase };
    if (path === '/v1/admin/products/7' && call.method === 'PUT')
      return { data: { ...vase, ...(call.body as object) } };
    if (path === '/v1/admin/products') return { data: { list: [], total: 0, page: 1, pageSize: 20, hasMore: false } };
    return undefined;
  });
}

describe('product edit page', () => {
  it('loads the product, saves the changed stock in the full object and returns to the list', async () => {
    const { calls } = setup();
    const { router } = renderWithProviders(routes, '/products/7');

    expect(await screen.findByTestId('product-title')).toHaveValue('清乾隆 青花缠枝莲纹梅瓶');
    fireEvent.change(screen.getByTestId('product-stock'), { target: { value: '4' } });
    fireEvent.click(screen.getByTestId('product-submit'));

    expect(await screen.findByText('已保存「清乾隆 青花缠枝莲纹梅瓶」')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/products'));
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toMatchObject({ stock: 4, price: 880_000, marketPrice: 1_200_000, onSale: false });
  });

  it('asks before leaving with unsaved changes', async () => {
    setup();
    const { router } = renderWithProviders(routes, '/products/7');

    fireEvent.change(await screen.findByTestId('product-era'), { target: { value: '清乾隆' } });
    fireEvent.click(screen.getByTestId('nav-banners'));

    expect(await screen.findByText('放弃未保存的修改？')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/products/7');
    fireEvent.click(screen.getByTestId('leave-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/banners'));
  });
});
