import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createTestApp, operatorToken, type TestApp } from '../../test/harness.js';
import { bid, houseLot, inventoryPiece, verifiedBidder } from '../../test/auction-fixtures.js';
import { eraFilterTerms, itemTerms, queryTerms } from './search-terms.js';

describe('search terms', () => {
  it('reads a query the way collectors type it', () => {
    expect(queryTerms('青花瓷碗')).toEqual(['青花', '碗']);
    expect(queryTerms('康熙')).toEqual(['康熙']);
    // Traditional characters and full-width letters fold; generic words drop.
    expect(queryTerms('琺瑯彩 盤')).toEqual(['珐琅彩', '盘']);
    expect(queryTerms('ＡＢＣ青花')).toEqual(['青花', 'abc']);
    expect(queryTerms('古董 青花瓷的碗')).toEqual(['青花', '碗']);
    // A word the lexicon does not know is looked for as its pairs of characters; 瓷 alone still searches.
    expect(queryTerms('鱼藻')).toEqual(['鱼藻']);
    expect(queryTerms('松下高士')).toEqual(['松下', '高士']);
    expect(queryTerms('瓷')).toEqual(['瓷']);
  });

  it('stores an item with its terms, its characters, its title tagged and its era with the dynasty', () => {
    const terms = itemTerms({ title: '明嘉靖 青花鱼藻纹碗', era: '', material: '瓷', department: '瓷器' });
    expect(terms).toEqual(expect.arrayContaining(['明', '嘉靖', '青花', '鱼藻纹', '碗', '鱼', '藻', 't:青花', 't:碗']));
    expect(terms).toEqual(expect.arrayContaining(['e:嘉靖', 'e:明']));
    expect(itemTerms({ title: '五彩人物盘', era: '康熙' })).toEqual(expect.arrayContaining(['e:康熙', 'e:清']));
    expect(eraFilterTerms('清代')).toEqual(['e:清']);
  });
});

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
});

const tag = () => crypto.randomBytes(2).toString('hex');
const category = async (name: string, parentId?: number) =>
  (await t.call('POST', '/v1/admin/categories', { token: op, body: { name, ...(parentId ? { parentId } : {}) } }))
    .data as { id: number };
const products = (query: Record<string, string | number>) => t.call('GET', '/v1/iyd/product/list', { query });
const titles = (r: { data: { list: { title: string }[] } }) => r.data.list.map((p) => p.title);

