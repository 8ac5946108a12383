/**
 * Loads the demo into a house through the functions it is given (its services), never its
 * tables: the categories with icons, the pieces with their pictures, the home banners and a
 * few members with money. This package never imports the server; the server hands over a
 * DemoTarget when demo data is on.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { catalogueBanners, catalogueCategories, catalogueProducts, type CatalogueProduct } from './catalogue.data.js';
import { DEMO_PASSWORD, demoMembers } from './members.data.js';
import { ensurePictures, PICTURE_MIME, pictureKey, type PicturePurpose } from './pictures.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

export interface DemoCategoryInput {
  name: string;
  /** The address of the icon, as storePicture returned it. */
  icon: string;
  parentId: number | null;
  sort: number;
}

export interface DemoProductInput {
  categoryId: number;
  title: string;
  cover: string;
  images: string[];
  /** Prices in fen. */
  price: number;
  marketPrice: number;
  stock: number;
  sales: number;
  era: string;
  material: string;
  dimensions: string;
  provenance: string;
  tags: string[];
  description: string;
  onSale: boolean;
  /** When it was put on sale: the demo's pieces were listed over the past weeks. */
  listedAt: Date;
}

export interface DemoBannerInput {
  position: 'home';
  image: string;
  title: string;
  /** A page of the member app. */
  link: string;
  sort: number;
  enabled: boolean;
}

export interface DemoMemberInput {
  phone: string;
  /** In plain text; the house hashes it. */
  password: string;
  nickname: string;
  inviteCode: string;
  /** When they joined: the demo members joined a month ago. */
  createdAt: Date;
  realName?: { name: string; idNumber: string; submittedAt: Date; reviewedAt: Date };
}

/** What the demo needs from the house. Structural: the server builds it from its services. */
export interface DemoTarget {
  /** Whether the demo was loaded before (it is loaded once). */
  isLoaded(): Promise<boolean>;
  markLoaded(): Promise<void>;
  /** Keeps a picture in the upload store; returns the address pages show it by. */
  storePicture(picture: { purpose: PicturePurpose; mime: typeof PICTURE_MIME; body: Buffer }): Promise<string>;
  createCategory(category: DemoCategoryInput): Promise<{ id: number }>;
  createProduct(product: DemoProductInput): Promise<{ id: number }>;
  createBanner(banner: DemoBannerInput): Promise<unknown>;
  /** Returns undefined when the phone already belongs to a member. */
  createMember(member: DemoMemberInput): Promise<{ id: number } | undefined>;
  /** Money paid in from outside (a bank transfer), recorded with the given memo code. */
  deposit(deposit: { memberId: number; amount: number; memo: 'DEMO_DEPOSIT' }): Promise<void>;
}

export interface LoadDemoOptions {
  /** The current time in ms (the house's clock). */
  now: number;
  /** Where the rendered pictures are; rendered there first when missing or out of date. */
  picturesDir?: string;
}

export interface DemoLoaded {
  /** False when the demo was there already and nothing was done. */
  loaded: boolean;
  categories: number;
  products: number;
  banners: number;
  pictures: number;
  /** The members' phones; they all sign in with `password`. */
  members: string[];
  password: string;
  /** Time spent drawing pictures (0 when the build had drawn them). */
  renderMs: number;
  totalMs: number;
}

/** Products in turns across the departments, so the newest page shows a bit of everything. */
export function interleaved(items: readonly CatalogueProduct[]): { item: CatalogueProduct; index: number }[] {
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

/** Loads the demo once; the caller decides whether the steps share one transaction. */
export async function loadDemo(target: DemoTarget, opts: LoadDemoOptions): Promise<DemoLoaded> {
  const started = performance.now();
  const { now } = opts;
  const summary: DemoLoaded = {
    loaded: false,
    categories: 0,
    products: 0,
    banners: 0,
    pictures: 0,
    members: demoMembers.map((m) => m.phone),
    password: DEMO_PASSWORD,
    renderMs: 0,
    totalMs: 0,
  };
  if (await target.isLoaded()) return summary;

  const pictures = await ensurePictures({ dir: opts.picturesDir });
  if (pictures.rendered) summary.renderMs = Math.round(pictures.ms);
  const stored = new Map<string, string>();
  const picture = async (key: string): Promise<string> => {
    const known = stored.get(key);
    if (known) return known;
    const entry = pictures.manifest.pictures[key];
    if (!entry) throw new Error(`the demo pictures have no ${key}; render them again`);
    const body = await fs.readFile(path.join(pictures.dir, entry.file));
    const url = await target.storePicture({ purpose: entry.purpose, mime: PICTURE_MIME, body });
    stored.set(key, url);
    summary.pictures++;
    return url;
  };

  for (const [i, m] of demoMembers.entries()) {
    const member = await target.createMember({
      phone: m.phone,
      password: DEMO_PASSWORD,
      nickname: m.nickname,
      inviteCode: `DEMO0${i + 1}`,
      createdAt: new Date(now - (30 - i) * DAY),
      ...(m.realName
        ? {
            realName: {
              ...m.realName,
              submittedAt: new Date(now - 20 * DAY),
              reviewedAt: new Date(now - 19 * DAY),
            },
          }
        : {}),
    });
    if (!member) continue;
    if (m.deposit > 0) await target.deposit({ memberId: member.id, amount: m.deposit, memo: 'DEMO_DEPOSIT' });
  }

  const categoryIds = new Map<string, number>();
  for (const [i, c] of catalogueCategories.entries()) {
    const top = await target.createCategory({
      name: c.name,
      icon: await picture(pictureKey.category(i)),
      parentId: null,
      sort: (i + 1) * 10,
    });
    categoryIds.set(c.name, top.id);
    summary.categories++;
    for (const [j, child] of (c.children ?? []).entries()) {
      const sub = await target.createCategory({
        name: child.name,
        icon: await picture(pictureKey.category(i, j)),
        parentId: top.id,
        sort: (j + 1) * 10,
      });
      categoryIds.set(`${c.name}/${child.name}`, sub.id);
      summary.categories++;
    }
  }

  const order = interleaved(catalogueProducts);
  for (const [position, { item, index }] of order.entries()) {
    const categoryId = categoryIds.get(item.category);
    if (categoryId === undefined) throw new Error(`no category ${item.category} for ${item.title}`);
    const images: string[] = [];
    for (let v = 0; pictures.manifest.pictures[pictureKey.product(index, v)]; v++) {
      images.push(await picture(pictureKey.product(index, v)));
    }
    if (!images[0]) throw new Error(`the demo pictures have no ${pictureKey.product(index, 0)}; render them again`);
    const { art: _art, category: _category, ...fields } = item;
    await target.createProduct({
      ...fields,
      categoryId,
      cover: images[0],
      images,
      // listed over the past weeks, the last one an hour ago
      listedAt: new Date(now - (order.length - position) * 5 * HOUR),
    });
    summary.products++;
  }

  for (const [i, b] of catalogueBanners.entries()) {
    const categoryId = b.link.category ? categoryIds.get(b.link.category) : undefined;
    await target.createBanner({
      position: 'home',
      image: await picture(pictureKey.banner(i)),
      title: b.title,
      link: categoryId ? `/pages/mall/mall?categoryId=${categoryId}` : '/pages/mall/mall',
      sort: (i + 1) * 10,
      enabled: true,
    });
    summary.banners++;
  }

  await target.markLoaded();
  summary.loaded = true;
  summary.totalMs = Math.round(performance.now() - started);
  return summary;
}
