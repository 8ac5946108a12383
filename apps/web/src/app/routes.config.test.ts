import { QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { envelopeResponse, stubFetch } from '../test/fetch-stub';
import { routePaths } from '../lib/route-paths';
import { startPageAt } from './routes.config';

const empty = { list: [], total: 0, page: 1, pageSize: 10, hasMore: false };
let client = new QueryClient();

afterEach(() => client.clear());

function serve() {
  client = new QueryClient();
  return stubFetch(({ url }) =>
    envelopeResponse({ code: 200, msg: 'ok', data: url.includes('/banner') || url.includes('/category') ? [] : empty }),
  );
}

const paths = (calls: { url: string }[]) => calls.map((call) => call.url).sort();

describe('opening the app on a page', () => {
  it('asks for the home page’s banners, categories, shelves and lots while its code is still loading', () => {
    const { calls } = serve();
    startPageAt(routePaths.index, '', client, true);
    expect(paths(calls)).toEqual([
      '/v1/iyd/auction/list?status=live&page=1&pageSize=8',
      '/v1/iyd/auction/list?status=upcoming&page=1&pageSize=8',
      '/v1/iyd/banner?position=home',
      '/v1/iyd/category/list',
      '/v1/iyd/product/list?sort=new&page=1&pageSize=10',
      '/v1/iyd/product/list?sort=sales&page=1&pageSize=6',
    ]);
  });

  it('asks for the mall’s list as its address filters it, and for a piece by its id', () => {
    const { calls } = serve();
    startPageAt(routePaths.mall, 'categoryId=3&sort=price_asc&keyword=%E9%9D%92', client, true);
    startPageAt(routePaths.product, 'id=71', client, true);
    expect(paths(calls)).toEqual([
      '/v1/iyd/category/list',
      '/v1/iyd/product/info?id=71',
      '/v1/iyd/product/list?categoryId=3&keyword=%E9%9D%92&sort=price_asc&page=1&pageSize=10',
    ]);
  });

  it('asks for a lot by its id, and for its first picture once the lot is in', async () => {
    const pictures: string[] = [];
    const RealImage = window.Image;
    window.Image = class {
      set src(url: string) {
        pictures.push(url);
      }
    } as unknown as typeof Image;
    try {
      client = new QueryClient();
      const { calls } = stubFetch(() =>
        envelopeResponse({
          code: 200,
          msg: 'ok',
          data: { id: 12, images: ['/files/lot-12-a.jpg'], cover: '/files/c.jpg' },
        }),
      );
      startPageAt(routePaths.lot, 'id=12', client, true);
      startPageAt(routePaths.lot, 'id=abc', client, true);
      expect(paths(calls)).toEqual(['/v1/iyd/auction/info?id=12']);
      await waitFor(() => expect(pictures).toEqual(['/files/lot-12-a.jpg']));
    } finally {
      window.Image = RealImage;
    }
  });

  it('asks for nothing for a guest, who is on the way to the login page', () => {
    const { calls } = serve();
    startPageAt(routePaths.index, '', client, false);
    startPageAt(routePaths.product, 'id=71', client, false);
    expect(calls).toEqual([]);
  });
});
