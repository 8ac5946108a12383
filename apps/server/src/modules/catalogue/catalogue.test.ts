import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  operatorImage,
  operatorToken,
  registerMember,
  type TestApp,
} from '../../test/harness.js';
import { productSorts } from '@antique/shared';
import { queryGramsOf, searchGramsOf } from './search-grams.js';
import { cardStatements, ORDER_BY } from './product-cards.repository.js';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
});

describe('search grams', () => {
  it('indexes characters and pairs; a query needs the pairs of each word', () => {
    const grams = searchGramsOf('青花瓶', '清乾隆', 'Porcelain');
    expect(grams).toEqual(expect.arrayContaining(['青', '青花', '花瓶', '清乾', 'po', 'la']));
    expect(queryGramsOf('青花 瓶')).toEqual(['青花', '瓶']);
    expect(queryGramsOf('  ')).toEqual([]);
  });
});

describe('catalogue', () => {
  it('keeps categories to two levels', async () => {
    const top = await t.call('POST', '/v1/admin/categories', { token: op, body: { name: '玉器', sort: 2 } });
    const sub = await t.call('POST', '/v1/admin/categories', {
      token: op,
      body: { name: '玉佩', parentId: top.data.id },
    });
    expect(sub.data).toMatchObject({ name: '玉佩', parentId: top.data.id });
    const deep = await t.call('POST', '/v1/admin/categories', {
      token: op,
      body: { name: '更深', parentId: sub.data.id },
    });
    expect(deep.data.field).toBe('parentId');
    const list = await t.call('GET', '/v1/iyd/category/list');
    expect(list.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: sub.data.id, parentId: top.data.id })]),
    );
    const inUse = await t.call('DELETE', `/v1/admin/categories/${top.data.id}`, { token: op });
    expect([inUse.status, inUse.data.reason]).toEqual([409, 'CATEGORY_IN_USE']);
    expect((await t.call('DELETE', `/v1/admin/categories/${sub.data.id}`, { token: op })).code).toBe(200);
  });

  it('validates a product and sanitises its description', async () => {
    const p = await createProduct(t, op, {
      description: '<p onclick="x()">好<script>alert(1)</script></p><img src="javascript:x">',
    });
    const info = await t.call('GET', '/v1/iyd/product/info', { query: { id: p.id } });
    expect(info.data.description).toBe('<p>好</p><img />');
    const bad = await t.call('POST', '/v1/admin/products', { token: op, body: { title: 'x' } });
    expect(bad.status).toBe(400);
    const cheap = await t.call('PUT', `/v1/admin/products/${p.id}`, {
      token: op,
      body: { ...info.data, categoryId: p.categoryId, price: 200, marketPrice: 100 },
    });
    expect(cheap.data.field).toBe('marketPrice');
    const foreign = await t.call('PUT', `/v1/admin/products/${p.id}`, {
      token: op,
      body: { ...info.data, categoryId: p.categoryId, cover: 'https://elsewhere.example/a.png' },
    });
    expect(foreign.data.field).toBe('cover');
  });

  it('lists only products on sale, with the four sorts and a category with its children', async () => {
    const parent = await t.call('POST', '/v1/admin/categories', { token: op, body: { name: '铜器' } });
    const child = await t.call('POST', '/v1/admin/categories', {
      token: op,
      body: { name: '铜镜', parentId: parent.data.id },
    });
    const a = await createProduct(t, op, {
      categoryId: parent.data.id,
      title: '汉 铜鼎',
      price: 30_000,
      marketPrice: 40_000,
    });
    const b = await createProduct(t, op, {
      categoryId: child.data.id,
      title: '唐 海兽葡萄镜',
      price: 90_000,
      marketPrice: 90_000,
    });
    const c = await createProduct(t, op, {
      categoryId: child.data.id,
      title: '宋 铜镜',
      price: 10_000,
      marketPrice: 20_000,
    });
    await createProduct(t, op, { categoryId: child.data.id, title: '明 铜炉（下架）', onSale: false });
    const ids = async (query: Record<string, string | number>) =>
      (await t.call('GET', '/v1/iyd/product/list', { query: { categoryId: parent.data.id, ...query } })).data.list.map(
        (p: { id: number }) => p.id,
      );
    expect(await ids({})).toEqual([c.id, b.id, a.id]);
    expect(await ids({ sort: 'price_asc' })).toEqual([c.id, a.id, b.id]);
    expect(await ids({ sort: 'price_desc' })).toEqual([b.id, a.id, c.id]);
    expect((await t.call('GET', '/v1/iyd/product/list', { query: { categoryId: child.data.id } })).data.total).toBe(2);
    const bad = await t.call('GET', '/v1/iyd/product/list', { query: { sort: 'cheapest' } });
    expect(bad.data.field).toBe('sort');
  });

  it('pages cards: what a card shows, the whole count, and page 2 where page 1 ended', async () => {
    const cat = await t.call('POST', '/v1/admin/categories', { token: op, body: { name: '钱币' } });
    const made = [];
    for (const [i, sales] of [3, 9, 1].entries()) {
      const p = await createProduct(t, op, {
        categoryId: cat.data.id,
        title: `乾隆通宝 ${i}`,
        description: '<p>长</p>',
      });
      await t.services.transaction((tx) => t.services.catalogue.recordSale(tx, [{ productId: p.id, quantity: sales }]));
      made.push(p);
    }
    const page = (query: Record<string, string | number>) =>
      t.call('GET', '/v1/iyd/product/list', { query: { categoryId: cat.data.id, pageSize: 2, ...query } });
    const first = await page({});
    expect(first.data).toMatchObject({ total: 3, page: 1, pageSize: 2, hasMore: true });
    expect(Object.keys(first.data.list[0]).sort()).toEqual(
      ['categoryId', 'cover', 'id', 'marketPrice', 'price', 'sales', 'stock', 'tags', 'title'].sort(),
    );
    const second = await page({ page: 2 });
    expect(second.data).toMatchObject({ total: 3, page: 2, hasMore: false });
    expect([...first.data.list, ...second.data.list].map((p: { id: number }) => p.id)).toEqual(
      made.map((p) => p.id).reverse(),
    );
    const bySales = await page({ sort: 'sales', pageSize: 3 });
    expect(bySales.data.list.map((p: { sales: number }) => p.sales)).toEqual([9, 3, 1]);
    const console = await t.call('GET', '/v1/admin/products', { token: op, query: { categoryId: cat.data.id } });
    expect(console.data.list[0]).toMatchObject({ description: '<p>长</p>', onSale: true });
  });

  it('reads a deep page ids first, with the same cards in the same order as a page read whole', async () => {
    const cat = await t.call('POST', '/v1/admin/categories', { token: op, body: { name: `铜器${Date.now()}` } });
    for (const [i, price] of [300_000, 100_000, 300_000, 200_000, 500_000].entries()) {
      const p = await createProduct(t, op, { categoryId: cat.data.id, title: `铜镜 ${i}`, price, marketPrice: price });
      await t.services.transaction((tx) => t.services.catalogue.recordSale(tx, [{ productId: p.id, quantity: i % 2 }]));
    }
    for (const sort of productSorts) {
      // Every product of this file's house, read ids first from offset 0, and never: every
      // page alike, to the empty one past the last.
      const deep = cardStatements(t.db, undefined, ORDER_BY[sort], '', 0);
      const near = cardStatements(t.db, undefined, ORDER_BY[sort], '', Number.POSITIVE_INFINITY);
      const pages = async (q: typeof deep) => {
        const out = [];
        for (let offset = 0; ; offset += 3) {
          const rows = await q.page({ limit: 3, offset });
          out.push(rows);
          if (rows.length === 0) return out;
        }
      };
      const read = await pages(deep);
      expect(read.flat().length).toBeGreaterThanOrEqual(5);
      expect(read, sort).toEqual(await pages(near));
    }
  });

  it('finds products by words of the title, era or material', async () => {
    const cat = await t.call('POST', '/v1/admin/categories', { token: op, body: { name: '文房' } });
    const p = await createProduct(t, op, {
      categoryId: cat.data.id,
      title: '清 竹雕松下高士笔筒',
      era: '清中期',
      material: '竹',
    });
    const find = async (keyword: string) =>
      (await t.call('GET', '/v1/iyd/product/list', { query: { keyword, categoryId: cat.data.id } })).data.list.map(
        (x: { id: number }) => x.id,
      );
    expect(await find('笔筒')).toEqual([p.id]);
    expect(await find('竹雕 高士')).toEqual([p.id]);
    expect(await find('清中期')).toEqual([p.id]);
    expect(await find('筒')).toEqual([p.id]);
    expect(await find('笔洗')).toEqual([]);
    // Both pairs are present but not together: the substring check refuses it.
    expect(await find('高笔')).toEqual([]);
    // Quotes, braces, commas and backslashes are text to find, not array syntax.
    const odd = await createProduct(t, op, {
      categoryId: cat.data.id,
      title: '清 "玉{壶},春\\瓶',
      era: '',
      material: '',
    });
    expect(await find('"玉{壶},春\\')).toEqual([odd.id]);
    expect(await find('{壶} 春\\瓶')).toEqual([odd.id]);
    // Signs are not part of a term (issue 18: search by terms): 玉 is found.
    expect(await find('"玉}')).toEqual([odd.id]);
  });

  it('collects idempotently, and lists what a member collected', async () => {
    const m = await registerMember(t);
    const p = await createProduct(t, op);
    for (let i = 0; i < 2; i++) {
      const r = await t.call('POST', '/v1/iyd/product/collect', {
        token: m.token,
        body: { id: p.id, collected: true },
      });
      expect(r.data).toEqual({ id: p.id, collected: true });
    }
    expect((await t.call('GET', '/v1/iyd/product/info', { token: m.token, query: { id: p.id } })).data.collected).toBe(
      true,
    );
    expect((await t.call('GET', '/v1/iyd/product/info', { query: { id: p.id } })).data.collected).toBe(false);
    const mine = await t.call('GET', '/v1/iyd/product/list', { token: m.token, query: { collected: 1 } });
    expect(mine.data.list.map((x: { id: number }) => x.id)).toEqual([p.id]);
    expect((await t.call('GET', '/v1/iyd/product/list', { query: { collected: 1 } })).code).toBe(301);
    await t.call('POST', '/v1/iyd/product/collect', { token: m.token, body: { id: p.id, collected: false } });
    expect((await t.call('GET', '/v1/iyd/product/list', { token: m.token, query: { collected: 1 } })).data.total).toBe(
      0,
    );
    expect(
      (await t.call('POST', '/v1/iyd/product/collect', { token: m.token, body: { id: 999999, collected: true } }))
        .status,
    ).toBe(404);
  });

  it('opens an off-sale product by id, marked off sale', async () => {
    const p = await createProduct(t, op, { onSale: false });
    const r = await t.call('GET', '/v1/iyd/product/info', { query: { id: p.id } });
    expect(r.data).toMatchObject({ id: p.id, onSale: false });
    expect((await t.call('GET', '/v1/iyd/product/info', { query: { id: 999999 } })).status).toBe(404);
  });

  it('serves enabled banners by position, links only in-app or https', async () => {
    const image = await operatorImage(t, op, 'banner');
    const bad = await t.call('POST', '/v1/admin/banners', { token: op, body: { image, link: 'javascript:alert(1)' } });
    expect(bad.data.field).toBe('link');
    const a = await t.call('POST', '/v1/admin/banners', {
      token: op,
      body: { image, title: '秋季珍藏', link: '/pages/mall/mall', sort: 1 },
    });
    await t.call('POST', '/v1/admin/banners', { token: op, body: { image, title: '停用', enabled: false } });
    await t.call('POST', '/v1/admin/banners', { token: op, body: { image, title: '商城页', position: 'mall' } });
    const home = await t.call('GET', '/v1/iyd/banner');
    expect(home.data).toEqual([{ id: a.data.id, image, title: '秋季珍藏', link: '/pages/mall/mall' }]);
    const audit = await t.call('GET', '/v1/admin/audit', {
      token: await operatorToken(t),
      query: { action: 'banner.create' },
    });
    expect(audit.data.total).toBe(3);
  });

  it('keeps the catalogue to operators', async () => {
    const support = await operatorToken(t, 'support');
    expect((await t.call('POST', '/v1/admin/categories', { token: support, body: { name: '杂项' } })).status).toBe(403);
  });
});
