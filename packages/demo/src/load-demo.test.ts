import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueBanners, catalogueCategories, catalogueProducts } from './catalogue.data.js';
import {
  loadDemo,
  type DemoBannerInput,
  type DemoCategoryInput,
  type DemoMemberInput,
  type DemoProductInput,
  type DemoTarget,
} from './load-demo.js';
import { DEMO_PASSWORD, demoMembers } from './members.data.js';
import { picturePlan, picturesHash, writePictures } from './pictures.js';

const NOW = Date.UTC(2026, 9, 1, 4);

/** A house in memory that records what the loader asked of it. */
function memoryHouse() {
  const house = {
    loaded: false,
    files: new Map<string, { purpose: string; mime: string; body: string }>(),
    categories: [] as (DemoCategoryInput & { id: number })[],
    products: [] as (DemoProductInput & { id: number })[],
    banners: [] as DemoBannerInput[],
    members: [] as (DemoMemberInput & { id: number })[],
    deposits: [] as { memberId: number; amount: number; memo: string }[],
  };
  const target: DemoTarget = {
    isLoaded: async () => house.loaded,
    markLoaded: async () => {
      house.loaded = true;
    },
    storePicture: async ({ purpose, mime, body }) => {
      const url = `/files/${purpose}/${house.files.size + 1}`;
      house.files.set(url, { purpose, mime, body: body.toString() });
      return url;
    },
    createCategory: async (c) => {
      const row = { ...c, id: 100 + house.categories.length };
      house.categories.push(row);
      return row;
    },
    createProduct: async (p) => {
      const row = { ...p, id: 1 + house.products.length };
      house.products.push(row);
      return row;
    },
    createBanner: async (b) => house.banners.push(b),
    createMember: async (m) => {
      if (house.members.some((x) => x.phone === m.phone)) return undefined;
      const row = { ...m, id: 500 + house.members.length };
      house.members.push(row);
      return row;
    },
    deposit: async (d) => {
      house.deposits.push(d);
    },
  };
  return { house, target };
}

describe('loadDemo', () => {
  let picturesDir: string;
  const { house, target } = memoryHouse();

  beforeAll(async () => {
    // the real names and manifest, with stand-ins for the drawings (artwork.test draws them)
    picturesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-load-'));
    const plan = picturePlan().map((p) => ({ ...p, render: async () => Buffer.from(p.key) }));
    await writePictures(plan, picturesDir, await picturesHash());
    const loaded = await loadDemo(target, { now: NOW, picturesDir });
    expect(loaded.loaded).toBe(true);
    expect(loaded.renderMs).toBe(0);
  });

  afterAll(() => fs.rmSync(picturesDir, { recursive: true, force: true }));

  it('creates the departments, sub-categories under theirs, each with its icon', () => {
    const tops = house.categories.filter((c) => c.parentId === null);
    expect(tops.map((c) => c.name)).toEqual(catalogueCategories.map((c) => c.name));
    const porcelain = tops.find((c) => c.name === '瓷器')!;
    expect(house.categories.filter((c) => c.parentId === porcelain.id).map((c) => c.name)).toEqual([
      '青花',
      '粉彩',
      '单色釉',
    ]);
    expect(house.files.get(porcelain.icon)?.body).toBe('category-1');
    expect(house.files.get(house.categories.find((c) => c.name === '粉彩')!.icon)?.body).toBe('category-1-2');
  });

  it('lists every piece in its category with its own pictures, newest last an hour ago', () => {
    expect(house.products.length).toBe(catalogueProducts.length);
    const names = new Map(house.categories.map((c) => [c.id, c.name]));
    for (const p of house.products) {
      const source = catalogueProducts.findIndex((x) => x.title === p.title);
      const item = catalogueProducts[source]!;
      expect(item.category.endsWith(names.get(p.categoryId)!)).toBe(true);
      expect([p.price, p.marketPrice, p.stock, p.onSale]).toEqual([
        item.price,
        item.marketPrice,
        item.stock,
        item.onSale,
      ]);
      expect(p.images.length).toBeGreaterThanOrEqual(3);
      expect(p.images.length).toBeLessThanOrEqual(4);
      expect(p.cover).toBe(p.images[0]);
      expect(p.images.map((u) => house.files.get(u)?.body)).toEqual(
        p.images.map((_, v) => `product-${source + 1}-${v + 1}`),
      );
      expect(p).not.toHaveProperty('art');
    }
    const listed = house.products.map((p) => p.listedAt.getTime());
    expect(listed).toEqual([...listed].sort((a, b) => a - b));
    expect(listed.at(-1)).toBe(NOW - 5 * 3_600_000);
    // the newest page shows a bit of every department
    const firstEight = house.products.slice(0, 8).map((p) => p.title);
    const departments = firstEight.map((t) => catalogueProducts.find((x) => x.title === t)!.category.split('/')[0]);
    expect(new Set(departments).size).toBe(8);
  });

  it('puts up the home banners, one opening the porcelain department', () => {
    expect(house.banners.map((b) => b.title)).toEqual(catalogueBanners.map((b) => b.title));
    const porcelain = house.categories.find((c) => c.name === '瓷器')!;
    expect(house.banners.map((b) => b.link)).toContain(`/pages/mall/mall?categoryId=${porcelain.id}`);
    for (const b of house.banners) expect(house.files.get(b.image)?.purpose).toBe('banner');
  });

  it('stores each picture once, as WebP, and uses every one of them', () => {
    const used = new Set([
      ...house.categories.map((c) => c.icon),
      ...house.products.flatMap((p) => p.images),
      ...house.banners.map((b) => b.image),
    ]);
    expect(house.files.size).toBe(picturePlan().length);
    expect(used.size).toBe(house.files.size);
    for (const f of house.files.values()) expect(f.mime).toBe('image/webp');
  });

  it('signs up the four members, two verified, and pays in their deposits', () => {
    expect(house.members.map((m) => m.phone)).toEqual(demoMembers.map((m) => m.phone));
    for (const m of house.members) expect(m.password).toBe(DEMO_PASSWORD);
    expect(house.members.filter((m) => m.realName).map((m) => m.realName!.name)).toEqual(['王雅琴', '李松年']);
    expect(new Set(house.members.map((m) => m.inviteCode)).size).toBe(4);
    expect(house.deposits).toEqual(
      demoMembers
        .map((m, i) => ({ memberId: 500 + i, amount: m.deposit, memo: 'DEMO_DEPOSIT' }))
        .filter((d) => d.amount > 0),
    );
  });

  it('does nothing the second time', async () => {
    const again = await loadDemo(target, { now: NOW, picturesDir });
    expect(again.loaded).toBe(false);
    expect(house.products.length).toBe(catalogueProducts.length);
    expect(house.members.length).toBe(4);
  });
});
