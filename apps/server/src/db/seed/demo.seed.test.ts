import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  catalogueBanners,
  catalogueCategories,
  catalogueProducts,
  DEMO_PASSWORD,
  demoHouse,
  demoMembers,
} from '@antique/demo';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, type TestApp } from '../../test/harness.js';
import { seedDemo } from './demo.seed.js';

describe('the demo, loaded on a first start', () => {
  let t: TestApp;
  let dataDir: string;
  let seconds = 0;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-demo-'));
    t = await createTestApp({ DATA_DIR: dataDir });
    const started = performance.now();
    await seedDemo(t.services, pino({ level: 'silent' }), path.join(dataDir, 'uploads'));
    seconds = (performance.now() - started) / 1000;
  }, 180_000);

  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('lists the departments, sub-categories under theirs, each with an icon that is served', async () => {
    const list = await t.call('GET', '/v1/iyd/category/list');
    const tops = list.data.filter((c: any) => !c.parentId);
    expect(tops.map((c: any) => c.name)).toEqual(catalogueCategories.map((c) => c.name));
    const porcelain = tops.find((c: any) => c.name === '瓷器');
    expect(list.data.filter((c: any) => c.parentId === porcelain.id).map((c: any) => c.name)).toEqual([
      '青花',
      '粉彩',
      '单色釉',
    ]);
    for (const c of list.data) expect(c.icon).toMatch(/^\/files\/product\/\d{6}\/[A-Za-z0-9_-]{22}$/);
    expect((await t.app.inject({ method: 'GET', url: porcelain.icon })).statusCode).toBe(200);
  });

  it('has every piece with three or four pictures, each served as WebP', async () => {
    const admin = await operatorToken(t);
    const all: any[] = [];
    for (let page = 1; ; page++) {
      const r = await t.call('GET', '/v1/admin/products', { token: admin, query: { page, pageSize: 50 } });
      all.push(...r.data.list);
      if (all.length >= r.data.total) break;
    }
    expect(all.length).toBe(catalogueProducts.length);
    expect(new Set(all.map((p) => p.title))).toEqual(new Set(catalogueProducts.map((p) => p.title)));
    const pictures = new Set<string>();
    for (const p of all) {
      expect(p.images.length).toBeGreaterThanOrEqual(3);
      expect(p.images.length).toBeLessThanOrEqual(4);
      expect(p.cover).toBe(p.images[0]);
      for (const image of p.images) pictures.add(image);
    }
    expect(pictures.size).toBe(all.reduce((n, p) => n + p.images.length, 0));
    for (const url of pictures) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
    }
  });

  it('lists the pieces on sale to members, by department and by keyword', async () => {
    const categories = await t.call('GET', '/v1/iyd/category/list');
    const porcelain = categories.data.find((c: any) => c.name === '瓷器' && !c.parentId);
    const list = await t.call('GET', '/v1/iyd/product/list', { query: { categoryId: porcelain.id, pageSize: 50 } });
    expect(list.data.total).toBe(catalogueProducts.filter((p) => p.category.startsWith('瓷器/') && p.onSale).length);
    const found = await t.call('GET', '/v1/iyd/product/list', { query: { keyword: '青花' } });
    expect(found.data.list.length).toBeGreaterThan(0);
  });

  it('shows the home banners with their headlines as titles, one opening the porcelain department', async () => {
    const banners = await t.call('GET', '/v1/iyd/banner');
    // the pictures hold no writing: the app sets each title over its banner
    expect(banners.data.map((b: any) => b.title)).toEqual(catalogueBanners.map((b) => b.title));
    expect(banners.data.map((b: any) => b.title)).toContain('秋季珍藏专场');
    const categories = await t.call('GET', '/v1/iyd/category/list');
    const porcelain = categories.data.find((c: any) => c.name === '瓷器' && !c.parentId);
    expect(banners.data.map((b: any) => b.link)).toContain(`/pages/mall/mall?categoryId=${porcelain.id}`);
    const res = await t.app.inject({ method: 'GET', url: banners.data[0].image });
    expect([res.statusCode, res.headers['content-type']]).toEqual([200, 'image/webp']);
  });

  it('names the house on 关于本行: company, licence, founding year and address, with no blank left', async () => {
    await t.services.content.seedRules();
    const house = await t.call('GET', '/v1/iyd/house');
    expect(house.data).toMatchObject(demoHouse);
    const about = await t.call('GET', '/v1/iyd/rule', { query: { id: 'about' } });
    expect(about.code, about.msg).toBe(200);
    expect(about.data.content).toContain(`拍卖经营许可证：${demoHouse.licence}。`);
    expect(about.data.content).not.toMatch(/：。/);
  });

  it('lets the four members sign in, with their deposits in their bills', async () => {
    for (const m of demoMembers) {
      const login = await t.call('POST', '/v1/iyd/member/login', { body: { phone: m.phone, password: DEMO_PASSWORD } });
      expect(login.code, m.phone).toBe(200);
      const info = await t.call('GET', '/v1/iyd/member/info', { token: login.data.token });
      expect(info.data).toMatchObject({
        nickname: m.nickname,
        balance: m.deposit,
        realNameStatus: m.realName ? 'verified' : 'none',
      });
      const bills = await t.call('GET', '/v1/iyd/asset/bill', { token: login.data.token });
      expect(bills.data.list.map((b: any) => [b.type, b.amount])).toEqual(
        m.deposit > 0 ? [['deposit', m.deposit]] : [],
      );
    }
  });

  it('loads once: a second start adds nothing', async () => {
    await seedDemo(t.services, pino({ level: 'silent' }), path.join(dataDir, 'uploads'));
    const categories = await t.call('GET', '/v1/iyd/category/list');
    expect(categories.data.length).toBe(catalogueCategories.reduce((n, c) => n + 1 + (c.children?.length ?? 0), 0));
    expect((await t.call('GET', '/v1/iyd/banner')).data.length).toBe(3);
  });

  it('is quick once the build has drawn the pictures', () => {
    // measured alongside the other test files; pictures drawn now (no build) take ~12 s more
    expect(seconds).toBeLessThan(60);
  });
});
