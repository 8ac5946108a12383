import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, eq, isNull } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { banners, categories, products, uploads } from '../schema/index.js';
import { catalogueCategories, catalogueProducts } from './catalogue.data.js';
import { seedCatalogue } from './catalogue.seed.js';

const KEY_RE = /^[a-z]+\/\d{6}\/[A-Za-z0-9_-]{22}$/;

describe('seedCatalogue', () => {
  let t: TestApp;
  let dataDir: string;
  let seconds = 0;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-catalogue-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    const started = performance.now();
    await seedCatalogue(t.db, {
      uploadDir: path.join(dataDir, 'uploads'),
      clock: t.clock,
      log: pino({ level: 'silent' }),
    });
    seconds = (performance.now() - started) / 1000;
  }, 180_000);

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('loads the categories, sub-categories under their department', async () => {
    const rows = await t.db.select().from(categories).orderBy(asc(categories.id));
    const tops = rows.filter((r) => r.parentId === null);
    expect(tops.map((r) => r.name)).toEqual(catalogueCategories.map((c) => c.name));
    const porcelain = tops.find((r) => r.name === '瓷器')!;
    expect(rows.filter((r) => r.parentId === porcelain.id).map((r) => r.name)).toEqual(['青花', '粉彩', '单色釉']);
    for (const r of rows) expect(r.icon).toMatch(/^\/files\/product\/\d{6}\/[A-Za-z0-9_-]{22}$/);
  });

  it('loads every product with its pictures, prices and search grams', async () => {
    const rows = await t.db.select().from(products);
    expect(rows.length).toBe(catalogueProducts.length);
    for (const r of rows) {
      expect(r.images.length).toBeGreaterThanOrEqual(3);
      expect(r.images.length).toBeLessThanOrEqual(4);
      expect(r.cover).toBe(r.images[0]);
      expect(r.price).toBeLessThanOrEqual(r.marketPrice);
      expect(r.searchGrams.length).toBeGreaterThan(0);
      expect(r.searchGrams).toContain([...r.title][0]);
    }
    const [{ n }] = (await t.db.select({ n: count() }).from(products).where(eq(products.onSale, false))) as [
      { n: number },
    ];
    expect(n).toBeGreaterThan(0);
  });

  it('stores every picture as a WebP in the upload store, owned by the first operator', async () => {
    const rows = await t.db.select().from(uploads);
    const pictures = new Set([
      ...(await t.db.select({ cover: products.cover, images: products.images }).from(products)).flatMap(
        (p) => p.images,
      ),
      ...(await t.db.select({ image: banners.image }).from(banners)).map((b) => b.image),
      ...(await t.db.select({ icon: categories.icon }).from(categories)).map((c) => c.icon),
    ]);
    expect(rows.length).toBe(pictures.size);
    for (const row of rows) {
      expect(row.key).toMatch(KEY_RE);
      expect(pictures.has(`/files/${row.key}`)).toBe(true);
      expect(row.ownerType).toBe('operator');
      expect(row.mime).toBe('image/webp');
      expect(row.storedAt).not.toBeNull();
      const file = path.join(dataDir, 'uploads', ...row.key.split('/'));
      expect(fs.statSync(file).size).toBe(row.bytes);
      expect(row.purpose).toBe(row.key.split('/')[0]);
    }
    expect(rows.filter((r) => r.purpose === 'banner').length).toBe(3);
    expect(fs.readdirSync(path.join(dataDir, 'uploads', 'product')).length).toBe(1);
  });

  it('adds the home banners, one of them opening the porcelain department', async () => {
    const rows = await t.db.select().from(banners).orderBy(asc(banners.sort));
    expect(rows.length).toBe(3);
    const [porcelain] = await t.db
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.name, '瓷器'), isNull(categories.parentId)));
    expect(rows.map((r) => r.link)).toContain(`/pages/mall/mall?categoryId=${porcelain!.id}`);
    for (const r of rows) {
      expect(r.position).toBe('home');
      expect(r.enabled).toBe(true);
      expect(r.link.startsWith('/pages/')).toBe(true);
    }
  });

  it('serves the pictures and lists the pieces through the mall API', async () => {
    const list = await t.call('GET', '/v1/iyd/product/list', {
      query: { categoryId: (await porcelainId(t)) ?? 0, pageSize: 50 },
    });
    expect(list.code).toBe(200);
    expect(list.data.total).toBe(catalogueProducts.filter((p) => p.category.startsWith('瓷器/') && p.onSale).length);
    const res = await t.app.inject({ method: 'GET', url: list.data.list[0].cover });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    const found = await t.call('GET', '/v1/iyd/product/list', { query: { keyword: '青花' } });
    expect(found.data.list.length).toBeGreaterThan(0);
  });

  it('is quick enough for a first start', () => {
    // measured on the test machine, alongside the other test files; a start renders alone
    expect(seconds).toBeLessThan(60);
  });
});

async function porcelainId(t: TestApp): Promise<number | undefined> {
  const [row] = await t.db.select({ id: categories.id }).from(categories).where(eq(categories.name, '瓷器'));
  return row?.id;
}