describe('product/list by terms and filters', () => {
  let dept: number;
  let sub: number;
  beforeAll(async () => {
    dept = (await category(`瓷器${tag()}`)).id;
    sub = (await category(`青花${tag()}`, dept)).id;
    // Made in this order: the last is the newest, so relevance must beat the default sort.
    await createProduct(t, op, {
      title: '明嘉靖 青花鱼藻纹碗',
      era: '明嘉靖',
      material: '瓷',
      categoryId: sub,
      price: 500_000,
      marketPrice: 500_000,
    });
    await createProduct(t, op, {
      title: '清康熙 五彩人物盘',
      era: '清康熙',
      material: '瓷',
      categoryId: dept,
      price: 300_000,
      marketPrice: 300_000,
    });
    await createProduct(t, op, {
      title: '鱼藻纹小碗',
      era: '民国',
      material: '青花瓷',
      categoryId: dept,
      price: 80_000,
      marketPrice: 80_000,
    });
    await createProduct(t, op, {
      title: '粉彩花卉瓶',
      era: '清乾隆',
      material: '瓷',
      categoryId: dept,
      price: 900_000,
      marketPrice: 900_000,
    });
  });

  it('finds 青花…碗 for 青花瓷碗, the title match first', async () => {
    const r = await products({ keyword: '青花瓷碗', categoryId: dept });
    expect(titles(r)).toEqual(['明嘉靖 青花鱼藻纹碗', '鱼藻纹小碗']);
    expect(r.data.total).toBe(2);
    // The same words in traditional characters.
    expect(titles(await products({ keyword: '青花魚藻紋碗', categoryId: dept }))).toEqual([
      '明嘉靖 青花鱼藻纹碗',
      '鱼藻纹小碗',
    ]);
  });

  it('finds 清康熙… for 康熙, and one character still finds what holds it', async () => {
    expect(titles(await products({ keyword: '康熙', categoryId: dept }))).toEqual(['清康熙 五彩人物盘']);
    expect(titles(await products({ keyword: '盘', categoryId: dept }))).toEqual(['清康熙 五彩人物盘']);
    expect(titles(await products({ keyword: '藻', categoryId: dept, sort: 'price' }))).toEqual([
      '鱼藻纹小碗',
      '明嘉靖 青花鱼藻纹碗',
    ]);
    expect((await products({ keyword: '宋 汝窑', categoryId: dept })).data.total).toBe(0);
  });

  it('filters by department with its children, era (a reign under its dynasty) and price, and sorts', async () => {
    expect(titles(await products({ keyword: '碗', categoryId: sub }))).toEqual(['明嘉靖 青花鱼藻纹碗']);
    expect(titles(await products({ era: '明', categoryId: dept }))).toEqual(['明嘉靖 青花鱼藻纹碗']);
    expect(titles(await products({ era: '清', categoryId: dept, sort: 'price_asc' }))).toEqual([
      '清康熙 五彩人物盘',
      '粉彩花卉瓶',
    ]);
    expect(
      titles(await products({ categoryId: dept, minPrice: 250_000, maxPrice: 600_000, sort: 'price_desc' })),
    ).toEqual(['明嘉靖 青花鱼藻纹碗', '清康熙 五彩人物盘']);
    expect(titles(await products({ categoryId: dept, minPrice: 0, sort: 'newest', pageSize: 2 }))).toEqual([
      '粉彩花卉瓶',
      '鱼藻纹小碗',
    ]);
  });

  it('pages a search in every sort: each piece once, in order, the total on every page and past the last', async () => {
    // A word of its own (letters are a term as they are), so that only these match.
    const word = `zq${tag()}`;
    const prices = [300_000, 100_000, 300_000, 200_000, 500_000, 100_000, 400_000];
    const made: { id: number; price: number; title: string }[] = [];
    for (const [i, price] of prices.entries()) {
      const title = `${word} 青花碗 ${i}`;
      const { id } = await createProduct(t, op, { title, categoryId: sub, price, marketPrice: price });
      made.push({ id, price, title });
    }
    const byId = (a: { id: number }, b: { id: number }) => b.id - a.id;
    const expected: Record<string, typeof made> = {
      new: [...made].sort(byId),
      price_asc: [...made].sort((a, b) => a.price - b.price || byId(a, b)),
      price_desc: [...made].sort((a, b) => b.price - a.price || byId(a, b)),
      sales: [...made].sort(byId),
    };
    for (const [sort, order] of Object.entries(expected)) {
      const seen: string[] = [];
      for (let page = 1; page <= 4; page++) {
        const r = await products({ keyword: word, sort, page, pageSize: 3 });
        expect(r.code).toBe(200);
        expect(r.data.total, `${sort}, page ${page}`).toBe(prices.length);
        expect(r.data.hasMore).toBe(page < 3);
        seen.push(...titles(r));
      }
      expect(seen, sort).toEqual(order.map((p) => p.title));
    }
    // Nothing found: an empty first page with none in all.
    const none = await products({ keyword: `${word}x`, page: 1 });
    expect(none.data).toMatchObject({ list: [], total: 0, hasMore: false });
  });

  it('refuses bad filters naming the field', async () => {
    for (const [query, field] of [
      [{ minPrice: -1 }, 'minPrice'],
      [{ maxPrice: 'x' }, 'maxPrice'],
      [{ minPrice: 500, maxPrice: 100 }, 'maxPrice'],
      [{ sort: 'ending' }, 'sort'],
      [{ era: '年'.repeat(31) }, 'era'],
    ] as const) {
      const r = await products(query);
      expect([r.status, r.data.field]).toEqual([400, field]);
    }
  });

  it('keeps the terms in step when a product is edited', async () => {
    const p = await createProduct(t, op, { title: '宋 汝窑天青釉洗', era: '宋', categoryId: dept });
    expect(titles(await products({ keyword: '汝窯', categoryId: dept }))).toEqual(['宋 汝窑天青釉洗']);
    const info = (await t.call('GET', '/v1/admin/products/' + p.id, { token: op })).data;
    const { id: _id, createdAt: _c, updatedAt: _u, sales: _s, ...body } = info;
    await t.call('PUT', `/v1/admin/products/${p.id}`, { token: op, body: { ...body, title: '宋 哥窑葵口洗' } });
    expect((await products({ keyword: '汝窑', categoryId: dept })).data.total).toBe(0);
    expect(titles(await products({ keyword: '哥窑', categoryId: dept }))).toEqual(['宋 哥窑葵口洗']);
  });
});

