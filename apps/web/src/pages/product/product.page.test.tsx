import type { Product } from '@antique/shared';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useCartStore } from '../../features/mall/cart.store';
import { releaseTimeText } from '../../features/mall/release-time';
import { queryClient } from '../../lib/query-client';
import { productFixture } from '../../test/product-fixture';
import { envelopeResponse, stubFetch } from '../../test/fetch-stub';
import { renderPage } from '../../test/render-page';
import ProductPage from './product.page';

function product(patch: Partial<Product> = {}): Product {
  return productFixture(12, {
    title: '龙泉窑胆瓶',
    price: 35_800_000,
    marketPrice: 40_000_000,
    stock: 1,
    era: '南宋',
    material: '青瓷',
    dimensions: '高 18 厘米',
    provenance: '日本私人旧藏，2008 年东京拍卖购得',
    ...patch,
  });
}

afterEach(() => {
  queryClient.clear();
  useCartStore.setState({ lines: [] });
});

describe('a product page', () => {
  it('shows a piece held by someone’s unpaid order as reserved until its release, its buttons off with that reason', async () => {
    const at = new Date(Date.now() + 10 * 60_000);
    // The time of day (or date and time past midnight), as the page writes it.
    const time = releaseTimeText(at.getTime());
    expect(time).toMatch(/\d\d:\d\d$/);
    stubFetch(() =>
      envelopeResponse({ code: 200, msg: 'ok', data: product({ stock: 0, reservedUntil: at.getTime() }) }),
    );
    renderPage(<ProductPage />, '/pages/product/product?id=12');
    expect(await screen.findByTestId('product-state')).toHaveTextContent('已被预订');
    expect(screen.getByTestId('product-banner')).toHaveTextContent(
      `该藏品已被其他藏家下单，正在等待付款。若对方在 ${time} 前未付款，藏品将重新开放购买。`,
    );
    expect(screen.getByTestId('product-unavailable')).toBeDisabled();
    expect(screen.getByTestId('product-unavailable')).toHaveTextContent(`已被预订 · ${time} 未付款则释放`);
    expect(screen.queryByTestId('product-buy-now')).toBeNull();
    expect(screen.queryByTestId('product-add-to-cart')).toBeNull();
    expect(screen.queryByText('已售罄')).toBeNull();
  });

  it('still says sold out when no unit is held', async () => {
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: product({ stock: 0 }) }));
    renderPage(<ProductPage />, '/pages/product/product?id=12');
    expect(await screen.findByTestId('product-state')).toHaveTextContent('已售罄');
    expect(screen.getByTestId('product-unavailable')).toHaveTextContent('已售罄');
  });

  it('offers buying when a unit is free', async () => {
    stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: product() }));
    renderPage(<ProductPage />, '/pages/product/product?id=12');
    expect(await screen.findByTestId('product-buy-now')).toBeEnabled();
    expect(screen.queryByTestId('product-state')).toBeNull();
    expect(await screen.findByTestId('product-provenance')).toHaveTextContent('日本私人旧藏');
  });
});
