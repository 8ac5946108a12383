import crypto from 'node:crypto';
import { MAX_SAVED_SEARCHES } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createTestApp, operatorToken, registerMember, type TestApp } from '../../test/harness.js';
import { houseLot, inventoryPiece } from '../../test/auction-fixtures.js';

let t: TestApp;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
});

const save = (token: string, body: Record<string, unknown>) => t.call('POST', '/v1/iyd/search/saved', { token, body });
const matches = async (token: string) =>
  (await t.call('GET', '/v1/iyd/message/list', { token, query: { pageSize: 50 } })).data.list.filter(
    (m: { kind: string }) => m.kind === 'saved_search',
  ) as { productId?: number; lotId?: number; savedSearchId: number; title: string }[];

describe('saved searches', () => {
  it('tells a member once when a product going on sale matches, and not for one that does not', async () => {
    const m = await registerMember(t);
    const dept = (
      await t.call('POST', '/v1/admin/categories', {
        token: op,
        body: { name: `瓷器${crypto.randomBytes(2).toString('hex')}` },
      })
    ).data.id;
    const s = await save(m.token, { keyword: '青花瓷碗', categoryId: dept, maxPrice: 600_000, kind: 'both' });
    expect(s.data).toMatchObject({
      keyword: '青花瓷碗',
      categoryId: dept,
      maxPrice: 600_000,
      kind: 'both',
      lastMatchedAt: null,
    });

    const hit = await createProduct(t, op, {
      title: '明嘉靖 青花鱼藻纹碗',
      categoryId: dept,
      price: 500_000,
      marketPrice: 500_000,
    });
    await createProduct(t, op, {
      title: '明嘉靖 青花鱼藻纹盘',
      categoryId: dept,
      price: 500_000,
      marketPrice: 500_000,
    });
    await createProduct(t, op, { title: '青花碗', categoryId: dept, price: 900_000, marketPrice: 900_000 });
    const off = await createProduct(t, op, {
      title: '青花小碗',
      categoryId: dept,
      price: 100_000,
      marketPrice: 100_000,
      onSale: false,
    });
    expect(await matches(m.token)).toEqual([
      expect.objectContaining({ productId: hit.id, savedSearchId: s.data.id, title: '明嘉靖 青花鱼藻纹碗' }),
    ]);

    // The off-sale one goes on sale: told; taken off and put on again: not told twice.
    const body = async (id: number) => {
      const {
        id: _i,
        createdAt: _c,
        updatedAt: _u,
        sales: _s,
        ...rest
      } = (await t.call('GET', `/v1/admin/products/${id}`, { token: op })).data;
      return rest;
    };
    const onSale = async (id: number, v: boolean) =>
      t.call('PUT', `/v1/admin/products/${id}`, { token: op, body: { ...(await body(id)), onSale: v } });
    await onSale(off.id, true);
    await onSale(off.id, false);
    await onSale(off.id, true);
    expect((await matches(m.token)).map((x) => x.productId).sort()).toEqual([hit.id, off.id].sort());
    const listed = await t.call('GET', '/v1/iyd/search/saved/list', { token: m.token });
    expect(listed.data.list[0].lastMatchedAt).toEqual(expect.any(Number));
  });

  it('tells a member of a new lot that matches, once, and only where the search looks', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    await save(m.token, { keyword: '康熙 青花', kind: 'auction' });
    await save(other.token, { keyword: '康熙 青花', kind: 'mall' });
    await save(other.token, { keyword: '康熙', era: '明', kind: 'both' });
    const piece = await inventoryPiece(t, { title: '清康熙 青花山水纹笔筒' });
    const lot = await houseLot(t, op, { productId: piece.id });
    await inventoryPiece(t, { title: '清康熙 青花山水纹笔筒 二' }); // not listed: no lot, no message
    expect((await matches(m.token)).map((x) => x.lotId)).toEqual([lot.id]);
    expect(await matches(other.token)).toEqual([]);
    // Announcing the same lot again (a retry) tells nobody twice.
    expect(await t.services.savedSearches.announceLot(lot.id)).toBe(0);
    expect((await matches(m.token)).length).toBe(1);
  });

  it(`keeps at most ${MAX_SAVED_SEARCHES}, even when saved all at once`, async () => {
    const m = await registerMember(t);
    const results = await Promise.all(
      Array.from({ length: MAX_SAVED_SEARCHES + 5 }, (_, i) => save(m.token, { keyword: `青花 ${i}`, kind: 'both' })),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(MAX_SAVED_SEARCHES);
    const refused = results.filter((r) => r.code !== 200);
    expect(refused).toHaveLength(5);
    expect(refused[0]).toMatchObject({ status: 422, data: { reason: 'SAVED_SEARCH_LIMIT' } });
    const list = await t.call('GET', '/v1/iyd/search/saved/list', { token: m.token, query: { pageSize: 50 } });
    expect(list.data.total).toBe(MAX_SAVED_SEARCHES);
    // The 21st is refused; after deleting one, there is room again.
    const one = await save(m.token, { keyword: '粉彩', kind: 'mall' });
    expect([one.status, one.data.reason]).toEqual([422, 'SAVED_SEARCH_LIMIT']);
    const first = list.data.list[0].id as number;
    expect((await t.call('DELETE', `/v1/iyd/search/saved/${first}`, { token: m.token })).code).toBe(200);
    expect((await save(m.token, { keyword: '粉彩', kind: 'mall' })).code).toBe(200);
  });

  it('refuses bad input naming the field, and another member’s search', async () => {
    const m = await registerMember(t);
    for (const [body, field] of [
      [{ kind: 'both' }, 'keyword'],
      [{ keyword: '青花', kind: 'all' }, 'kind'],
      [{ keyword: '青花', kind: 'both', minPrice: -5 }, 'minPrice'],
      [{ keyword: '青花', kind: 'both', minPrice: 500, maxPrice: 100 }, 'maxPrice'],
      [{ keyword: '青花', kind: 'both', categoryId: 999_999 }, 'categoryId'],
    ] as const) {
      const r = await save(m.token, body);
      expect([r.status, r.data.field]).toEqual([400, field]);
    }
    const s = await save(m.token, { keyword: '青花', kind: 'both' });
    const stranger = await registerMember(t);
    expect((await t.call('DELETE', `/v1/iyd/search/saved/${s.data.id}`, { token: stranger.token })).status).toBe(404);
    expect((await t.call('GET', '/v1/iyd/search/saved/list', { token: m.token })).data.total).toBe(1);
    expect((await t.call('GET', '/v1/iyd/search/saved/list')).status).toBe(401);
  });
});