/** A lot that sells at its start price (one bidder), closed by the close job. */
async function soldLot(title: string, hammer: number, opts: { era?: string } = {}) {
  const piece = await inventoryPiece(t, { title });
  if (opts.era !== undefined) {
    const info = (await t.call('GET', `/v1/admin/products/${piece.id}`, { token: op })).data;
    const { id: _id, createdAt: _c, updatedAt: _u, sales: _s, ...body } = info;
    await t.call('PUT', `/v1/admin/products/${piece.id}`, { token: op, body: { ...body, era: opts.era } });
  }
  const lot = await houseLot(t, op, { productId: piece.id, startPrice: hammer, endsIn: 3_600_000 });
  const b = await verifiedBidder(t);
  const r = await bid(t, b.token, lot.id, hammer);
  if (r.code !== 200) throw new Error(r.msg);
  // A bid near the end moves it (soft close).
  t.clock.set((r.data as { endsAt: number }).endsAt + 1);
  await t.services.lotCloseFlow.closeDue();
  const after = await t.call('GET', `/v1/admin/lots/${lot.id}`, { token: op });
  if (after.data.status !== 'sold') throw new Error(`not sold: ${JSON.stringify(after.data).slice(0, 400)}`);
  return lot;
}

describe('auction/list, 成交结果 and comparables', () => {
  const mark = tag();
  let sold: { id: number; title: string }[] = [];

  beforeAll(async () => {
    sold = [];
    sold.push(await soldLot(`明嘉靖 青花鱼藻纹碗 ${mark}`, 800_000));
    sold.push(await soldLot(`清康熙 青花山水碗 ${mark}`, 300_000));
    sold.push(await soldLot(`清 青花缠枝莲纹碗 ${mark}`, 200_000));
    sold.push(await soldLot(`清 青花盘 ${mark}`, 150_000));
    sold.push(await soldLot(`青花碗 ${mark}`, 120_000));
    sold.push(await soldLot(`青花 鱼藻纹碗 ${mark}`, 110_000));
    sold.push(await soldLot(`粉彩碗 ${mark}`, 100_000));
    sold.push(await soldLot(`翡翠手镯 ${mark}`, 900_000));
  });

  it('searches live lots by terms, with price and sort', async () => {
    const a = await houseLot(t, op, {
      productId: (await inventoryPiece(t, { title: `清乾隆 珐琅彩花鸟瓶 ${mark}` })).id,
      startPrice: 500_000,
    });
    const b = await houseLot(t, op, {
      productId: (await inventoryPiece(t, { title: `珐琅彩小杯 ${mark}` })).id,
      startPrice: 200_000,
    });
    const list = (query: Record<string, string | number>) =>
      t.call('GET', '/v1/iyd/auction/list', { query: { status: 'live', ...query } });
    const found = await list({ keyword: `琺瑯彩 ${mark}` });
    expect(found.data.list.map((l: { id: number }) => l.id)).toEqual([a.id, b.id]);
    expect(found.data.sessions).toBeInstanceOf(Array);
    const cheap = await list({ keyword: `珐琅彩 ${mark}`, sort: 'price' });
    expect(cheap.data.list.map((l: { id: number }) => l.id)).toEqual([b.id, a.id]);
    const band = await list({ keyword: `珐琅彩 ${mark}`, minPrice: 300_000 });
    expect(band.data.list.map((l: { id: number }) => l.id)).toEqual([a.id]);
    // Both pieces are dated 清 (the inventory's era), neither 明.
    expect((await list({ keyword: `珐琅彩 ${mark}`, era: '清' })).data.total).toBe(2);
    expect((await list({ keyword: `珐琅彩 ${mark}`, era: '明' })).data.total).toBe(0);
    const bad = await list({ sort: 'sales' });
    expect([bad.status, bad.data.field]).toEqual([400, 'sort']);
    // The plain tab keeps its own order without a search.
    expect((await t.call('GET', '/v1/iyd/auction/list', { query: { status: 'live' } })).code).toBe(200);
  });

  it('lists 成交结果: every sold lot, newest first, with the same filters', async () => {
    const all = await t.call('GET', '/v1/iyd/auction/results', { query: { keyword: mark, pageSize: 50 } });
    expect(all.data.list.map((l: { id: number }) => l.id)).toEqual([...sold].reverse().map((l) => l.id));
    expect(all.data.list[0]).toEqual({
      id: sold[7]!.id,
      title: `翡翠手镯 ${mark}`,
      cover: expect.any(String),
      hammer: 900_000,
      bidCount: 1,
      endedAt: expect.any(Number),
    });
    const bowls = await t.call('GET', '/v1/iyd/auction/results', {
      query: { keyword: `青花瓷碗 ${mark}`, maxPrice: 250_000 },
    });
    expect(bowls.data.list.map((l: { title: string }) => l.title)).toEqual([
      `青花 鱼藻纹碗 ${mark}`,
      `青花碗 ${mark}`,
      `清 青花缠枝莲纹碗 ${mark}`,
    ]);
    const bad = await t.call('GET', '/v1/iyd/auction/results', { query: { minPrice: 'ten' } });
    expect([bad.status, bad.data.field]).toEqual([400, 'minPrice']);
  });

  it('shows up to six of the house’s sales of similar pieces on a lot, never itself, the most alike first', async () => {
    const info = await t.call('GET', '/v1/iyd/auction/info', { query: { id: sold[0]!.id } });
    const comps = info.data.comparables as { lotId: number; title: string; hammer: number }[];
    expect(comps.length).toBe(6);
    expect(comps.map((c) => c.lotId)).not.toContain(sold[0]!.id);
    expect(comps.map((c) => c.lotId)).not.toContain(sold[7]!.id);
    // 青花 鱼藻纹 碗 shared: the lot with all three first.
    expect(comps[0]).toMatchObject({ lotId: sold[5]!.id, hammer: 110_000 });
    expect(comps[0]).toEqual({
      lotId: sold[5]!.id,
      title: `青花 鱼藻纹碗 ${mark}`,
      cover: expect.any(String),
      hammer: 110_000,
      endedAt: expect.any(Number),
    });
    // A product's page has them too.
    const product = await createProduct(t, op, { title: '明 青花鱼藻纹碗', era: '明' });
    const page = await t.call('GET', '/v1/iyd/product/info', { query: { id: product.id } });
    expect(page.data.comparables.length).toBe(6);
    expect(page.data.comparables[0].lotId).toBe(sold[0]!.id);
  });

  it('backfills the terms of rows made before them, once, whatever runs at once', async () => {
    const p = await createProduct(t, op, { title: '元 青花龙纹罐' });
    // As a row from before issue 18 would be.
    await t.db.$client.query(`UPDATE products SET search_terms = '{}' WHERE id = $1`, [p.id]);
    expect((await products({ keyword: '龙纹 罐' })).data.total).toBe(0);
    const [x, y] = await Promise.all([
      t.services.catalogue.backfillSearchTerms(),
      t.services.catalogue.backfillSearchTerms(),
    ]);
    expect(x + y).toBe(1);
    expect(titles(await products({ keyword: '龍紋罐' }))).toEqual(['元 青花龙纹罐']);
  });
});
