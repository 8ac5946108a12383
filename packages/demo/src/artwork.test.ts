import { productInput } from '@antique/shared';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  ART_SIZE,
  BANNER_HEIGHT,
  BANNER_WIDTH,
  ICON_SIZE,
  artworkSvg,
  artworkSvgs,
  artworkWebp,
  bannerWebp,
  iconWebp,
  svgToWebp,
  viewsOf,
  type ArtKind,
  type ArtSpec,
} from './artwork.js';
import { catalogueBanners, catalogueCategories, catalogueProducts } from './catalogue.data.js';

const isWebp = (b: Buffer) =>
  b.subarray(0, 4).toString('ascii') === 'RIFF' && b.subarray(8, 12).toString('ascii') === 'WEBP';

/** One piece of every kind the generator draws. */
const everyKind: Record<ArtKind, ArtSpec> = {
  vase: {
    kind: 'vase',
    shape: 'meiping',
    glaze: 'blue-white',
    motif: 'lotus-scroll',
    mark: { text: '大清乾隆年製', style: 'seal' },
  },
  bowl: { kind: 'bowl', glaze: 'famille-rose', motif: 'flowers', mark: { text: '大清嘉慶年製', style: 'kai' } },
  plate: { kind: 'plate', glaze: 'ge', motif: 'none', mark: { text: '', style: 'spur' } },
  pendant: { kind: 'pendant', shape: 'plaque', jade: 'white', poem: '松下问童子' },
  bi: { kind: 'bi', jade: 'ancient', pattern: 'grain' },
  bangle: { kind: 'bangle', jade: 'jadeite' },
  scroll: { kind: 'scroll', subject: 'landscape' },
  fan: { kind: 'fan', subject: 'calligraphy' },
  ding: { kind: 'ding', legs: 'hoof' },
  gu: { kind: 'gu' },
  mirror: { kind: 'mirror', pattern: 'tlv' },
  chair: { kind: 'chair', style: 'quan', wood: 'zitan' },
  table: { kind: 'table', style: 'an', wood: 'jichimu' },
  stool: { kind: 'stool', wood: 'huanghuali' },
  cabinet: { kind: 'cabinet', wood: 'huanghuali' },
  box: { kind: 'box', wood: 'hongmu' },
  screen: { kind: 'screen', wood: 'zitan' },
  cash: { kind: 'cash', legend: '乾隆通寶', metal: 'brass', patina: 'green', reverse: 'manchu' },
  silver: { kind: 'silver', legend: '中華民國十年', value: '壹圓' },
  spade: { kind: 'spade' },
  knife: { kind: 'knife' },
  coinset: { kind: 'coinset', legends: ['開元通寶', '宋元通寶', '太平通寶', '淳元化寶'] },
  brushpot: { kind: 'brushpot', material: 'bamboo', motif: 'landscape' },
  inkstone: { kind: 'inkstone', stone: 'duan' },
  brushrest: { kind: 'brushrest', material: 'jade' },
  inkcake: { kind: 'inkcake', text: '松烟玄香' },
  seal: { kind: 'seal', stone: 'bloodstone', text: '' },
  waterpot: { kind: 'waterpot', glaze: 'peachbloom' },
  snuff: { kind: 'snuff', material: 'agate' },
  censer: { kind: 'censer', finish: 'gilt-splash' },
  teapot: { kind: 'teapot', clay: 'zhuni', text: '荆溪清玩' },
  lacquer: { kind: 'lacquer', motif: 'flowers' },
  beads: { kind: 'beads', material: 'amber' },
  cloisonne: { kind: 'cloisonne', shape: 'gall' },
};

