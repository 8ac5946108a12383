import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import sharp from 'sharp';
import type { Clock } from '../../lib/clock.js';
import { searchGramsOf } from '../../modules/mall/search-grams.js';
import type { Db } from '../client.js';
import { banners, categories, operators, products, uploads } from '../schema/index.js';
import { artworkSvgs, bannerWebp, iconWebp, svgToWebp, viewsOf } from './artwork.js';
import { catalogueBanners, catalogueCategories, catalogueProducts, type CatalogueProduct } from './catalogue.data.js';

type Purpose = 'product' | 'banner';

interface Picture {
  key: string;
  purpose: Purpose;
  render: () => Promise<Buffer>;
  bytes?: number;
}

const MIME = 'image/webp';

/** Products in turns across the categories, so the newest page shows a bit of everything. */
function interleaved(items: readonly CatalogueProduct[]): { item: CatalogueProduct; index: number }[] {
  const byTop = new Map<string, { item: CatalogueProduct; index: number }[]>();
  items.forEach((item, index) => {
    const top = item.category.split('/')[0] ?? item.category;
    const list = byTop.get(top) ?? [];
    list.push({ item, index });
    byTop.set(top, list);
  });
  const out: { item: CatalogueProduct; index: number }[] = [];
  const lists = [...byTop.values()];
  for (let round = 0; out.length < items.length; round++) {
    for (const list of lists) {
      const entry = list[round];
      if (entry) out.push(entry);
    }
  }
  return out;
}

/** Renders the pictures a few at a time and writes each into the upload store. */
async function renderAll(pictures: Picture[], uploadDir: string): Promise<void> {
  const dirs = new Set(pictures.map((p) => path.dirname(path.join(uploadDir, ...p.key.split('/')))));
  for (const dir of dirs) await fs.mkdir(dir, { recursive: true });
  // One libvips thread per picture, as many pictures at once as there are cores: the SVG
  // rasteriser and the encoder are single-threaded, and building the next SVG overlaps them.
  const previous = sharp.concurrency();
  sharp.concurrency(1);
  try {
    let next = 0;
    const worker = async () => {
      while (next < pictures.length) {
        const picture = pictures[next++]!;
        const body = await picture.render();
        const target = path.join(uploadDir, ...picture.key.split('/'));
        const tmp = `${target}.${process.pid}.tmp`;
        await fs.writeFile(tmp, body);
        await fs.rename(tmp, target);
        picture.bytes = body.length;
      }
    };
    const lanes = Math.max(1, Math.min(4, os.availableParallelism()));
    await Promise.all(Array.from({ length: lanes }, worker));
  } finally {
    sharp.concurrency(previous);
  }
}

/**
 * Loads the demo catalogue: categories with icons, products with their pictures, and the
 * home banners. The pictures are drawn and written to the upload store first; the rows
 * then go in one transaction, and if that fails the pictures are removed again. The caller
 * runs this once, on a first start.
 */
