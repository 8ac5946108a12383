/**
 * The demo's pictures as files: every picture the catalogue needs, rendered once into a
 * folder (at build time by scripts/build.mjs, or on first use) with a manifest. A start
 * then only copies files; the folder is rendered again only when the drawing code, the
 * catalogue or sharp changes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  artworkSvgs,
  bannerSvg,
  bannerWebp,
  iconSvg,
  iconWebp,
  svgToWebp,
  viewsOf,
  writingOf,
  type ArtSpec,
} from './artwork.js';
import { catalogueBanners, catalogueCategories, catalogueProducts } from './catalogue.data.js';

export type PicturePurpose = 'product' | 'banner';

export interface PlannedPicture {
  key: string;
  purpose: PicturePurpose;
  /** The drawing, as SVG markup. */
  svg: () => string;
  /** The file: the drawing rendered to WebP. */
  render: () => Promise<Buffer>;
}

export interface ManifestEntry {
  /** The file's name inside the pictures folder. */
  file: string;
  bytes: number;
  purpose: PicturePurpose;
}

export interface PictureManifest {
  /** The hash of what drew the pictures (see picturesHash). */
  hash: string;
  pictures: Record<string, ManifestEntry>;
}

export const PICTURE_MIME = 'image/webp';

/** Where the build puts the pictures: the package's dist, the same from src or from dist. */
export const defaultPicturesDir = fileURLToPath(new URL('../dist/pictures/', import.meta.url));

const MANIFEST = 'manifest.json';

/** The pictures' names, shared by the plan and the loader. Indexes count from 0. */
export const pictureKey = {
  category: (i: number, j?: number) => (j === undefined ? `category-${i + 1}` : `category-${i + 1}-${j + 1}`),
  product: (index: number, view: number) => `product-${index + 1}-${view + 1}`,
  banner: (i: number) => `banner-${i + 1}`,
};

/** Every picture of the demo with how to draw it; seeds as they have always been. */
export function picturePlan(): PlannedPicture[] {
  const plan: PlannedPicture[] = [];
  const icon = (key: string, spec: ArtSpec, seed: number) => {
    plan.push({ key, purpose: 'product', svg: () => iconSvg(spec, seed), render: () => iconWebp(spec, seed) });
  };
  catalogueCategories.forEach((c, i) => {
    icon(pictureKey.category(i), c.icon, 900 + i);
    c.children?.forEach((child, j) => icon(pictureKey.category(i, j), child.icon, 950 + i * 10 + j));
  });
  catalogueProducts.forEach((item, index) => {
    // the product's index is its seed: the same piece looks the same on every machine
    const seed = index + 1;
    const views = viewsOf(item.art, seed).length;
    // the views share one drawing; it is made for the first view asked for, dropped after the last
    let svgs: string[] | undefined;
    const svgOf = (v: number) => {
      svgs ??= artworkSvgs(item.art, seed).map((s) => s.svg);
      const svg = svgs[v]!;
      if (v === views - 1) svgs = undefined;
      return svg;
    };
    for (let v = 0; v < views; v++) {
      plan.push({
        key: pictureKey.product(index, v),
        purpose: 'product',
        svg: () => svgOf(v),
        render: () => svgToWebp(svgOf(v)),
      });
    }
  });
  catalogueBanners.forEach((b, i) => {
    plan.push({
      key: pictureKey.banner(i),
      purpose: 'banner',
      svg: () => bannerSvg(b.art, 700 + i),
      render: () => bannerWebp(b.art, 700 + i),
    });
  });
  return plan;
}

/**
 * Every character the pictures write, once each in code point order: what the outline
 * table (scripts/glyph-outlines.mjs) must hold. Banners write nothing.
 */
export function pictureCharacters(): string[] {
  const specs: ArtSpec[] = [
    ...catalogueCategories.flatMap((c) => [c.icon, ...(c.children ?? []).map((child) => child.icon)]),
    ...catalogueProducts.map((p) => p.art),
  ];
  const chars = new Set(specs.flatMap((spec) => [...writingOf(spec)]).filter((ch) => ch.trim() !== ''));
  return [...chars].sort((a, b) => a.codePointAt(0)! - b.codePointAt(0)!);
}