describe('artwork', () => {
  it.each(Object.values(everyKind))('draws a $kind as an 800×800 WebP', async (spec) => {
    const webp = await artworkWebp(spec, 7);
    expect(isWebp(webp)).toBe(true);
    const meta = await sharp(webp).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', ART_SIZE, ART_SIZE]);
    // not a flat box: the picture has a real spread of tones
    const stats = await sharp(webp).stats();
    expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(12);
  });

  it('gives each kind two to four views, the whole piece first, each of them drawable', async () => {
    for (const spec of Object.values(everyKind)) {
      const views = viewsOf(spec, 3);
      expect(views[0]).toBe('whole');
      expect(views.length).toBeGreaterThanOrEqual(3);
      expect(views.length).toBeLessThanOrEqual(4);
      expect(new Set(views).size).toBe(views.length);
      const svgs = artworkSvgs(spec, 3);
      expect(svgs.map((s) => s.view)).toEqual(views);
      expect(new Set(svgs.map((s) => s.svg)).size).toBe(views.length);
    }
    const last = artworkSvgs(everyKind.vase, 3).at(-1)!;
    const meta = await sharp(await svgToWebp(last.svg)).metadata();
    expect([meta.width, meta.height]).toEqual([ART_SIZE, ART_SIZE]);
  });

  it('is the same for the same seed and differs between seeds', async () => {
    for (const spec of [everyKind.vase, everyKind.scroll, everyKind.ding, everyKind.cash, everyKind.chair]) {
      expect(artworkSvg(spec, 11)).toBe(artworkSvg(spec, 11));
      expect(artworkSvg(spec, 11)).not.toBe(artworkSvg(spec, 12));
    }
    const a = await artworkWebp(everyKind.plate, 5);
    expect((await artworkWebp(everyKind.plate, 5)).equals(a)).toBe(true);
    const b = await artworkWebp(everyKind.plate, 6);
    const [pa, pb] = await Promise.all([a, b].map((w) => sharp(w).raw().toBuffer()));
    let diff = 0;
    for (let i = 0; i < pa!.length; i++) diff += Math.abs(pa![i]! - pb![i]!);
    expect(diff / pa!.length).toBeGreaterThan(2);
  });

  it('draws every product of the catalogue without fault', () => {
    for (const [i, item] of catalogueProducts.entries()) {
      for (const { view, svg } of artworkSvgs(item.art, i + 1)) {
        expect(svg.startsWith('<svg')).toBe(true);
        // numbers and colours all came out right (the embedded PNGs are left out of the check)
        const markup = svg.replace(/data:image\/png;base64,[^"]*/g, '');
        expect(/NaN|undefined|Infinity|null/.test(markup), `${item.title} ${view}`).toBe(false);
      }
    }
  });

  it('makes wide banners and small category icons', async () => {
    const banner = await bannerWebp(catalogueBanners[0]!.art, 1);
    const meta = await sharp(banner).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', BANNER_WIDTH, BANNER_HEIGHT]);
    const icon = await iconWebp(catalogueCategories[0]!.icon, 1);
    const im = await sharp(icon).metadata();
    expect([im.format, im.width, im.height]).toEqual(['webp', ICON_SIZE, ICON_SIZE]);
  });
});

describe('catalogue data', () => {
  const allowedTags = /<\/?(p|strong)>/g;

  it('has the eight departments, some with sub-categories', () => {
    const names = catalogueCategories.map((c) => c.name);
    for (const name of ['瓷器', '玉器', '书画', '铜器', '木器家具', '钱币', '文房', '杂项'])
      expect(names).toContain(name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of catalogueCategories) {
      expect(c.name.length).toBeLessThanOrEqual(20);
      for (const child of c.children ?? []) expect(child.name.length).toBeLessThanOrEqual(20);
    }
  });

  it('has at least 64 pieces, eight or more in each department, every one in a known category', () => {
    expect(catalogueProducts.length).toBeGreaterThanOrEqual(64);
    const known = new Set(
      catalogueCategories.flatMap((c) => [c.name, ...(c.children ?? []).map((ch) => `${c.name}/${ch.name}`)]),
    );
    const perTop = new Map<string, number>();
    for (const p of catalogueProducts) {
      expect(known.has(p.category), p.category).toBe(true);
      // pieces go into the sub-category when a department has them
      const top = catalogueCategories.find((c) => c.name === p.category.split('/')[0])!;
      if (top.children?.length) expect(p.category).toContain('/');
      perTop.set(top.name, (perTop.get(top.name) ?? 0) + 1);
    }
    for (const c of catalogueCategories) expect(perTop.get(c.name) ?? 0, c.name).toBeGreaterThanOrEqual(8);
  });

  it('fills every field, within the limits the console enforces', () => {
    const titles = new Set<string>();
    for (const p of catalogueProducts) {
      const parsed = productInput.safeParse({ ...p, categoryId: 1, cover: '/files/x', images: ['/files/x'] });
      expect(parsed.success, `${p.title}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
      for (const field of ['title', 'era', 'material', 'dimensions', 'provenance', 'description'] as const) {
        expect(p[field].trim().length, `${p.title} ${field}`).toBeGreaterThan(0);
      }
      expect(p.tags.length).toBeGreaterThanOrEqual(1);
      expect(p.tags.length).toBeLessThanOrEqual(5);
      for (const t of p.tags) expect(t.length).toBeLessThanOrEqual(10);
      expect(titles.has(p.title), p.title).toBe(false);
      titles.add(p.title);
    }
  });

  it('prices in whole fen from ¥800 to ¥380,000, never above the market price', () => {
    for (const p of catalogueProducts) {
      expect(Number.isInteger(p.price) && Number.isInteger(p.marketPrice), p.title).toBe(true);
      expect(p.price).toBeGreaterThanOrEqual(80_000);
      expect(p.marketPrice).toBeLessThanOrEqual(38_000_000);
      expect(p.price, p.title).toBeLessThanOrEqual(p.marketPrice);
      expect(Number.isInteger(p.stock) && p.stock >= 0 && p.stock <= 5).toBe(true);
      expect(Number.isInteger(p.sales) && p.sales >= 0).toBe(true);
    }
    const soldOut = catalogueProducts.filter((p) => p.stock === 0).length;
    const offSale = catalogueProducts.filter((p) => !p.onSale);
    // Kept out of the mall: the house's pieces for its auctions (in stock), and a few delisted.
    const forAuction = offSale.filter((p) => p.stock > 0);
    expect(soldOut).toBeGreaterThanOrEqual(2);
    expect(forAuction.length).toBeGreaterThanOrEqual(12);
    expect(new Set(forAuction.map((p) => p.category.split('/')[0])).size).toBeGreaterThanOrEqual(6);
    expect(catalogueProducts.length - offSale.length).toBeGreaterThan((catalogueProducts.length * 2) / 3);
  });

  it('describes in two to four short paragraphs of plain HTML, soberly', () => {
    for (const p of catalogueProducts) {
      const paragraphs = p.description.match(/<p>/g)?.length ?? 0;
      expect(paragraphs, p.title).toBeGreaterThanOrEqual(2);
      expect(paragraphs, p.title).toBeLessThanOrEqual(4);
      expect(p.description.replace(allowedTags, '')).not.toMatch(/[<>]/);
      // the house promises nothing about money back or future value
      expect(`${p.title}${p.description}${p.provenance}`).not.toMatch(/升值|保值|增值|回购|包退|保真|稳赚|投资/);
    }
  });
});