export async function seedCatalogue(db: Db, opts: { uploadDir: string; clock: Clock; log: Logger }): Promise<void> {
  const started = performance.now();
  const [admin] = await db.select({ id: operators.id }).from(operators).where(eq(operators.username, 'admin'));
  if (!admin) throw new Error('the catalogue is seeded after the first operator (admin) exists');
  const now = opts.clock.now();
  const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
  const newKey = (purpose: Purpose) => `${purpose}/${month}/${crypto.randomBytes(16).toString('base64url')}`;
  const url = (key: string) => `/files/${key}`;
  const pictures: Picture[] = [];
  const picture = (purpose: Purpose, render: () => Promise<Buffer>): string => {
    const key = newKey(purpose);
    pictures.push({ key, purpose, render });
    return url(key);
  };

  const icons = new Map<string, string>();
  catalogueCategories.forEach((c, i) => {
    icons.set(
      c.name,
      picture('product', () => iconWebp(c.icon, 900 + i)),
    );
    c.children?.forEach((child, j) => {
      icons.set(
        `${c.name}/${child.name}`,
        picture('product', () => iconWebp(child.icon, 950 + i * 10 + j)),
      );
    });
  });
  const productPictures = catalogueProducts.map((item, index) => {
    // the product's index is its seed: the same piece looks the same on every start
    const seed = index + 1;
    const views = viewsOf(item.art, seed).length;
    // the views share one drawing; it is made when the first is rendered, dropped after the last
    let svgs: string[] | undefined;
    return Array.from({ length: views }, (_, v) =>
      picture('product', () => {
        svgs ??= artworkSvgs(item.art, seed).map((s) => s.svg);
        const svg = svgs[v]!;
        if (v === views - 1) svgs = undefined;
        return svgToWebp(svg);
      }),
    );
  });
  const bannerPictures = catalogueBanners.map((b, i) => picture('banner', () => bannerWebp(b.art, 700 + i)));

  try {
    await renderAll(pictures, opts.uploadDir);
  } catch (e) {
    await removeFiles(pictures, opts.uploadDir);
    throw e;
  }
  const rendered = performance.now();

  try {
    await db.transaction(async (tx) => {
      const at = new Date(now);
      for (let i = 0; i < pictures.length; i += 200) {
        await tx.insert(uploads).values(
          pictures.slice(i, i + 200).map((p) => ({
            key: p.key,
            ownerType: 'operator' as const,
            ownerId: admin.id,
            purpose: p.purpose,
            mime: MIME,
            bytes: p.bytes ?? 0,
            createdAt: at,
            expiresAt: at,
            storedAt: at,
          })),
        );
      }

      const categoryIds = new Map<string, number>();
      for (const [i, c] of catalogueCategories.entries()) {
        const [row] = await tx
          .insert(categories)
          .values({ name: c.name, icon: icons.get(c.name) ?? '', parentId: null, sort: (i + 1) * 10, createdAt: at })
          .returning({ id: categories.id });
        categoryIds.set(c.name, row!.id);
        for (const [j, child] of (c.children ?? []).entries()) {
          const name = `${c.name}/${child.name}`;
          const [sub] = await tx
            .insert(categories)
            .values({
              name: child.name,
              icon: icons.get(name) ?? '',
              parentId: row!.id,
              sort: (j + 1) * 10,
              createdAt: at,
            })
            .returning({ id: categories.id });
          categoryIds.set(name, sub!.id);
        }
      }

      const order = interleaved(catalogueProducts);
      await tx.insert(products).values(
        order.map(({ item, index }, position) => {
          const categoryId = categoryIds.get(item.category);
          if (categoryId === undefined) throw new Error(`no category ${item.category} for ${item.title}`);
          const images = productPictures[index]!;
          // listed over the past weeks, the last one an hour ago
          const listed = new Date(now - (order.length - position) * 5 * 3600_000);
          return {
            categoryId,
            title: item.title,
            cover: images[0]!,
            images,
            price: item.price,
            marketPrice: item.marketPrice,
            stock: item.stock,
            sales: item.sales,
            era: item.era,
            material: item.material,
            dimensions: item.dimensions,
            provenance: item.provenance,
            tags: item.tags,
            description: item.description,
            onSale: item.onSale,
            searchGrams: searchGramsOf(item.title, item.era, item.material),
            createdAt: listed,
            updatedAt: listed,
          };
        }),
      );

      await tx.insert(banners).values(
        catalogueBanners.map((b, i) => {
          const categoryId = b.link.category ? categoryIds.get(b.link.category) : undefined;
          return {
            position: 'home',
            image: bannerPictures[i]!,
            title: b.art.title,
            link: categoryId ? `/pages/mall/mall?categoryId=${categoryId}` : '/pages/mall/mall',
            sort: (i + 1) * 10,
            enabled: true,
            createdAt: at,
          };
        }),
      );
    });
  } catch (e) {
    await removeFiles(pictures, opts.uploadDir);
    throw e;
  }

  opts.log.info(
    {
      categories: catalogueCategories.reduce((n, c) => n + 1 + (c.children?.length ?? 0), 0),
      products: catalogueProducts.length,
      pictures: pictures.length,
      renderMs: Math.round(rendered - started),
      totalMs: Math.round(performance.now() - started),
    },
    'demo catalogue loaded',
  );
}

async function removeFiles(pictures: readonly Picture[], uploadDir: string): Promise<void> {
  await Promise.all(
    pictures.map((p) => fs.rm(path.join(uploadDir, ...p.key.split('/')), { force: true }).catch(() => undefined)),
  );
}
