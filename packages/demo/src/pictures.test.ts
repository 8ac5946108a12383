import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { viewsOf } from './artwork.js';
import { catalogueBanners, catalogueCategories, catalogueProducts } from './catalogue.data.js';
import {
  ensurePictures,
  pictureKey,
  picturePlan,
  readManifest,
  writePictures,
  type PlannedPicture,
} from './pictures.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-pictures-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** Pictures that cost nothing to draw, and count how often they were drawn. */
function cheapPlan(keys: string[]) {
  const drawn: string[] = [];
  const plan: PlannedPicture[] = keys.map((key) => ({
    key,
    purpose: key.startsWith('banner') ? 'banner' : 'product',
    svg: () => `<svg>${key}</svg>`,
    render: async () => {
      drawn.push(key);
      return Buffer.from(`picture ${key}`);
    },
  }));
  return { plan: () => plan, drawn };
}

describe('the picture plan', () => {
  it('has an icon per category, every view of every piece and each banner, under unique names', () => {
    const plan = picturePlan();
    const keys = plan.map((p) => p.key);
    expect(new Set(keys).size).toBe(keys.length);
    const subCategories = catalogueCategories.reduce((n, c) => n + (c.children?.length ?? 0), 0);
    const views = catalogueProducts.reduce((n, p, i) => n + viewsOf(p.art, i + 1).length, 0);
    expect(keys.length).toBe(catalogueCategories.length + subCategories + views + catalogueBanners.length);
    expect(keys).toContain(pictureKey.category(0, 2));
    expect(keys).toContain(pictureKey.product(catalogueProducts.length - 1, 2));
    expect(plan.filter((p) => p.purpose === 'banner').map((p) => p.key)).toEqual(
      catalogueBanners.map((_, i) => pictureKey.banner(i)),
    );
  });
});

describe('ensurePictures', () => {
  it('draws into the folder once, with a manifest of files, sizes and purposes', async () => {
    const dir = tempDir();
    const cheap = cheapPlan(['category-1', 'product-1-1', 'banner-1']);
    const first = await ensurePictures({ dir, plan: cheap.plan });
    expect(first.rendered).toBe(true);
    expect(cheap.drawn.length).toBe(3);
    expect(first.manifest.pictures['banner-1']).toEqual({
      file: 'banner-1.webp',
      bytes: 'picture banner-1'.length,
      purpose: 'banner',
    });
    for (const entry of Object.values(first.manifest.pictures)) {
      expect(fs.statSync(path.join(dir, entry.file)).size).toBe(entry.bytes);
    }
    expect(await readManifest(dir)).toEqual(first.manifest);

    const again = await ensurePictures({ dir, plan: cheap.plan });
    expect(again.rendered).toBe(false);
    expect(cheap.drawn.length).toBe(3);
  });

  it('draws again when a file is missing or damaged, or when forced', async () => {
    const dir = tempDir();
    const cheap = cheapPlan(['product-1-1', 'product-1-2']);
    await ensurePictures({ dir, plan: cheap.plan });
    fs.rmSync(path.join(dir, 'product-1-2.webp'));
    expect((await ensurePictures({ dir, plan: cheap.plan })).rendered).toBe(true);
    fs.writeFileSync(path.join(dir, 'product-1-1.webp'), 'cut');
    expect((await ensurePictures({ dir, plan: cheap.plan })).rendered).toBe(true);
    expect((await ensurePictures({ dir, plan: cheap.plan, force: true })).rendered).toBe(true);
    expect(cheap.drawn.length).toBe(8);
  });

  it('draws again when the drawing changed, and drops pictures no longer drawn', async () => {
    const dir = tempDir();
    await writePictures(cheapPlan(['product-1-1', 'product-9-1']).plan(), dir, 'an older drawing');
    const cheap = cheapPlan(['product-1-1']);
    const now = await ensurePictures({ dir, plan: cheap.plan });
    expect(now.rendered).toBe(true);
    expect(Object.keys(now.manifest.pictures)).toEqual(['product-1-1']);
    expect(fs.readdirSync(dir).sort()).toEqual(['manifest.json', 'product-1-1.webp']);
  });
});