/**
 * What decides how the pictures look (in src): the drawing code with its outline table
 * (artwork*.ts, artwork-glyphs.data.ts), the data, this plan. No font does any more.
 */
const PICTURE_SOURCES = /^(artwork[\w-]*|[\w-]+\.data|pictures)\.ts$/;

/** The hash of the sources that decide how the pictures look, with the renderer's versions. */
export async function picturesHash(): Promise<string> {
  const src = fileURLToPath(new URL('../src/', import.meta.url));
  const h = crypto.createHash('sha256');
  for (const name of (await fs.readdir(src)).filter((n) => PICTURE_SOURCES.test(n)).sort()) {
    h.update(name);
    h.update(await fs.readFile(path.join(src, name)));
  }
  h.update(JSON.stringify(sharp.versions));
  return h.digest('hex');
}

export async function readManifest(dir: string): Promise<PictureManifest | undefined> {
  try {
    return JSON.parse(await fs.readFile(path.join(dir, MANIFEST), 'utf8')) as PictureManifest;
  } catch {
    return undefined;
  }
}

async function isComplete(dir: string, manifest: PictureManifest): Promise<boolean> {
  for (const entry of Object.values(manifest.pictures)) {
    const size = await fs
      .stat(path.join(dir, entry.file))
      .then((s) => s.size)
      .catch(() => -1);
    if (size !== entry.bytes) return false;
  }
  return true;
}

/**
 * Renders the plan into `dir` a few pictures at a time, then writes the manifest (last, so
 * a half-written folder is never taken for a finished one) and removes files it no longer
 * lists.
 */
export async function writePictures(
  plan: readonly PlannedPicture[],
  dir: string,
  hash: string,
): Promise<PictureManifest> {
  await fs.mkdir(dir, { recursive: true });
  const pictures: Record<string, ManifestEntry> = {};
  // One libvips thread per picture, as many pictures at once as there are cores: the SVG
  // rasteriser and the encoder are single-threaded, and building the next SVG overlaps them.
  const previous = sharp.concurrency();
  sharp.concurrency(1);
  try {
    let next = 0;
    const worker = async () => {
      while (next < plan.length) {
        const picture = plan[next++]!;
        const body = await picture.render();
        const file = `${picture.key}.webp`;
        await writeAtomically(path.join(dir, file), body);
        pictures[picture.key] = { file, bytes: body.length, purpose: picture.purpose };
      }
    };
    const lanes = Math.max(1, Math.min(4, os.availableParallelism()));
    await Promise.all(Array.from({ length: lanes }, worker));
  } finally {
    sharp.concurrency(previous);
  }
  const manifest: PictureManifest = {
    hash,
    pictures: Object.fromEntries(plan.map((p) => [p.key, pictures[p.key]!])),
  };
  await writeAtomically(path.join(dir, MANIFEST), Buffer.from(JSON.stringify(manifest, null, 1)));
  const listed = new Set([MANIFEST, ...Object.values(manifest.pictures).map((e) => e.file)]);
  for (const name of await fs.readdir(dir)) {
    if (!listed.has(name) && name.endsWith('.webp')) await fs.rm(path.join(dir, name), { force: true });
  }
  return manifest;
}

async function writeAtomically(file: string, body: Buffer): Promise<void> {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, body);
  await fs.rename(tmp, file);
}

export interface EnsuredPictures {
  dir: string;
  manifest: PictureManifest;
  /** Whether they had to be drawn now (false when the folder was up to date). */
  rendered: boolean;
  ms: number;
}

/** The rendered pictures, drawn first when the folder is missing, incomplete or out of date. */
export async function ensurePictures(
  opts: { dir?: string; force?: boolean; plan?: () => PlannedPicture[] } = {},
): Promise<EnsuredPictures> {
  const started = performance.now();
  const dir = opts.dir ?? defaultPicturesDir;
  const hash = await picturesHash();
  const existing = await readManifest(dir);
  if (!opts.force && existing?.hash === hash && (await isComplete(dir, existing))) {
    return { dir, manifest: existing, rendered: false, ms: performance.now() - started };
  }
  const manifest = await writePictures((opts.plan ?? picturePlan)(), dir, hash);
  return { dir, manifest, rendered: true, ms: performance.now() - started };
}
