/**
 * The demo catalogue's pictures, drawn in code: an SVG still life for each product
 * (a vase, a jade, a scroll, a ding...) on a studio backdrop, rendered to WebP by sharp.
 * Everything follows from a seed, so a product looks the same on every start and no two
 * products look alike. No image is downloaded or copied.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import { glyphMapped, glyphPath } from './artwork-glyphs.js';

// ---------------------------------------------------------------------------------------------
// What can be drawn

export type Glaze =
  | 'blue-white'
  | 'famille-rose'
  | 'famille-yellow'
  | 'celadon'
  | 'ru'
  | 'ge'
  | 'red'
  | 'blue'
  | 'yellow'
  | 'teadust'
  | 'white'
  | 'peachbloom'
  | 'jun'
  | 'tenmoku'
  | 'cloisonne';
export type VesselMotif = 'lotus-scroll' | 'flowers' | 'fish' | 'plum' | 'bamboo' | 'landscape' | 'clouds' | 'none';
export type VaseShape = 'meiping' | 'yuhuchun' | 'shangping' | 'tianqiu' | 'guan' | 'gourd' | 'gall';
export type Jade = 'white' | 'greenish' | 'spinach' | 'yellow' | 'jadeite' | 'ancient';
export type Wood = 'huanghuali' | 'zitan' | 'jichimu' | 'hongmu' | 'nanmu';
/** A reign or hall mark on a base: the text, and how it is written. */
export interface BaseMark {
  text: string;
  style: 'seal' | 'kai' | 'red-seal' | 'spur' | 'none';
  /** Underglaze blue or overglaze iron red; by default what the glaze usually has. */
  color?: 'blue' | 'red';
}

export type ArtSpec =
  | { kind: 'vase'; shape: VaseShape; glaze: Glaze; motif: VesselMotif; mark: BaseMark }
  | { kind: 'bowl'; glaze: Glaze; motif: VesselMotif; mark: BaseMark }
  | { kind: 'plate'; glaze: Glaze; motif: VesselMotif; mark: BaseMark }
  | { kind: 'pendant'; shape: 'plaque' | 'gourd' | 'ruyi' | 'buckle'; jade: Jade; poem?: string }
  | { kind: 'bi'; jade: Jade; pattern: 'grain' | 'cloud' | 'plain' }
  | { kind: 'bangle'; jade: Jade }
  | { kind: 'scroll'; subject: 'landscape' | 'calligraphy' | 'bamboo' | 'plum' }
  | { kind: 'fan'; subject: 'landscape' | 'calligraphy' | 'plum' }
  | { kind: 'ding'; legs: 'column' | 'hoof' }
  | { kind: 'gu' }
  | { kind: 'mirror'; pattern: 'flower' | 'tlv' | 'plain' }
  | { kind: 'chair'; style: 'guanmao' | 'quan'; wood: Wood }
  | { kind: 'table'; style: 'an' | 'square' | 'kang'; wood: Wood }
  | { kind: 'stool'; wood: Wood }
  | { kind: 'cabinet'; wood: Wood }
  | { kind: 'box'; wood: Wood }
  | { kind: 'screen'; wood: Wood }
  /** `legend`: four characters read top, bottom, right, left. */
  | {
      kind: 'cash';
      legend: string;
      metal: 'brass' | 'bronze';
      patina: 'green' | 'smooth' | 'red';
      reverse: 'blank' | 'manchu' | 'crescent';
    }
  | { kind: 'silver'; legend: string; value: string }
  | { kind: 'spade' }
  | { kind: 'knife' }
  | { kind: 'coinset'; legends: string[] }
  | { kind: 'brushpot'; material: 'bamboo' | 'zitan' | 'huanghuali' | 'porcelain'; motif: VesselMotif }
  | { kind: 'inkstone'; stone: 'duan' | 'she' | 'chengni' }
  | { kind: 'brushrest'; material: 'bronze' | 'jade' | 'wood' | 'porcelain' }
  | { kind: 'inkcake'; text: string }
  | { kind: 'seal'; stone: 'shoushan' | 'bloodstone' | 'qingtian'; text: string }
  | { kind: 'waterpot'; glaze: Glaze }
  | { kind: 'snuff'; material: 'agate' | 'glass-red' | 'glass-yellow' | 'porcelain' | 'jade' }
  | { kind: 'censer'; finish: 'cornsilk' | 'gilt-splash' | 'patina' }
  | { kind: 'teapot'; clay: 'zini' | 'zhuni' | 'duanni'; text: string }
  | { kind: 'lacquer'; motif: 'flowers' | 'landscape' }
  | { kind: 'beads'; material: 'agarwood' | 'amber' | 'bodhi' | 'carnelian' }
  | { kind: 'cloisonne'; shape: VaseShape };

export type ArtKind = ArtSpec['kind'];

/** One picture of a product: the whole piece, another side, a detail, its base or back. */
export type ArtView = 'whole' | 'side' | 'close' | 'detail' | 'base' | 'reverse';

export const ART_SIZE = 800;
export const BANNER_WIDTH = 1125;
export const BANNER_HEIGHT = 480;
export const ICON_SIZE = 96;

/** Marks and inscriptions the drawing code writes by itself, whatever the spec says. */
const CLOISONNE_MARK = '大明景泰年製';
const WATERPOT_MARK = '大清康熙年製';
const PLAQUE_POEM = '青山不墨千秋画流水无弦万古琴';

/**
 * Every character a piece's pictures write (reign marks, legends, inscriptions): the
 * characters the outline table must hold.
 */
export function writingOf(spec: ArtSpec): string {
  switch (spec.kind) {
    case 'vase':
    case 'bowl':
    case 'plate':
      return ['seal', 'kai', 'red-seal'].includes(spec.mark.style) ? spec.mark.text : '';
    case 'cloisonne':
      return CLOISONNE_MARK;
    case 'waterpot':
      return WATERPOT_MARK;
    case 'pendant':
      return spec.shape === 'plaque' ? (spec.poem ?? PLAQUE_POEM) : '';
    case 'cash':
      return [...spec.legend].slice(0, 4).join('');
    case 'silver':
      return spec.legend + [...spec.value].slice(0, 2).join('');
    case 'coinset':
      return spec.legends.slice(0, 9).join('');
    case 'inkcake':
    case 'teapot':
      return spec.text;
    default:
      return '';
  }
}

// ---------------------------------------------------------------------------------------------
// Randomness: every picture follows from its seed.

function hashSeed(seed: number): number {
  let h = (seed ^ 0x9e3779b9) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0;
  return (h ^ (h >>> 16)) >>> 0;
}

export class Rand {
  private state: number;
  constructor(seed: number) {
    this.state = hashSeed(seed);
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.floor(this.range(a, b + 1));
  }
  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** An independent stream, so one part of a picture does not shift the others. */
  fork(salt: number): Rand {
    return new Rand((this.state ^ Math.imul(salt + 1, 0x27d4eb2d)) >>> 0);
  }
}

// ---------------------------------------------------------------------------------------------
// SVG plumbing

type Pt = [number, number];
const TAU = Math.PI * 2;

/** Points from a flat list x0, y0, x1, y1, ... */
function pairs(v: readonly number[]): Pt[] {
  const out: Pt[] = [];
  for (let i = 0; i + 1 < v.length; i += 2) out.push([v[i]!, v[i + 1]!]);
  return out;
}

const n = (v: number): string => {
  const r = Math.round(v * 10) / 10;
  return Object.is(r, -0) ? '0' : String(r);
};

/** A path through the points: straight segments, or a smooth Catmull-Rom curve. */
function pathD(pts: readonly Pt[], closed: boolean, smooth = true): string {
  if (pts.length === 0) return '';
  const p0 = pts[0]!;
  if (!smooth || pts.length < 3) {
    return `M${pts.map((p) => `${n(p[0])} ${n(p[1])}`).join('L')}${closed ? 'Z' : ''}`;
  }
  const at = (i: number): Pt => {
    const len = pts.length;
    if (closed) return pts[((i % len) + len) % len]!;
    return pts[Math.max(0, Math.min(len - 1, i))]!;
  };
  let d = `M${n(p0[0])} ${n(p0[1])}`;
  const segs = closed ? pts.length : pts.length - 1;
  for (let i = 0; i < segs; i++) {
    const a = at(i - 1);
    const b = at(i);
    const c = at(i + 1);
    const e = at(i + 2);
    const c1: Pt = [b[0] + (c[0] - a[0]) / 6, b[1] + (c[1] - a[1]) / 6];
    const c2: Pt = [c[0] - (e[0] - b[0]) / 6, c[1] - (e[1] - b[1]) / 6];
    d += `C${n(c1[0])} ${n(c1[1])} ${n(c2[0])} ${n(c2[1])} ${n(c[0])} ${n(c[1])}`;
  }
  return closed ? `${d}Z` : d;
}

function hexToRgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}
function rgbToHex(r: number, g: number, b: number): string {
  const c = (v: number) =>
    Math.max(0, Math.min(255, Math.round(v)))
      .toString(16)
      .padStart(2, '0');
  return `#${c(r)}${c(g)}${c(b)}`;
}
/** Mixes two colours: t = 0 gives a, 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const x = hexToRgb(a);
  const y = hexToRgb(b);
  return rgbToHex(x[0] + (y[0] - x[0]) * t, x[1] + (y[1] - x[1]) * t, x[2] + (y[2] - x[2]) * t);
}
/** Lighter (t > 0) or darker (t < 0). */
function shade(c: string, t: number): string {
  return t >= 0 ? mix(c, '#ffffff', t) : mix(c, '#000000', -t);
}

type Stop = [offset: number, color: string, opacity?: number];

/** One SVG document being put together: definitions, then the picture in layers. */
class Doc {
  private defs: string[] = [];
  private body: string[] = [];
  private seq = 0;
  constructor(
    readonly width: number,
    readonly height: number,
    /** Keeps ids apart when one drawing is set inside another. */
    private readonly scope = '',
  ) {}
  id(prefix: string): string {
    this.seq += 1;
    return `${this.scope}${prefix}${this.seq}`;
  }
  def(s: string): void {
    this.defs.push(s);
  }
  add(s: string): void {
    this.body.push(s);
  }
  private stops(stops: readonly Stop[]): string {
    return stops
      .map(
        ([o, c, a]) =>
          `<stop offset="${n(o * 100)}%" stop-color="${c}"${a === undefined ? '' : ` stop-opacity="${a}"`}/>`,
      )
      .join('');
  }
  linear(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1, user = false): string {
    const id = this.id('l');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.def(
      `<linearGradient id="${id}" x1="${n(x1)}" y1="${n(y1)}" x2="${n(x2)}" y2="${n(y2)}"${units}>${this.stops(stops)}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  radial(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5, fx = cx, fy = cy, user = false): string {
    const id = this.id('r');
    const units = user ? ' gradientUnits="userSpaceOnUse"' : '';
    this.def(
      `<radialGradient id="${id}" cx="${n(cx)}" cy="${n(cy)}" r="${n(r)}" fx="${n(fx)}" fy="${n(fy)}"${units}>${this.stops(stops)}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  clip(d: string): string {
    const id = this.id('c');
    this.def(`<clipPath id="${id}"><path d="${d}"/></clipPath>`);
    return `url(#${id})`;
  }
  blur(sd: number): string {
    const id = this.id('f');
    this.def(
      `<filter id="${id}" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="${sd}"/></filter>`,
    );
    return `url(#${id})`;
  }
  svg(viewBox?: [number, number, number, number]): string {
    const vb = viewBox ? viewBox.map(n).join(' ') : `0 0 ${this.width} ${this.height}`;
    return `<svg xmlns="http://www.w3.org/2000/svg" width="${this.width}" height="${this.height}" viewBox="${vb}"><defs>${this.defs.join('')}</defs>${this.body.join('')}</svg>`;
  }
}

/** A small picture computed pixel by pixel, laid into the SVG as a PNG and scaled up smoothly. */
class Raster {
  readonly data: Uint8Array;
  constructor(
    readonly w: number,
    readonly h: number,
  ) {
    this.data = new Uint8Array(w * h * 4);
  }
  set(i: number, j: number, r: number, g: number, b: number, a: number): void {
    const o = (j * this.w + i) * 4;
    this.data[o] = r;
    this.data[o + 1] = g;
    this.data[o + 2] = b;
    this.data[o + 3] = Math.round(Math.max(0, Math.min(1, a)) * 255);
  }
  /** Black at `dark` under white at `light`, as one layer. */
  over(i: number, j: number, dark: number, light: number): void {
    const a = 1 - (1 - dark) * (1 - light);
    const c = a > 0 ? (light / a) * 255 : 0;
    this.set(i, j, c, c, c, a);
  }
  image(x: number, y: number, w: number, h: number, extra = ''): string {
    return `<image x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" preserveAspectRatio="none"${extra} href="data:image/png;base64,${this.png().toString('base64')}"/>`;
  }
  png(): Buffer {
    const raw = Buffer.alloc((this.w * 4 + 1) * this.h);
    for (let j = 0; j < this.h; j++) {
      raw[j * (this.w * 4 + 1)] = 0;
      Buffer.from(this.data.buffer, j * this.w * 4, this.w * 4).copy(raw, j * (this.w * 4 + 1) + 1);
    }
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(this.w, 0);
    ihdr.writeUInt32BE(this.h, 4);
    ihdr.set([8, 6, 0, 0, 0], 8);
    return Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      pngChunk('IHDR', ihdr),
      pngChunk('IDAT', zlib.deflateSync(raw, { level: 1 })),
      pngChunk('IEND', Buffer.alloc(0)),
    ]);
  }
}

function pngChunk(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length, 0);
  head.write(type, 4, 'ascii');
  const crc = zlib.crc32(body, zlib.crc32(head.subarray(4)));
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc >>> 0, 0);
  return Buffer.concat([head, body, tail]);
}

function pathEl(d: string, attrs: string): string {
  return `<path d="${d}" ${attrs}/>`;
}

// ---------------------------------------------------------------------------------------------
// Studio: the backdrop and the shadow under a piece

type Tone = 'ink' | 'slate' | 'umber' | 'warm' | 'linen' | 'wall' | 'velvet';

const TONES: Record<Tone, { top: string; bottom: string; spot: string; spotAlpha: number; vignette: number }> = {
  ink: { top: '#2a2622', bottom: '#121010', spot: '#6a5b4b', spotAlpha: 0.55, vignette: 0.55 },
  slate: { top: '#33373a', bottom: '#151719', spot: '#6d716f', spotAlpha: 0.5, vignette: 0.5 },
  umber: { top: '#4d3b2c', bottom: '#1e1610', spot: '#8a6d50', spotAlpha: 0.5, vignette: 0.5 },
  velvet: { top: '#45211d', bottom: '#1a0c0b', spot: '#7a3c32', spotAlpha: 0.45, vignette: 0.55 },
  warm: { top: '#e9dfcf', bottom: '#c9b797', spot: '#fbf6ec', spotAlpha: 0.8, vignette: 0.28 },
  linen: { top: '#ddd6c8', bottom: '#b5aa96', spot: '#f4efe5', spotAlpha: 0.7, vignette: 0.3 },
  wall: { top: '#d9d1c2', bottom: '#b3a790', spot: '#efe9dd', spotAlpha: 0.75, vignette: 0.32 },
};

const backdrops = new Map<string, string>();

/**
 * A seamless studio sweep with a soft light behind the piece and darker corners. Computed
 * as a small raster (a full-size radial gradient costs the renderer far more) and kept.
 */
function backdrop(doc: Doc, tone: Tone, spot: Pt = [0.42, 0.4]): void {
  const key = `${tone}:${spot.join(',')}:${doc.width}x${doc.height}`;
  let image = backdrops.get(key);
  if (!image) {
    const t = TONES[tone];
    const top = hexToRgb(t.top);
    const bottom = hexToRgb(t.bottom);
    const light = hexToRgb(t.spot);
    const ras = new Raster(Math.ceil(doc.width / 5), Math.ceil(doc.height / 5));
    for (let j = 0; j < ras.h; j++) {
      const fy = (j + 0.5) / ras.h;
      for (let i = 0; i < ras.w; i++) {
        const fx = (i + 0.5) / ras.w;
        let c = [0, 1, 2].map((k) => top[k]! + (bottom[k]! - top[k]!) * fy);
        const d = Math.hypot(fx - spot[0], fy - spot[1]) / 0.62;
        const a =
          d < 0.45 ? t.spotAlpha * (1 - (d / 0.45) * 0.55) : d < 1 ? t.spotAlpha * 0.45 * (1 - (d - 0.45) / 0.55) : 0;
        c = c.map((v, k) => v + (light[k]! - v) * a);
        const dv = Math.hypot(fx - 0.5, fy - 0.46) / 0.78;
        const vig = dv < 0.55 ? 0 : Math.min(1, (dv - 0.55) / 0.45) * t.vignette;
        c = c.map((v) => v * (1 - vig));
        ras.set(i, j, c[0]!, c[1]!, c[2]!, 1);
      }
    }
    image = ras.image(0, 0, doc.width, doc.height);
    backdrops.set(key, image);
  }
  doc.add(image);
}

/** A light-to-dark wash across a round piece, lit from the upper left (cheaper than a radial). */
function lit(doc: Doc, stops: readonly Stop[]): string {
  return doc.linear(stops, 0.15, 0.1, 0.85, 0.95);
}

const discShadows = new Map<string, Raster>();

/** The soft shadow of a round piece lying flat: dark under it, fading out past its edge. */
function discShadow(doc: Doc, cx: number, cy: number, R: number, from: number, alpha: number): void {
  const key = `${Math.round(R)}:${from}:${alpha}`;
  let ras = discShadows.get(key);
  const size = R * 2.2;
  if (!ras) {
    ras = new Raster(64, 64);
    for (let j = 0; j < 64; j++) {
      for (let i = 0; i < 64; i++) {
        const d = (Math.hypot(i + 0.5 - 32, j + 0.5 - 32) / 32) * 1.1;
        const t = d <= from ? 1 : d >= 1 ? 0 : 1 - (d - from) / (1 - from);
        ras.set(i, j, 0, 0, 0, alpha * t * t * (3 - 2 * t));
      }
    }
    discShadows.set(key, ras);
  }
  doc.add(ras.image(cx - size / 2, cy - size / 2, size, size));
}

const groundShadows = new Map<string, Raster>();

/** A soft shadow on the ground, widest under the piece and darkest where it touches. */
function groundShadow(doc: Doc, cx: number, cy: number, rx: number, ry: number, strength = 1, dx = 0.06): void {
  const key = `${strength}:${dx}`;
  let ras = groundShadows.get(key);
  // the picture spans the soft outer shadow: 2.9 rx by 3.2 ry, offset to the right
  if (!ras) {
    ras = new Raster(96, 32);
    const falloff = (d: number, stops: [number, number][]) => {
      if (d >= 1) return 0;
      for (let k = 1; k < stops.length; k++) {
        const [o1, a1] = stops[k]!;
        const [o0, a0] = stops[k - 1]!;
        if (d <= o1) return a0 + ((a1 - a0) * (d - o0)) / (o1 - o0);
      }
      return 0;
    };
    for (let j = 0; j < 32; j++) {
      for (let i = 0; i < 96; i++) {
        const x = ((i + 0.5) / 96 - 0.5) * 2.9 + dx * 2;
        const y = ((j + 0.5) / 32 - 0.5) * 3.2;
        const soft = falloff(Math.hypot((x - dx * 2) / 1.45, y / 1.6), [
          [0, 0.42],
          [0.55, 0.2],
          [1, 0],
        ]);
        const contact = falloff(Math.hypot((x - dx) / 1.04, y / 0.7), [
          [0, 0.55],
          [0.7, 0.3],
          [1, 0],
        ]);
        ras.set(i, j, 0, 0, 0, (1 - (1 - soft) * (1 - contact)) * strength);
      }
    }
    groundShadows.set(key, ras);
  }
  doc.add(ras.image(cx + rx * dx * 2 - rx * 1.45, cy - ry * 1.6, rx * 2.9, ry * 3.2));
}

// ---------------------------------------------------------------------------------------------
// Shapes and surfaces: motifs are drawn flat, then laid onto a round body, a dish or a panel.

interface Shape {
  pts: Pt[];
  closed: boolean;
  fill?: string;
  stroke?: string;
  width?: number;
  opacity?: number;
  smooth?: boolean;
}

/** Where flat drawing lands on the picture: a projection that may hide or split shapes. */
interface Surface {
  project(shape: Shape): Pt[][];
}

/**
 * Lays shapes onto a surface. Shapes drawn alike go into one path (the renderer pays per
 * element), each group in the order its style first appears: stems, then leaves, then
 * veins, then flowers, as the motifs list them.
 */
function emit(doc: Doc, surface: Surface, shapes: readonly Shape[]): void {
  const groups = new Map<string, string[]>();
  for (const s of shapes) {
    const runs = surface.project(s);
    const d = runs
      .filter((run) => run.length > 1)
      .map((run) => pathD(run, s.closed, s.smooth ?? true))
      .join('');
    if (!d) continue;
    const attrs = [
      `fill="${s.fill ?? 'none'}"`,
      s.stroke
        ? `stroke="${s.stroke}" stroke-width="${n(s.width ?? 1)}" stroke-linecap="round" stroke-linejoin="round"`
        : '',
      s.opacity !== undefined && s.opacity < 1
        ? `fill-opacity="${s.opacity.toFixed(2)}" stroke-opacity="${s.opacity.toFixed(2)}"`
        : '',
    ]
      .filter(Boolean)
      .join(' ');
    const group = groups.get(attrs);
    if (group) group.push(d);
    else groups.set(attrs, [d]);
  }
  doc.add([...groups].map(([attrs, ds]) => pathEl(ds.join(''), attrs)).join(''));
}

const flatSurface = (dx = 0, dy = 0, scale = 1): Surface => ({
  project: (s) => [s.pts.map(([x, y]) => [dx + x * scale, dy + y * scale] as Pt)],
});

/** A ring of a dish seen from above: x runs round the ring, y outward-to-inward from radius `outer`. */
const polarSurface = (cx: number, cy: number, outer: number, rRef: number): Surface => ({
  project: (s) => [
    s.pts.map(([x, y]) => {
      const a = x / rRef - Math.PI / 2;
      const rad = outer - y;
      return [cx + rad * Math.cos(a), cy + rad * Math.sin(a)] as Pt;
    }),
  ],
});

function transform(pts: readonly Pt[], dx: number, dy: number, rot = 0, sx = 1, sy = sx): Pt[] {
  const c = Math.cos(rot);
  const s = Math.sin(rot);
  return pts.map(([x, y]) => [dx + x * sx * c - y * sy * s, dy + x * sx * s + y * sy * c] as Pt);
}

function circlePts(r: number, steps = 24, cx = 0, cy = 0, ry = r): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i < steps; i++) {
    const a = (i / steps) * TAU;
    pts.push([cx + r * Math.cos(a), cy + ry * Math.sin(a)]);
  }
  return pts;
}

/** A pointed leaf or petal from its base at (0,0) to its tip at (0,-len). */
function petalPts(len: number, wid: number, bulge = 0.45, steps = 7, bend = 0): Pt[] {
  const left: Pt[] = [];
  const right: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    // the widest point at `bulge` of the way along
    const s = t < bulge ? (0.5 * t) / bulge : 0.5 + (0.5 * (t - bulge)) / (1 - bulge);
    const w = wid * 0.5 * Math.pow(Math.sin(Math.PI * s), 0.9);
    const y = -len * t;
    const x = bend * len * t * t;
    left.push([x - w, y]);
    right.push([x + w, y]);
  }
  return [...left, ...right.reverse().slice(1, -1)];
}

/** A rounded petal (peony, blossom): broad at the end. */
function roundPetal(len: number, wid: number, steps = 10): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const a = Math.PI + (i / steps) * Math.PI;
    pts.push([Math.cos(a) * wid * 0.5, -len * 0.55 + Math.sin(a) * len * 0.45]);
  }
  pts.push([wid * 0.18, 0]);
  pts.push([-wid * 0.18, 0]);
  return pts;
}

function spiral(turns: number, r0: number, dir = 1, steps = 18): Pt[] {
  const pts: Pt[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const a = dir * t * turns * TAU;
    const r = r0 * (1 - t * 0.85);
    pts.push([r * Math.sin(a), -r * Math.cos(a) + r0]);
  }
  return pts;
}

interface Palette {
  line: string;
  wash: string;
  deep: string;
  leaf: string;
  leafLine: string;
  stem: string;
  flowers: string[];
  heart: string;
  lineWidth: number;
  /** Fill of borders (plantain, ruyi, panels) when it differs from the main wash. */
  border?: string;
}

const PALETTES: Record<string, Palette> = {
  cobalt: {
    line: '#18286a',
    wash: '#3b5cae',
    deep: '#1c2f78',
    leaf: '#3556a6',
    leafLine: '#18286a',
    stem: '#22378a',
    flowers: ['#4b6bbb', '#3a5aab'],
    heart: '#1b2b70',
    lineWidth: 1.6,
  },
  rose: {
    line: '#7a4a3a',
    wash: '#e7a1b0',
    deep: '#b8405e',
    leaf: '#5f8c4e',
    leafLine: '#3d6034',
    stem: '#6f4a32',
    flowers: ['#eaa0b4', '#f1c7d0', '#d86b8a', '#f4f0e6', '#e6b84a'],
    heart: '#e0b23c',
    lineWidth: 1.1,
    border: '#9cc9b6',
  },
  cloisonne: {
    line: '#d9b45a',
    wash: '#c23b33',
    deep: '#8e1f1f',
    leaf: '#3f8a5a',
    leafLine: '#d9b45a',
    stem: '#d9b45a',
    flowers: ['#c8342c', '#f1d36b', '#f4efe2', '#3c5db0'],
    heart: '#f1d36b',
    lineWidth: 1.4,
    border: '#2f4fa0',
  },
  ink: {
    line: '#2b2824',
    wash: '#5b5650',
    deep: '#1e1c19',
    leaf: '#3b3834',
    leafLine: '#2b2824',
    stem: '#2b2824',
    flowers: ['#f3efe6'],
    heart: '#2b2824',
    lineWidth: 1.3,
  },
  carved: {
    line: '#00000000',
    wash: '#000000',
    deep: '#000000',
    leaf: '#000000',
    leafLine: '#000000',
    stem: '#000000',
    flowers: ['#000000'],
    heart: '#000000',
    lineWidth: 1,
  },
};

interface Band {
  /** Flat length round the body (or across a panel). */
  length: number;
  v0: number;
  v1: number;
}

type MotifFn = (r: Rand, band: Band, pal: Palette) => Shape[];

function lotusFlower(pal: Palette, s: number, x: number, y: number, rot: number, fill: string): Shape[] {
  const out: Shape[] = [];
  const petals = 5;
  for (let i = 0; i < petals; i++) {
    const a = (i / (petals - 1) - 0.5) * 2.1;
    const len = s * (i === 2 ? 1 : 0.86);
    out.push({
      pts: transform(petalPts(len, s * 0.42, 0.5, 6), x, y, rot + a * 0.75),
      closed: true,
      fill,
      stroke: pal.line,
      width: pal.lineWidth,
    });
  }
  out.push({
    pts: transform(
      [
        [-s * 0.35, 0],
        [-s * 0.2, -s * 0.3],
        [s * 0.2, -s * 0.3],
        [s * 0.35, 0],
        [0, s * 0.12],
      ],
      x,
      y,
      rot,
    ),
    closed: true,
    fill: pal.heart,
    stroke: pal.line,
    width: pal.lineWidth,
  });
  // the calyx under the flower
  out.push({
    pts: transform(
      [
        [-s * 0.5, s * 0.02],
        [0, s * 0.3],
        [s * 0.5, s * 0.02],
        [0, s * 0.14],
      ],
      x,
      y,
      rot,
    ),
    closed: true,
    fill: pal.deep,
    stroke: pal.line,
    width: pal.lineWidth,
  });
  return out;
}

function peony(pal: Palette, s: number, x: number, y: number, fill: string, r: Rand): Shape[] {
  const out: Shape[] = [];
  const rings = [
    { count: 7, len: s, wid: s * 0.75, c: shade(fill, -0.12) },
    { count: 6, len: s * 0.72, wid: s * 0.62, c: fill },
    { count: 5, len: s * 0.45, wid: s * 0.45, c: shade(fill, 0.25) },
  ];
  const off = r.range(0, 1);
  for (const ring of rings) {
    for (let i = 0; i < ring.count; i++) {
      const a = ((i + off) / ring.count) * TAU;
      out.push({
        pts: transform(roundPetal(ring.len, ring.wid), x, y, a, 1, 0.8),
        closed: true,
        fill: ring.c,
        stroke: pal.line,
        width: pal.lineWidth * 0.8,
      });
    }
  }
  out.push({ pts: circlePts(s * 0.16, 10, x, y), closed: true, fill: pal.heart, stroke: pal.line, width: 0.8 });
  return out;
}

function blossom(pal: Palette, s: number, x: number, y: number, fill: string, rot = 0): Shape[] {
  const out: Shape[] = [];
  for (let i = 0; i < 5; i++) {
    out.push({
      pts: transform(roundPetal(s, s * 0.9, 8), x, y, rot + (i / 5) * TAU),
      closed: true,
      fill,
      stroke: pal.line,
      width: pal.lineWidth * 0.8,
    });
  }
  out.push({ pts: circlePts(s * 0.22, 8, x, y), closed: true, fill: pal.heart });
  return out;
}

function leafShape(pal: Palette, len: number, wid: number, x: number, y: number, rot: number, bend = 0): Shape[] {
  const pts = transform(petalPts(len, wid, 0.4, 7, bend), x, y, rot);
  const vein = transform(
    [
      [0, 0],
      [bend * len * 0.25, -len * 0.5],
      [bend * len * 0.8, -len * 0.9],
    ],
    x,
    y,
    rot,
  );
  return [
    { pts, closed: true, fill: pal.leaf, stroke: pal.leafLine, width: pal.lineWidth * 0.8 },
    { pts: vein, closed: false, stroke: pal.leafLine, width: pal.lineWidth * 0.6 },
  ];
}

/** 缠枝莲: a wave of stem round the body, a lotus in each loop, leaves and tendrils between. */
const lotusScroll: MotifFn = (r, band, pal) => {
  const full = band.v1 - band.v0;
  // a tall band carries two scrolls, one above the other
  const rows = Math.max(1, Math.min(3, Math.round(full / 170)));
  const out: Shape[] = [];
  for (let row = 0; row < rows; row++) {
    const v0 = band.v0 + (full * row) / rows;
    out.push(...lotusScrollRow(r, { length: band.length, v0, v1: v0 + full / rows }, pal, row));
  }
  return out;
};

function lotusScrollRow(r: Rand, band: Band, pal: Palette, row: number): Shape[] {
  const h = band.v1 - band.v0;
  const vm = (band.v0 + band.v1) / 2;
  const repeats = Math.max(3, Math.round(band.length / (h * 1.3)));
  const period = band.length / repeats;
  const amp = h * 0.31;
  const phase = r.range(0, TAU) + row * Math.PI;
  const stemAt = (x: number) => vm + amp * Math.sin((x / period) * TAU + phase);
  const out: Shape[] = [];
  const stem: Pt[] = [];
  for (let i = 0; i <= repeats * 24; i++) {
    const x = (i / (repeats * 24)) * band.length;
    stem.push([x, stemAt(x)]);
  }
  const stemW = Math.max(1.6, h * 0.022);
  out.push({ pts: stem, closed: false, stroke: pal.stem, width: stemW });
  const s = Math.min(period * 0.32, h * 0.29);
  for (let m = 0; m < repeats; m++) {
    for (const up of [true, false]) {
      // the crest of the wave; the flower sits in the loop it makes
      const xc = ((up ? -0.25 : 0.25) - phase / TAU + m + 4) * period;
      const fy = up ? vm + amp * 0.28 : vm - amp * 0.22;
      const stalkFrom: Pt = [xc + period * 0.2, stemAt(xc + period * 0.2)];
      out.push({
        pts: [stalkFrom, [xc + period * 0.1, fy + s * 0.45], [xc, fy + s * 0.22]],
        closed: false,
        stroke: pal.stem,
        width: stemW * 0.7,
      });
      if (up || r.chance(0.6)) out.push(...lotusFlower(pal, s, xc, fy, 0, r.pick(pal.flowers)));
      else out.push(...peony(pal, s * 0.55, xc, fy - s * 0.2, r.pick(pal.flowers), r));
      // leaves where the stem crosses the middle, and a tendril
      const lx = xc - period * 0.25;
      const ly = stemAt(lx);
      out.push(...leafShape(pal, s * r.range(0.75, 0.95), s * 0.4, lx, ly, up ? -2.2 : -1.0, 0.25));
      out.push(
        ...leafShape(
          pal,
          s * r.range(0.6, 0.8),
          s * 0.34,
          lx + period * 0.06,
          stemAt(lx + period * 0.06),
          up ? 2.0 : 0.9,
          -0.25,
        ),
      );
      if (r.chance(0.85)) {
        const tx = xc + period * 0.33;
        out.push({
          pts: transform(spiral(1.5, s * 0.2, up ? -1 : 1), tx, stemAt(tx), up ? Math.PI : 0),
          closed: false,
          stroke: pal.stem,
          width: stemW * 0.6,
        });
      }
    }
  }
  return out;
}

/** One flowering branch rising from (x, base), `h` tall: peonies, blossoms, buds and leaves. */
function spray(r: Rand, pal: Palette, x: number, base: number, h: number, lean: number): Shape[] {
  const out: Shape[] = [];
  const leaves: Shape[] = [];
  const branch: Pt[] = [];
  const steps = 6;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    branch.push([x + h * lean * t + Math.sin(t * 3.4) * h * 0.08, base - h * 0.82 * t]);
  }
  const twigAt = branch[3]!;
  const dir = lean >= 0 ? -1 : 1;
  const twig: Pt[] = [
    twigAt,
    [twigAt[0] + dir * h * 0.2, twigAt[1] - h * 0.04],
    [twigAt[0] + dir * h * 0.36, twigAt[1] + h * 0.04],
  ];
  out.push({ pts: branch, closed: false, stroke: pal.stem, width: Math.max(2, h * 0.022) });
  out.push({ pts: twig, closed: false, stroke: pal.stem, width: Math.max(1.4, h * 0.014) });
  for (let i = 0; i < 12; i++) {
    const from = i % 3 === 0 ? twig : branch;
    const p = from[r.int(1, from.length - 1)]!;
    leaves.push(
      ...leafShape(
        pal,
        h * r.range(0.13, 0.2),
        h * r.range(0.06, 0.08),
        p[0] + r.range(-6, 6),
        p[1] + r.range(-6, 6),
        r.range(-2.6, 2.6),
        r.range(-0.3, 0.3),
      ),
    );
  }
  out.push(...leaves);
  const big = h * r.range(0.17, 0.21);
  const top = branch[steps]!;
  const end = twig[2]!;
  const c1 = r.pick(pal.flowers);
  const c2 = r.pick(pal.flowers);
  out.push(...peony(pal, big, top[0], top[1], c1, r));
  if (r.chance(0.6)) out.push(...peony(pal, big * 0.75, end[0], end[1], c2, r));
  else
    for (let i = 0; i < 4; i++)
      out.push(
        ...blossom(
          pal,
          big * 0.32,
          end[0] + r.range(-big, big),
          end[1] + r.range(-big * 0.8, big * 0.8),
          c2,
          r.range(0, 1),
        ),
      );
  const bp = branch[4]!;
  out.push({
    pts: transform(petalPts(big * 0.6, big * 0.45, 0.5), bp[0] - dir * big * 0.7, bp[1] - big * 0.2, dir * 0.7),
    closed: true,
    fill: c1,
    stroke: pal.line,
    width: pal.lineWidth * 0.7,
  });
  return out;
}

function butterfly(pal: Palette, r: Rand, x: number, y: number, s: number): Shape[] {
  const c = r.pick(pal.flowers);
  const rot = r.range(-0.5, 0.5);
  const wing = (sx: number, sy: number, ry: number): Shape => ({
    pts: transform(circlePts(s * 0.5, 12, sx * s * 0.5, sy * s * 0.35, s * ry), x, y, rot),
    closed: true,
    fill: c,
    stroke: pal.line,
    width: pal.lineWidth * 0.7,
  });
  return [
    wing(-1, -1, 0.38),
    wing(1, -1, 0.38),
    wing(-0.8, 0.6, 0.26),
    wing(0.8, 0.6, 0.26),
    {
      pts: transform(
        [
          [0, -s * 0.5],
          [0, s * 0.5],
        ],
        x,
        y,
        rot,
      ),
      closed: false,
      stroke: pal.line,
      width: 2,
    },
  ];
}

/** Flower sprays round the body, with a butterfly or two between them. */
const flowerSprays: MotifFn = (r, band, pal) => {
  const h = band.v1 - band.v0;
  const sprays = Math.max(2, Math.round(band.length / (h * 1.05)));
  const out: Shape[] = [];
  const start = r.range(0, band.length);
  for (let k = 0; k < sprays; k++) {
    const x0 = start + (k / sprays) * band.length;
    out.push(...spray(r, pal, x0, band.v1 - h * 0.04, h, r.range(-0.3, 0.3)));
    if (r.chance(0.5))
      out.push(...butterfly(pal, r, x0 + band.length / sprays / 2, band.v0 + h * r.range(0.2, 0.4), h * 0.09));
  }
  return out;
};

/** 鱼藻: fish among water weeds. */
const fishWeeds: MotifFn = (r, band, pal) => {
  const h = band.v1 - band.v0;
  const out: Shape[] = [];
  const fishes = Math.max(3, Math.round(band.length / (h * 0.9)));
  const start = r.range(0, band.length);
  // weeds first, behind the fish
  for (let i = 0; i < fishes * 2; i++) {
    const x = start + ((i + 0.5) / (fishes * 2)) * band.length;
    const pts: Pt[] = [];
    const tall = h * r.range(0.45, 0.8);
    for (let j = 0; j <= 6; j++) pts.push([x + Math.sin(j * 1.1 + i) * h * 0.05, band.v1 - (tall * j) / 6]);
    out.push({ pts, closed: false, stroke: pal.leaf, width: Math.max(1.4, h * 0.014) });
    for (let j = 1; j < 6; j++) {
      const p = pts[j]!;
      out.push({
        pts: transform(petalPts(h * 0.1, h * 0.025, 0.5, 4), p[0], p[1], (j % 2 ? 1 : -1) * 1.1),
        closed: true,
        fill: pal.leaf,
      });
    }
  }
  for (let i = 0; i < fishes; i++) {
    const x = start + (i / fishes) * band.length + r.range(-0.1, 0.1) * (band.length / fishes);
    const y = band.v0 + h * r.range(0.3, 0.65);
    const s = h * r.range(0.14, 0.19);
    const dir = r.chance(0.5) ? 1 : -1;
    const tilt = r.range(-0.25, 0.25);
    const body: Pt[] = [];
    for (let j = 0; j <= 16; j++) {
      const t = (j / 16) * TAU;
      body.push([Math.cos(t) * s * 1.3, Math.sin(t) * s * 0.55 * (Math.cos(t) > 0 ? 1 : 0.8)]);
    }
    const fill = r.pick(pal.flowers.length > 1 ? pal.flowers : [pal.wash]);
    out.push({
      pts: transform(
        [
          [-s * 1.1, 0],
          [-s * 2, -s * 0.7],
          [-s * 1.7, 0],
          [-s * 2, s * 0.7],
        ],
        x,
        y,
        tilt,
        dir,
        1,
      ),
      closed: true,
      fill: shade(fill, -0.1),
      stroke: pal.line,
      width: pal.lineWidth,
    });
    out.push({ pts: transform(body, x, y, tilt, dir, 1), closed: true, fill, stroke: pal.line, width: pal.lineWidth });
    out.push({
      pts: transform(
        [
          [-s * 0.2, -s * 0.5],
          [s * 0.2, -s * 0.95],
          [s * 0.5, -s * 0.45],
        ],
        x,
        y,
        tilt,
        dir,
        1,
      ),
      closed: true,
      fill: shade(fill, -0.15),
      stroke: pal.line,
      width: pal.lineWidth * 0.8,
    });
    for (let j = 0; j < 3; j++) {
      out.push({
        pts: transform(
          [
            [-s * 0.6 + j * s * 0.4, -s * 0.35],
            [-s * 0.4 + j * s * 0.4, 0],
            [-s * 0.6 + j * s * 0.4, s * 0.35],
          ],
          x,
          y,
          tilt,
          dir,
          1,
        ),
        closed: false,
        stroke: pal.line,
        width: pal.lineWidth * 0.6,
      });
    }
    out.push({
      pts: circlePts(s * 0.1, 8, ...transform([[s * 0.85, -s * 0.12]], x, y, tilt, dir, 1)[0]!),
      closed: true,
      fill: pal.line,
    });
  }
  return out;
};

/** 梅: a gnarled plum branch with blossoms. */
const plumBranch: MotifFn = (r, band, pal) => {
  const h = band.v1 - band.v0;
  const out: Shape[] = [];
  const count = Math.max(1, Math.round(band.length / (h * 2.2)));
  const start = r.range(0, band.length);
  for (let k = 0; k < count; k++) {
    let x = start + (k / count) * band.length;
    let y = band.v1 - h * 0.02;
    const main: Pt[] = [[x, y]];
    for (let i = 0; i < 7; i++) {
      x += h * r.range(0.06, 0.16);
      y -= h * r.range(0.08, 0.14);
      main.push([x + r.range(-6, 6), y]);
    }
    out.push({ pts: main, closed: false, stroke: pal.stem, width: Math.max(3, h * 0.035), smooth: false });
    for (let b = 0; b < 4; b++) {
      const p = main[r.int(2, 6)]!;
      const side = r.chance(0.5) ? 1 : -1;
      const twig: Pt[] = [
        p,
        [p[0] + side * h * 0.12, p[1] - h * 0.06],
        [p[0] + side * h * 0.22, p[1] - h * 0.05 - r.range(0, h * 0.1)],
      ];
      out.push({ pts: twig, closed: false, stroke: pal.stem, width: Math.max(1.2, h * 0.012), smooth: false });
      const e = twig[2]!;
      out.push(...blossom(pal, h * 0.05, e[0], e[1], r.pick(pal.flowers), r.range(0, 1)));
    }
    for (let i = 0; i < 6; i++) {
      const p = main[r.int(1, 7)]!;
      out.push(
        ...blossom(
          pal,
          h * r.range(0.035, 0.055),
          p[0] + r.range(-10, 10),
          p[1] + r.range(-8, 8),
          r.pick(pal.flowers),
          r.range(0, 1),
        ),
      );
    }
  }
  return out;
};

/** 竹: stalks with joints and drooping leaves. */
const bambooGrove: MotifFn = (r, band, pal) => {
  const h = band.v1 - band.v0;
  const out: Shape[] = [];
  const count = Math.max(2, Math.round(band.length / (h * 0.9)));
  const start = r.range(0, band.length);
  for (let k = 0; k < count; k++) {
    const x = start + (k / count) * band.length + r.range(-0.15, 0.15) * (band.length / count);
    const lean = r.range(-0.08, 0.08);
    const w = Math.max(3, h * r.range(0.025, 0.04));
    let y = band.v1;
    const top = band.v0 + h * r.range(0.0, 0.25);
    while (y > top) {
      const seg = h * r.range(0.12, 0.18);
      const y2 = Math.max(top, y - seg);
      const x1 = x + (band.v1 - y) * lean;
      const x2 = x + (band.v1 - y2) * lean;
      out.push({
        pts: [
          [x1 - w / 2, y - 1],
          [x2 - w / 2, y2 + 1],
          [x2 + w / 2, y2 + 1],
          [x1 + w / 2, y - 1],
        ],
        closed: true,
        fill: pal.stem,
        smooth: false,
      });
      y = y2 - 2;
    }
    for (let i = 0; i < 3; i++) {
      const ly = band.v0 + h * r.range(0.1, 0.5);
      const lx = x + (band.v1 - ly) * lean;
      for (let j = 0; j < 4; j++) {
        out.push({
          pts: transform(
            petalPts(h * r.range(0.12, 0.2), h * 0.035, 0.3, 5, 0.1),
            lx,
            ly,
            Math.PI * 0.5 + r.range(-1, 1) + (j % 2 ? 1.2 : -1.2) * 0.8,
          ),
          closed: true,
          fill: pal.leaf,
        });
      }
    }
  }
  return out;
};

/** 山水: ranges of hills in layers, a few pines, water lines. */
const landscapeBand: MotifFn = (r, band, pal) => {
  const h = band.v1 - band.v0;
  const out: Shape[] = [];
  for (let l = 0; l < 3; l++) {
    // each layer is a row of separate hills, so every one can turn to face us
    const hills = Math.max(3, Math.round(band.length / (h * 0.9)));
    const base = band.v0 + h * (0.62 + l * 0.14);
    for (let i = 0; i < hills; i++) {
      const x0 = (i / hills) * band.length + r.range(-0.1, 0.1) * (band.length / hills);
      const wdt = (band.length / hills) * r.range(0.8, 1.3);
      const peak = h * r.range(0.28, 0.5) * (1 - l * 0.2);
      const pts: Pt[] = [[x0, base]];
      const steps = 10;
      for (let k = 1; k < steps; k++) {
        const t = k / steps;
        pts.push([x0 + wdt * t, base - peak * Math.sin(Math.PI * t) ** 1.3 + r.range(-0.04, 0.04) * h]);
      }
      pts.push([x0 + wdt, base]);
      out.push({
        pts,
        closed: true,
        fill: l === 2 ? pal.deep : l === 1 ? pal.wash : shade(pal.wash, 0.45),
        stroke: pal.line,
        width: pal.lineWidth * 0.7,
        opacity: 0.45 + l * 0.25,
      });
    }
  }
  const trees = Math.max(3, Math.round(band.length / (h * 0.8)));
  for (let i = 0; i < trees; i++) {
    const x = ((i + r.range(0.2, 0.8)) / trees) * band.length;
    const y = band.v1 - h * r.range(0.1, 0.2);
    const th = h * r.range(0.3, 0.45);
    out.push({
      pts: [
        [x, y],
        [x + 3, y - th * 0.5],
        [x - 2, y - th],
      ],
      closed: false,
      stroke: pal.line,
      width: Math.max(1.5, h * 0.014),
    });
    for (let j = 0; j < 4; j++) {
      const ty = y - th * (0.45 + j * 0.17);
      out.push({
        pts: transform(
          [
            [-h * 0.08, 0],
            [0, -h * 0.035],
            [h * 0.08, 0],
            [0, h * 0.015],
          ],
          x,
          ty,
          r.range(-0.2, 0.2),
          1 - j * 0.15,
        ),
        closed: true,
        fill: pal.deep,
      });
    }
  }
  for (let i = 0; i < 8; i++) {
    const y = band.v1 - h * r.range(0.02, 0.08);
    const x = r.range(0, band.length);
    out.push({
      pts: [
        [x, y],
        [x + h * 0.15, y - 2],
        [x + h * 0.3, y],
      ],
      closed: false,
      stroke: pal.line,
      width: 1,
    });
  }
  return out;
};

/** 云: auspicious clouds scattered round the body. */
const cloudScatter: MotifFn = (r, band, pal) => {
  const h = band.v1 - band.v0;
  const out: Shape[] = [];
  const count = Math.max(4, Math.round(band.length / (h * 0.45)));
  for (let i = 0; i < count; i++) {
    const x = (i / count) * band.length + r.range(-10, 10);
    const y = band.v0 + h * (i % 2 ? 0.3 : 0.68) + r.range(-h * 0.06, h * 0.06);
    const s = h * r.range(0.07, 0.1);
    const dir = r.chance(0.5) ? 1 : -1;
    out.push({
      pts: transform(spiral(1.2, s, dir), x, y, 0),
      closed: false,
      stroke: pal.line,
      width: Math.max(1.5, h * 0.012),
    });
    out.push({
      pts: transform(spiral(1.1, s * 0.7, -dir), x + s * 1.5 * dir, y + s * 0.2, 0),
      closed: false,
      stroke: pal.line,
      width: Math.max(1.5, h * 0.012),
    });
    out.push({
      pts: [
        [x - s * 1.2 * dir, y + s * 1.2],
        [x + s * 0.8 * dir, y + s * 1.6],
        [x + s * 3 * dir, y + s * 1.2],
      ],
      closed: false,
      stroke: pal.line,
      width: Math.max(1.5, h * 0.012),
    });
  }
  return out;
};

const MOTIFS: Record<VesselMotif, MotifFn> = {
  'lotus-scroll': lotusScroll,
  flowers: flowerSprays,
  fish: fishWeeds,
  plum: plumBranch,
  bamboo: bambooGrove,
  landscape: landscapeBand,
  clouds: cloudScatter,
  none: () => [],
};

// Borders: plantain leaves on necks, ruyi heads on shoulders, lotus panels round the foot.

const plantainBand: MotifFn = (_r, band, pal) => {
  const h = band.v1 - band.v0;
  const count = Math.max(6, Math.round(band.length / (h * 0.38)));
  const out: Shape[] = [];
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.5) / count) * band.length;
    const w = (band.length / count) * 0.86;
    out.push({
      pts: transform(petalPts(h * 0.92, w, 0.25, 8), x, band.v1 - h * 0.02, 0),
      closed: true,
      fill: pal.border ?? pal.wash,
      stroke: pal.line,
      width: pal.lineWidth,
      opacity: 0.9,
    });
    out.push({
      pts: [
        [x, band.v1],
        [x, band.v0 + h * 0.12],
      ],
      closed: false,
      stroke: pal.line,
      width: pal.lineWidth * 1.3,
    });
    for (let j = 1; j < 5; j++) {
      const y = band.v1 - (h * j) / 5.5;
      const hw = w * 0.38 * (1 - j / 6);
      out.push({
        pts: [
          [x - hw, y + h * 0.05],
          [x, y],
          [x + hw, y + h * 0.05],
        ],
        closed: false,
        stroke: pal.line,
        width: pal.lineWidth * 0.6,
      });
    }
  }
  return out;
};

const ruyiBand: MotifFn = (_r, band, pal) => {
  const h = band.v1 - band.v0;
  const count = Math.max(4, Math.round(band.length / (h * 1.6)));
  const out: Shape[] = [];
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.5) / count) * band.length;
    const w = (band.length / count) * 0.48;
    const pts: Pt[] = [
      [x - w, band.v0],
      [x - w * 1.05, band.v0 + h * 0.45],
      [x - w * 0.55, band.v0 + h * 0.62],
      [x - w * 0.45, band.v0 + h * 0.85],
      [x, band.v1 - h * 0.02],
      [x + w * 0.45, band.v0 + h * 0.85],
      [x + w * 0.55, band.v0 + h * 0.62],
      [x + w * 1.05, band.v0 + h * 0.45],
      [x + w, band.v0],
    ];
    out.push({ pts, closed: true, fill: pal.border ?? pal.wash, stroke: pal.line, width: pal.lineWidth, opacity: 0.9 });
    const inner = transform(pts.slice(1, -1), x, band.v0, 0, 0.55, 0.6).map(
      ([px, py]) => [px - x * 0.55, py - band.v0 * 0.6 + h * 0.02] as Pt,
    );
    out.push({ pts: inner, closed: false, stroke: pal.line, width: pal.lineWidth * 0.8 });
  }
  return out;
};

const lotusPanelBand: MotifFn = (_r, band, pal) => {
  const h = band.v1 - band.v0;
  const count = Math.max(8, Math.round(band.length / (h * 0.62)));
  const out: Shape[] = [];
  for (let i = 0; i < count; i++) {
    const x = ((i + 0.5) / count) * band.length;
    const w = (band.length / count) * 0.46;
    const pts: Pt[] = [
      [x - w, band.v1],
      [x - w, band.v0 + h * 0.35],
      [x - w * 0.6, band.v0 + h * 0.08],
      [x, band.v0],
      [x + w * 0.6, band.v0 + h * 0.08],
      [x + w, band.v0 + h * 0.35],
      [x + w, band.v1],
    ];
    out.push({ pts, closed: false, stroke: pal.line, width: pal.lineWidth * 1.1 });
    out.push({
      pts: transform(
        [
          [-w * 0.5, h * 0.3],
          [0, -h * 0.25],
          [w * 0.5, h * 0.3],
        ],
        x,
        band.v0 + h * 0.45,
      ),
      closed: true,
      fill: pal.border ?? pal.wash,
      opacity: 0.75,
    });
  }
  return out;
};

const waveBand: MotifFn = (_r, band, pal) => {
  const h = band.v1 - band.v0;
  const out: Shape[] = [];
  for (let row = 0; row < 3; row++) {
    const pts: Pt[] = [];
    const steps = Math.round(band.length / 4);
    for (let i = 0; i <= steps; i++) {
      const x = (i / steps) * band.length;
      pts.push([x, band.v0 + h * (0.25 + row * 0.25) + Math.sin(x / (h * 0.35) + row) * h * 0.1]);
    }
    out.push({ pts, closed: false, stroke: pal.line, width: pal.lineWidth * 0.8 });
  }
  return out;
};

const keyFretBand: MotifFn = (_r, band, pal) => {
  const h = band.v1 - band.v0;
  const unit = h * 1.1;
  const count = Math.max(6, Math.round(band.length / unit));
  const u = band.length / count;
  const out: Shape[] = [];
  for (let i = 0; i < count; i++) {
    const x = i * u;
    const y0 = band.v0 + h * 0.12;
    const y1 = band.v1 - h * 0.12;
    const q = h * 0.19;
    const pts: Pt[] = [
      [x, y1],
      [x, y0],
      [x + u * 0.75, y0],
      [x + u * 0.75, y1 - q],
      [x + u * 0.25, y1 - q],
      [x + u * 0.25, y0 + q],
      [x + u * 0.5, y0 + q],
      [x + u * 0.5, y0 + q * 2],
    ];
    out.push({ pts, closed: false, stroke: pal.line, width: Math.max(1.2, h * 0.09), smooth: false });
    out.push({
      pts: [
        [x, y1],
        [x + u, y1],
      ],
      closed: false,
      stroke: pal.line,
      width: Math.max(1.2, h * 0.09),
      smooth: false,
    });
  }
  return out;
};

const BORDERS = {
  plantain: plantainBand,
  ruyi: ruyiBand,
  lotusPanels: lotusPanelBand,
  waves: waveBand,
  keyFret: keyFretBand,
};

// ---------------------------------------------------------------------------------------------
// Round bodies: a profile turned about an axis, seen a little from above.

/** A smooth curve through (x, y) points that never overshoots (Fritsch–Carlson). */
function monotone(points: readonly Pt[]): (x: number) => number {
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const len = points.length;
  const d: number[] = [];
  for (let i = 0; i < len - 1; i++) d.push((ys[i + 1]! - ys[i]!) / (xs[i + 1]! - xs[i]! || 1e-9));
  const m: number[] = [d[0]!];
  for (let i = 1; i < len - 1; i++) m.push(d[i - 1]! * d[i]! <= 0 ? 0 : (d[i - 1]! + d[i]!) / 2);
  m.push(d[len - 2]!);
  for (let i = 0; i < len - 1; i++) {
    if (d[i] === 0) {
      m[i] = 0;
      m[i + 1] = 0;
      continue;
    }
    const a = m[i]! / d[i]!;
    const b = m[i + 1]! / d[i]!;
    const s = a * a + b * b;
    if (s > 9) {
      const t = 3 / Math.sqrt(s);
      m[i] = t * a * d[i]!;
      m[i + 1] = t * b * d[i]!;
    }
  }
  return (x: number) => {
    if (x <= xs[0]!) return ys[0]!;
    if (x >= xs[len - 1]!) return ys[len - 1]!;
    let i = 0;
    while (i < len - 2 && x > xs[i + 1]!) i++;
    const h = xs[i + 1]! - xs[i]!;
    const t = (x - xs[i]!) / h;
    const t2 = t * t;
    const t3 = t2 * t;
    return (
      (2 * t3 - 3 * t2 + 1) * ys[i]! +
      (t3 - 2 * t2 + t) * h * m[i]! +
      (-2 * t3 + 3 * t2) * ys[i + 1]! +
      (t3 - t2) * h * m[i + 1]!
    );
  };
}

interface Vessel {
  cx: number;
  top: number;
  bottom: number;
  /** How much of a circle's depth shows: 0 side-on, 1 from straight above. */
  k: number;
  radius(v: number): number;
  /** Turns the body: a side view shows what was at the back. */
  phase: number;
}

function makeVessel(
  ctrl: readonly Pt[],
  cx: number,
  top: number,
  height: number,
  half: number,
  k: number,
  phase = 0,
): Vessel {
  const f = monotone(ctrl);
  return { cx, top, bottom: top + height, k, phase, radius: (v) => Math.max(0.5, f((v - top) / height) * half) };
}

function onBody(ves: Vessel, u: number, v: number): Pt {
  const r = ves.radius(v);
  return [ves.cx + r * Math.sin(u), v + ves.k * r * Math.cos(u)];
}

const normAngle = (a: number) => {
  const t = (a + Math.PI) % TAU;
  return (t < 0 ? t + TAU : t) - Math.PI;
};
const clampAngle = (u: number) => Math.max(-Math.PI / 2, Math.min(Math.PI / 2, u));

/** Flat drawing wrapped round a body; x runs round the circumference measured at radius rRef. */
function wrapSurface(ves: Vessel, rRef: number): Surface {
  return {
    project(s) {
      if (s.closed) {
        let xc = 0;
        for (const p of s.pts) xc += p[0];
        xc /= s.pts.length;
        const uc = normAngle(xc / rRef + ves.phase);
        if (Math.cos(uc) < 0.03) return [];
        return [s.pts.map(([x, v]) => onBody(ves, clampAngle(uc + (x - xc) / rRef), v))];
      }
      const runs: Pt[][] = [];
      let run: Pt[] = [];
      let prev: { u: number; v: number } | undefined;
      for (const [x, v] of s.pts) {
        const u = normAngle(x / rRef + ves.phase);
        const visible = Math.cos(u) > 0;
        if (visible) {
          if (run.length === 0 && prev) run.push(onBody(ves, clampAngle(prev.u), prev.v));
          run.push(onBody(ves, u, v));
        } else if (run.length > 0) {
          run.push(onBody(ves, clampAngle(u), v));
          runs.push(run);
          run = [];
        }
        prev = { u, v };
      }
      if (run.length > 0) runs.push(run);
      return runs;
    },
  };
}

function silhouette(ves: Vessel): string {
  const pts: Pt[] = [];
  const steps = 90;
  const rt = ves.radius(ves.top);
  // back of the rim, right to left
  for (let i = 0; i <= 16; i++) {
    const u = Math.PI / 2 + (i / 16) * Math.PI;
    pts.push([ves.cx + rt * Math.sin(u), ves.top + ves.k * rt * Math.cos(u)]);
  }
  for (let i = 1; i <= steps; i++) {
    const v = ves.top + ((ves.bottom - ves.top) * i) / steps;
    pts.push([ves.cx - ves.radius(v), v]);
  }
  for (let i = 1; i < 24; i++) pts.push(onBody(ves, -Math.PI / 2 + (i / 24) * Math.PI, ves.bottom));
  for (let i = steps; i >= 0; i--) {
    const v = ves.top + ((ves.bottom - ves.top) * i) / steps;
    pts.push([ves.cx + ves.radius(v), v]);
  }
  return pathD(pts, true, false);
}

/** The horizontal reach of the body at screen row y. */
function reachAt(ves: Vessel, y: number): number {
  if (y < ves.top) {
    const rt = ves.radius(ves.top);
    const d = (ves.top - y) / (ves.k * rt || 1);
    return d >= 1 ? 0 : rt * Math.sqrt(1 - d * d);
  }
  if (y > ves.bottom) {
    const rb = ves.radius(ves.bottom);
    const d = (y - ves.bottom) / (ves.k * rb || 1);
    return d >= 1 ? 0 : rb * Math.sqrt(1 - d * d);
  }
  return ves.radius(y);
}

interface Finish {
  /** The body colour as a vertical gradient, top to bottom. */
  ground: Stop[];
  /** 0 matte (wood, bronze, clay) to 1 glassy glaze. */
  gloss: number;
  /** Depth of shading at the sides. */
  shadow: number;
  inner: string;
}

const LIGHT = (() => {
  const l = [-0.55, -0.3, 0.78];
  const len = Math.hypot(l[0]!, l[1]!, l[2]!);
  return l.map((c) => c / len) as [number, number, number];
})();

/** Shading and gloss that follow the body's curve, painted as a soft raster over it. */
function shadeBody(doc: Doc, ves: Vessel, clip: string, fin: Finish): void {
  const y0 = Math.floor(ves.top - ves.k * ves.radius(ves.top)) - 2;
  const y1 = Math.ceil(ves.bottom + ves.k * ves.radius(ves.bottom)) + 2;
  let maxR = 0;
  for (let v = ves.top; v <= ves.bottom; v += 2) maxR = Math.max(maxR, ves.radius(v));
  const x0 = Math.floor(ves.cx - maxR) - 2;
  const x1 = Math.ceil(ves.cx + maxR) + 2;
  const scale = 0.4;
  const ras = new Raster(Math.ceil((x1 - x0) * scale), Math.ceil((y1 - y0) * scale));
  // shade and gloss across the body depend only on where a point sits between the edges
  const bins = 512;
  const darkLut = new Float32Array(bins + 1);
  const glossLut = new Float32Array(bins + 1);
  for (let b = 0; b <= bins; b++) {
    const s = Math.max(-0.999, Math.min(0.999, (b / bins) * 2 - 1));
    const c = Math.sqrt(1 - s * s);
    const diffuse = Math.max(0, s * LIGHT[0] + c * LIGHT[2]);
    darkLut[b] = fin.shadow * (1 - diffuse) ** 1.4 + (1 - c) ** 3 * 0.25;
    glossLut[b] =
      Math.exp(-(((s + 0.46) / 0.08) ** 2)) * 0.85 +
      Math.exp(-(((s + 0.46) / 0.25) ** 2)) * 0.28 +
      Math.exp(-(((s - 0.86) / 0.05) ** 2)) * 0.22;
  }
  const footFrom = ves.top + (ves.bottom - ves.top) * 0.8;
  const footSpan = (ves.bottom - ves.top) * 0.2;
  for (let j = 0; j < ras.h; j++) {
    const y = y0 + (j + 0.5) / scale;
    const reach = Math.max(1, reachAt(ves, y));
    const v = Math.max(ves.top, Math.min(ves.bottom, y));
    const slope = (ves.radius(v + 2) - ves.radius(v - 2)) / 4;
    const facing = Math.max(-1, Math.min(1, slope * 1.6));
    const shadeK = Math.max(0.35, Math.min(1, 0.85 - 0.45 * facing));
    const specK = Math.max(0.15, Math.min(1, 0.75 + 0.6 * facing)) * fin.gloss;
    const foot = Math.max(0, (y - footFrom) / footSpan) * 0.22;
    for (let i = 0; i < ras.w; i++) {
      const x = x0 + (i + 0.5) / scale;
      const b = Math.max(0, Math.min(bins, Math.round((((x - ves.cx) / reach + 1) / 2) * bins)));
      ras.over(i, j, Math.min(0.92, darkLut[b]! * shadeK + foot), Math.min(0.95, glossLut[b]! * specK));
    }
  }
  doc.add(`<g clip-path="${clip}">${ras.image(x0, y0, x1 - x0, y1 - y0)}</g>`);
}

function mouth(doc: Doc, ves: Vessel, fin: Finish, lip: string, depth: number): void {
  const rt = ves.radius(ves.top);
  const ry = ves.k * rt;
  const inner = doc.radial(
    [
      [0, shade(fin.inner, -depth)],
      [0.7, shade(fin.inner, -depth * 0.45)],
      [1, fin.inner],
    ],
    0.5,
    0.75,
    0.75,
    0.5,
    0.9,
  );
  const lipW = Math.max(1.5, rt * 0.06);
  doc.add(
    `<ellipse cx="${n(ves.cx)}" cy="${n(ves.top)}" rx="${n(rt - lipW / 2)}" ry="${n(Math.max(0.5, ry - lipW / 2))}" fill="${inner}" stroke="${lip}" stroke-width="${n(lipW)}"/>`,
  );
  doc.add(
    `<path d="M${n(ves.cx - rt + lipW * 0.3)} ${n(ves.top)}A${n(rt)} ${n(ry)} 0 0 0 ${n(ves.cx + rt - lipW * 0.3)} ${n(ves.top)}" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1.2"/>`,
  );
}

interface BodyBand {
  t0: number;
  t1: number;
  draw: MotifFn;
  pal: Palette;
  /** Frame the band with a pair of lines above and below. */
  lines?: boolean;
}

/** Bands of decoration between fractions t0..t1 of the height. */
function decorate(doc: Doc, r: Rand, ves: Vessel, bands: readonly BodyBand[]): void {
  const h = ves.bottom - ves.top;
  for (const b of bands) {
    const v0 = ves.top + b.t0 * h;
    const v1 = ves.top + b.t1 * h;
    let rRef = 0;
    for (let i = 0; i <= 8; i++) rRef = Math.max(rRef, ves.radius(v0 + ((v1 - v0) * i) / 8));
    const surface = wrapSurface(ves, rRef);
    const band: Band = { length: TAU * rRef, v0, v1 };
    const shapes = b.draw(r, band, b.pal);
    if (b.lines) {
      for (const v of [v0, v1]) {
        for (const dv of [-2.5, 2.5]) {
          const pts: Pt[] = [];
          for (let i = 0; i <= 64; i++) pts.push([(i / 64) * band.length, v + dv]);
          shapes.push({ pts, closed: false, stroke: b.pal.line, width: b.pal.lineWidth * 0.9 });
        }
      }
    }
    emit(doc, surface, shapes);
  }
}

interface VesselArt {
  ctrl: Pt[];
  /** Height and widest diameter, in pixels. */
  height: number;
  width: number;
  k: number;
  fin: Finish;
  bands: BodyBand[];
  lip: string;
  open: boolean;
  /** How dark the inside gets: deep for a vase, shallow for a bowl. */
  depth?: number;
  /** Unglazed foot ring colour, if the foot shows. */
  biscuit?: string;
  extras?: (doc: Doc, r: Rand, ves: Vessel, clip: string) => void;
  behind?: (doc: Doc, ves: Vessel) => void;
  front?: (doc: Doc, ves: Vessel) => void;
}

interface Placed {
  /** The region a detail view zooms into. */
  focus: Pt;
  zoom: number;
}

function drawVessel(doc: Doc, r: Rand, art: VesselArt, cy: number, phase: number): { ves: Vessel; placed: Placed } {
  const cx = doc.width / 2;
  const top = cy - art.height / 2;
  const ves = makeVessel(art.ctrl, cx, top, art.height, art.width / 2, art.k, phase);
  const rb = ves.radius(ves.bottom);
  groundShadow(doc, cx, ves.bottom + ves.k * rb * 0.6, rb * 1.05, Math.max(10, rb * 0.22));
  art.behind?.(doc, ves);
  const sil = silhouette(ves);
  const clip = doc.clip(sil);
  doc.add(pathEl(sil, `fill="${doc.linear(art.fin.ground)}"`));
  doc.add(`<g clip-path="${clip}">`);
  decorate(doc, r.fork(11), ves, art.bands);
  art.extras?.(doc, r.fork(12), ves, clip);
  if (art.biscuit) {
    const pts: Pt[] = [];
    const bandH = Math.max(3, art.height * 0.012);
    for (let i = 0; i <= 24; i++) pts.push(onBody(ves, -Math.PI / 2 + (i / 24) * Math.PI, ves.bottom - bandH));
    for (let i = 24; i >= 0; i--) pts.push(onBody(ves, -Math.PI / 2 + (i / 24) * Math.PI, ves.bottom + 2));
    doc.add(pathEl(pathD(pts, true, false), `fill="${art.biscuit}"`));
  }
  doc.add('</g>');
  shadeBody(doc, ves, clip, art.fin);
  if (art.open) mouth(doc, ves, art.fin, art.lip, art.depth ?? 0.55);
  art.front?.(doc, ves);
  // the main band faces us: a detail view looks there
  const main = art.bands.find((b) => b.t1 - b.t0 > 0.3) ?? art.bands[0];
  const fv = main ? ves.top + ((main.t0 + main.t1) / 2) * art.height : cy;
  return { ves, placed: { focus: [cx, fv], zoom: 2.3 } };
}

// ---------------------------------------------------------------------------------------------
// Porcelain: glazes, vase shapes, bowls, dishes and their bases

interface GlazeLook {
  fin: Finish;
  pal: Palette;
  /** Painted borders (plantain, ruyi, lotus panels) belong to painted wares only. */
  painted: boolean;
  lip: string;
  biscuit: string;
  markColor: string;
  extras?: (doc: Doc, r: Rand, ves: Vessel) => void;
  /** The glaze inside the foot, when it differs from the body's (rice-yellow under a red). */
  baseGlaze?: string;
  /** Marks scattered on a flat glaze (dish or base): crackle, speckles. */
  flatExtras?: (doc: Doc, r: Rand, cx: number, cy: number, radius: number) => void;
}

const glazeStops = (top: string, bottom: string, mid?: string): Stop[] =>
  mid
    ? [
        [0, top],
        [0.55, mid],
        [1, bottom],
      ]
    : [
        [0, top],
        [1, bottom],
      ];

function incised(ground: string): Palette {
  const line = shade(ground, -0.28);
  return {
    line,
    wash: shade(ground, -0.08),
    deep: shade(ground, -0.15),
    leaf: shade(ground, -0.08),
    leafLine: line,
    stem: line,
    flowers: [shade(ground, -0.06)],
    heart: line,
    lineWidth: 1.3,
  };
}

/** A net of cracks in the glaze, as flat polylines over a region. */
function crackleNet(r: Rand, w: number, h: number, cell: number, x0 = 0, y0 = 0): Pt[][] {
  const cols = Math.max(2, Math.round(w / cell));
  const rows = Math.max(2, Math.round(h / cell));
  const grid: Pt[][] = [];
  for (let j = 0; j <= rows; j++) {
    const line: Pt[] = [];
    for (let i = 0; i <= cols; i++)
      line.push([x0 + (i / cols) * w + r.range(-0.35, 0.35) * cell, y0 + (j / rows) * h + r.range(-0.35, 0.35) * cell]);
    grid.push(line);
  }
  const lines: Pt[][] = [];
  const wobble = (a: Pt, b: Pt): Pt[] => [
    a,
    [(a[0] + b[0]) / 2 + r.range(-0.12, 0.12) * cell, (a[1] + b[1]) / 2 + r.range(-0.12, 0.12) * cell],
    b,
  ];
  for (let j = 0; j <= rows; j++) {
    for (let i = 0; i <= cols; i++) {
      const p = grid[j]![i]!;
      if (i < cols && r.chance(0.85)) lines.push(wobble(p, grid[j]![i + 1]!));
      if (j < rows && r.chance(0.85)) lines.push(wobble(p, grid[j + 1]![i]!));
    }
  }
  return lines;
}

function bodyCrackle(
  doc: Doc,
  r: Rand,
  ves: Vessel,
  color: string,
  cell: number,
  width: number,
  opacity: number,
): void {
  const rMax = ves.radius((ves.top + ves.bottom) / 2) * 1.2;
  const len = TAU * rMax;
  const lines = crackleNet(r, len, ves.bottom - ves.top, cell, 0, ves.top);
  emit(
    doc,
    wrapSurface(ves, rMax),
    lines.map((pts) => ({ pts, closed: false, stroke: color, width, opacity, smooth: false })),
  );
}

function bodySpeckle(doc: Doc, r: Rand, ves: Vessel, colors: string[], count: number, size: number): void {
  const rMax = ves.radius((ves.top + ves.bottom) / 2);
  const shapes: Shape[] = [];
  for (let i = 0; i < count; i++) {
    const x = r.range(0, TAU * rMax);
    const v = r.range(ves.top, ves.bottom);
    shapes.push({
      pts: circlePts(size * r.range(0.4, 1), 6, x, v),
      closed: true,
      fill: r.pick(colors),
      opacity: r.range(0.3, 0.8),
    });
  }
  emit(doc, wrapSurface(ves, rMax), shapes);
}

function flatCrackle(
  doc: Doc,
  r: Rand,
  cx: number,
  cy: number,
  radius: number,
  color: string,
  cell: number,
  width: number,
  opacity: number,
): void {
  const lines = crackleNet(r, radius * 2, radius * 2, cell, cx - radius, cy - radius);
  const d = lines.map((pts) => pathD(pts, false, false)).join('');
  const clip = doc.clip(
    `M${n(cx - radius)} ${n(cy)}a${n(radius)} ${n(radius)} 0 1 0 ${n(radius * 2)} 0a${n(radius)} ${n(radius)} 0 1 0 ${n(-radius * 2)} 0Z`,
  );
  doc.add(
    pathEl(
      d,
      `fill="none" stroke="${color}" stroke-width="${width}" fill-opacity="${opacity}" stroke-opacity="${opacity}" clip-path="${clip}"`,
    ),
  );
}

function glazeLook(g: Glaze): GlazeLook {
  const fin = (
    top: string,
    bottom: string,
    gloss = 1,
    shadow = 0.55,
    inner = shade(bottom, -0.1),
    mid?: string,
  ): Finish => ({
    ground: glazeStops(top, bottom, mid),
    gloss,
    shadow,
    inner,
  });
  const biscuit = '#d2ad84';
  switch (g) {
    case 'blue-white':
      return {
        fin: fin('#f3f4ef', '#e2e5df', 1, 0.5, '#dfe2dc'),
        pal: PALETTES.cobalt!,
        painted: true,
        lip: '#f4f5f0',
        biscuit,
        markColor: '#21357c',
      };
    case 'famille-rose':
      return {
        fin: fin('#f7f3e9', '#e8e1d1', 1, 0.48, '#ece6d8'),
        pal: PALETTES.rose!,
        painted: true,
        lip: '#c8a04a',
        biscuit,
        markColor: '#b5302a',
      };
    case 'famille-yellow':
      return {
        fin: fin('#efcd52', '#d6a526', 1, 0.5, '#f1ebdb'),
        pal: { ...PALETTES.rose!, flowers: ['#e98aa2', '#f4f0e6', '#d4566f', '#8fb0d8'] },
        painted: true,
        lip: '#c8a04a',
        biscuit,
        markColor: '#b5302a',
      };
    case 'cloisonne':
      return {
        fin: fin('#34a3a0', '#1f7475', 0.75, 0.55, '#2a8c8a'),
        pal: PALETTES.cloisonne!,
        painted: true,
        lip: '#caa24f',
        biscuit: '#b8923f',
        markColor: '#8a6a2a',
      };
    case 'celadon':
      return {
        fin: fin('#b3c8a7', '#7f9e7d', 0.9, 0.5),
        pal: incised('#a3bc98'),
        painted: false,
        lip: '#c9d8bf',
        biscuit: '#c98a5a',
        markColor: '#5f7a5c',
      };
    case 'ru':
      return {
        fin: fin('#bccbc4', '#a2b6b0', 0.55, 0.42),
        pal: incised('#b3c4bd'),
        painted: false,
        lip: '#c9d4cf',
        biscuit: '#c8b9a0',
        markColor: '#7a8a84',
        extras: (doc, r, ves) => bodyCrackle(doc, r, ves, '#f2f4ec', 16, 0.8, 0.45),
        flatExtras: (doc, r, cx, cy, rad) => flatCrackle(doc, r, cx, cy, rad, '#f2f4ec', 24, 0.8, 0.45),
      };
    case 'ge':
      return {
        fin: fin('#dcd3bf', '#c3b69c', 0.5, 0.42),
        pal: incised('#d0c6ae'),
        painted: false,
        lip: '#6a5a48',
        biscuit: '#5a4a3c',
        markColor: '#6a5a48',
        extras: (doc, r, ves) => {
          bodyCrackle(doc, r, ves, '#2d241c', 34, 1.3, 0.75);
          bodyCrackle(doc, r.fork(3), ves, '#b48a3c', 12, 0.6, 0.55);
        },
        flatExtras: (doc, r, cx, cy, rad) => {
          flatCrackle(doc, r, cx, cy, rad, '#2d241c', 46, 1.3, 0.7);
          flatCrackle(doc, r.fork(3), cx, cy, rad, '#b48a3c', 19, 0.6, 0.5);
        },
      };
    case 'red':
      return {
        baseGlaze: '#e8dcc0',
        fin: fin('#b0302a', '#5e0d0f', 1, 0.62, '#f1ece2', '#8e1a1a'),
        pal: incised('#8e1a1a'),
        painted: false,
        lip: '#efe8dc',
        biscuit,
        markColor: '#21357c',
      };
    case 'blue':
      return {
        baseGlaze: '#eef0ea',
        fin: fin('#2c3f86', '#121c48', 1, 0.6, '#eef0ea', '#1e2d6a'),
        pal: incised('#1e2d6a'),
        painted: false,
        lip: '#e9ecf0',
        biscuit,
        markColor: '#21357c',
      };
    case 'yellow':
      return {
        baseGlaze: '#eef0ea',
        fin: fin('#f0cf4f', '#d1a01c', 1, 0.5, '#ecd067'),
        pal: incised('#e3b93a'),
        painted: false,
        lip: '#f4dc7c',
        biscuit,
        markColor: '#21357c',
      };
    case 'teadust':
      return {
        fin: fin('#77702f', '#4a451c', 0.45, 0.55, '#5a5424'),
        pal: incised('#6a6428'),
        painted: false,
        lip: '#8a7a3a',
        biscuit: '#8a6a4a',
        markColor: '#3a3418',
        extras: (doc, r, ves) => bodySpeckle(doc, r, ves, ['#a69a4a', '#3a3514', '#8d8a3e'], 900, 1.6),
      };
    case 'white':
      return {
        fin: fin('#f6f1e4', '#e6ddc8', 1, 0.42, '#efe8d8'),
        pal: incised('#ece4d2'),
        painted: false,
        lip: '#f8f4ea',
        biscuit: '#e3d4b8',
        markColor: '#21357c',
      };
    case 'peachbloom':
      return {
        fin: fin('#cf8a86', '#9c4d52', 1, 0.5, '#f1ece2', '#b8676a'),
        pal: incised('#b8676a'),
        painted: false,
        lip: '#e8d8cc',
        biscuit,
        markColor: '#21357c',
        extras: (doc, r, ves) => bodySpeckle(doc, r, ves, ['#6f8a62', '#8aa07a', '#e0a8a6'], 160, 7),
      };
    case 'jun':
      return {
        fin: fin('#8d9cc2', '#6f79a8', 0.8, 0.5, '#8694bb'),
        pal: incised('#7f8cb8'),
        painted: false,
        lip: '#b3a77d',
        biscuit: '#8a6a4a',
        markColor: '#5a4a6a',
        extras: (doc, r, ves) => {
          const rMax = ves.radius((ves.top + ves.bottom) / 2);
          const shapes: Shape[] = [];
          for (let i = 0; i < 3; i++) {
            const x = r.range(0, TAU * rMax);
            const v = r.range(ves.top + 20, ves.bottom - 40);
            const pts: Pt[] = [];
            const s = r.range(0.12, 0.22) * (ves.bottom - ves.top);
            for (let j = 0; j < 14; j++) {
              const a = (j / 14) * TAU;
              pts.push([x + Math.cos(a) * s * r.range(0.6, 1.1), v + Math.sin(a) * s * r.range(0.8, 1.4)]);
            }
            shapes.push({ pts, closed: true, fill: '#7d2a5e', opacity: 0.55 });
            shapes.push({
              pts: transform(pts, x, v, 0, 0.6).map(([px, py]) => [px - x * 0.6, py - v * 0.6] as Pt),
              closed: true,
              fill: '#9a3a6a',
              opacity: 0.45,
            });
          }
          emit(doc, wrapSurface(ves, rMax), shapes);
        },
      };
    case 'tenmoku':
      return {
        fin: fin('#3a2a1e', '#16100c', 0.9, 0.5, '#241a13'),
        pal: incised('#2a1e16'),
        painted: false,
        lip: '#7a4a26',
        biscuit: '#4a3020',
        markColor: '#2a1e16',
        extras: (doc, r, ves) => {
          const rMax = ves.radius(ves.top);
          const shapes: Shape[] = [];
          for (let i = 0; i < 220; i++) {
            const x = r.range(0, TAU * rMax);
            const len = r.range(0.2, 0.6) * (ves.bottom - ves.top);
            shapes.push({
              pts: [
                [x, ves.top],
                [x + r.range(-2, 2), ves.top + len * 0.5],
                [x + r.range(-3, 3), ves.top + len],
              ],
              closed: false,
              stroke: r.pick(['#8a5a2e', '#a06a38', '#5a3a22']),
              width: r.range(0.6, 1.6),
              opacity: r.range(0.3, 0.7),
            });
          }
          emit(doc, wrapSurface(ves, rMax), shapes);
        },
      };
  }
}

type BandRole = 'main' | 'neck' | 'shoulder' | 'foot' | 'rim';

const VASES: Record<VaseShape | 'cloisonne', { ctrl: Pt[]; ratio: number; bands: [number, number, BandRole][] }> = {
  meiping: {
    ctrl: pairs([
      0, 0.19, 0.025, 0.21, 0.045, 0.16, 0.07, 0.22, 0.12, 0.58, 0.2, 0.87, 0.3, 1, 0.42, 0.97, 0.6, 0.8, 0.8, 0.62,
      0.93, 0.54, 0.97, 0.56, 1, 0.56,
    ]),
    ratio: 1.72,
    bands: [
      [0.09, 0.24, 'shoulder'],
      [0.25, 0.8, 'main'],
      [0.82, 0.95, 'foot'],
    ],
  },
  yuhuchun: {
    ctrl: pairs([
      0, 0.44, 0.04, 0.37, 0.12, 0.25, 0.25, 0.2, 0.38, 0.32, 0.52, 0.64, 0.66, 0.93, 0.76, 1, 0.84, 0.93, 0.9, 0.72,
      0.94, 0.52, 0.97, 0.5, 1, 0.5,
    ]),
    ratio: 1.62,
    bands: [
      [0.06, 0.36, 'neck'],
      [0.47, 0.87, 'main'],
      [0.89, 0.96, 'rim'],
    ],
  },
  shangping: {
    ctrl: pairs([
      0, 0.33, 0.05, 0.28, 0.25, 0.22, 0.38, 0.26, 0.46, 0.45, 0.55, 0.82, 0.66, 1, 0.76, 0.96, 0.85, 0.79, 0.92, 0.56,
      0.95, 0.5, 1, 0.52,
    ]),
    ratio: 1.62,
    bands: [
      [0.06, 0.36, 'neck'],
      [0.39, 0.5, 'shoulder'],
      [0.51, 0.86, 'main'],
      [0.87, 0.95, 'foot'],
    ],
  },
  tianqiu: {
    ctrl: pairs([
      0, 0.3, 0.05, 0.28, 0.32, 0.27, 0.38, 0.35, 0.44, 0.6, 0.55, 0.9, 0.68, 1, 0.82, 0.92, 0.92, 0.68, 0.97, 0.56, 1,
      0.56,
    ]),
    ratio: 1.3,
    bands: [
      [0.05, 0.33, 'neck'],
      [0.42, 0.96, 'main'],
    ],
  },
  guan: {
    ctrl: pairs([
      0, 0.52, 0.03, 0.5, 0.08, 0.52, 0.12, 0.75, 0.25, 0.97, 0.35, 1, 0.55, 0.9, 0.8, 0.67, 0.95, 0.58, 1, 0.6,
    ]),
    ratio: 1.05,
    bands: [
      [0.1, 0.26, 'shoulder'],
      [0.27, 0.8, 'main'],
      [0.81, 0.95, 'foot'],
    ],
  },
  gourd: {
    ctrl: pairs([
      0, 0.2, 0.04, 0.22, 0.08, 0.35, 0.2, 0.58, 0.3, 0.55, 0.4, 0.37, 0.45, 0.35, 0.5, 0.5, 0.62, 0.9, 0.75, 1, 0.88,
      0.88, 0.96, 0.65, 1, 0.62,
    ]),
    ratio: 1.72,
    bands: [
      [0.08, 0.38, 'main'],
      [0.5, 0.95, 'main'],
    ],
  },
  gall: {
    ctrl: pairs([0, 0.25, 0.05, 0.25, 0.4, 0.3, 0.55, 0.55, 0.7, 0.88, 0.82, 1, 0.92, 0.9, 0.97, 0.72, 1, 0.7]),
    ratio: 1.8,
    bands: [
      [0.06, 0.44, 'neck'],
      [0.58, 0.95, 'main'],
    ],
  },
  cloisonne: {
    ctrl: pairs([
      0, 0.5, 0.05, 0.42, 0.2, 0.3, 0.32, 0.3, 0.42, 0.5, 0.55, 0.85, 0.68, 1, 0.8, 0.9, 0.9, 0.6, 0.94, 0.5, 0.97,
      0.56, 1, 0.56,
    ]),
    ratio: 1.5,
    bands: [
      [0.04, 0.12, 'rim'],
      [0.14, 0.38, 'neck'],
      [0.45, 0.88, 'main'],
    ],
  },
};

function bandsFor(look: GlazeLook, layout: [number, number, BandRole][], motif: VesselMotif): BodyBand[] {
  const out: BodyBand[] = [];
  for (const [t0, t1, role] of layout) {
    if (role === 'main') {
      if (motif !== 'none') out.push({ t0, t1, draw: MOTIFS[motif], pal: look.pal, lines: look.painted });
    } else if (look.painted) {
      const draw: Record<Exclude<BandRole, 'main'>, MotifFn> = {
        neck: BORDERS.plantain,
        shoulder: BORDERS.ruyi,
        foot: BORDERS.lotusPanels,
        rim: BORDERS.keyFret,
      };
      out.push({ t0, t1, draw: draw[role], pal: look.pal, lines: role !== 'neck' });
    }
  }
  return out;
}

function vaseArt(shape: VaseShape | 'cloisonne', glaze: Glaze, motif: VesselMotif, r: Rand): VesselArt {
  const v = VASES[shape];
  const look = glazeLook(glaze);
  const height = r.range(560, 600) / Math.max(1, v.ratio / 1.75);
  const width = (height / v.ratio) * r.range(0.95, 1.05);
  return {
    ctrl: v.ctrl,
    height: Math.min(600, height),
    width,
    k: 0.16,
    fin: look.fin,
    bands: bandsFor(look, v.bands, motif),
    lip: look.lip,
    open: true,
    biscuit: glaze === 'cloisonne' ? '#c9a24f' : look.biscuit,
    extras: look.extras ? (doc, rr, ves) => look.extras!(doc, rr, ves) : undefined,
  };
}

function bowlArt(glaze: Glaze, motif: VesselMotif, r: Rand): VesselArt {
  const look = glazeLook(glaze);
  const width = r.range(520, 580);
  const tenmoku = glaze === 'tenmoku';
  return {
    ctrl: tenmoku
      ? pairs([0, 1, 0.06, 0.97, 0.1, 0.99, 0.4, 0.86, 0.7, 0.6, 0.86, 0.36, 0.92, 0.3, 1, 0.3])
      : pairs([0, 1, 0.15, 0.975, 0.4, 0.9, 0.65, 0.74, 0.82, 0.55, 0.88, 0.42, 0.92, 0.38, 1, 0.4]),
    height: width * (tenmoku ? 0.5 : 0.46),
    width,
    k: 0.3,
    fin: look.fin,
    bands: bandsFor(
      look,
      [
        [0.08, 0.7, 'main'],
        [0.72, 0.86, 'foot'],
      ],
      motif,
    ),
    lip: look.lip,
    open: true,
    depth: 0.2,
    biscuit: look.biscuit,
    extras: look.extras ? (doc, rr, ves) => look.extras!(doc, rr, ves) : undefined,
  };
}

/** Writes characters in a grid, columns right to left, each column top to bottom. */
function charGrid(
  doc: Doc,
  text: string,
  cx: number,
  cy: number,
  cols: number,
  size: number,
  color: string,
  opts: { seal?: boolean; gap?: number } = {},
): void {
  const chars = [...text];
  const rows = Math.ceil(chars.length / cols);
  const gap = opts.gap ?? size * 1.12;
  const d = glyphPath(
    chars.map((ch, i) => {
      const col = Math.floor(i / rows);
      const row = i % rows;
      return {
        ch,
        x: cx + ((cols - 1) / 2 - col) * gap,
        y: cy + (row - (rows - 1) / 2) * gap,
        size,
        scaleY: opts.seal ? 1.12 : 1,
      };
    }),
  );
  // a stroke of the fill's colour gives the font's brush strokes the weight of a painted or seal mark
  const weight = size * (opts.seal ? 0.05 : 0.025);
  doc.add(pathEl(d, `fill="${color}" stroke="${color}" stroke-width="${n(weight)}" stroke-linejoin="round"`));
}

/** A reign or hall mark painted under the glaze on a base. */
function drawMark(doc: Doc, r: Rand, mark: BaseMark, cx: number, cy: number, span: number, color: string): void {
  const len = [...mark.text].length;
  if (mark.style === 'none' || len === 0) return;
  const blur = doc.blur(0.5);
  doc.add(`<g filter="${blur}" fill-opacity="0.88" stroke-opacity="0.88">`);
  if (mark.style === 'kai') {
    // three rows of two inside the inner ring
    const size = span / 4.3;
    const ring = span * 0.5;
    for (const rr of [ring, ring * 0.92])
      doc.add(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rr)}" fill="none" stroke="${color}" stroke-width="${n(size * 0.07)}"/>`,
      );
    charGrid(doc, mark.text, cx, cy, len > 4 ? 2 : 2, size, color);
  } else if (mark.style === 'seal') {
    const cols = len > 4 ? 3 : 2;
    const size = span / 3.3;
    charGrid(doc, mark.text, cx, cy, cols, size, color, { seal: true, gap: size * 1.08 });
  } else if (mark.style === 'red-seal') {
    const size = span / 2.8;
    const box = size * 2.5;
    doc.add(
      `<rect x="${n(cx - box / 2)}" y="${n(cy - box / 2)}" width="${n(box)}" height="${n(box)}" fill="none" stroke="#b23a2e" stroke-width="${n(size * 0.12)}"/>`,
    );
    charGrid(doc, mark.text, cx, cy, 2, size, '#b23a2e', { seal: true, gap: size * 1.08 });
  } else if (mark.style === 'spur') {
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * TAU + r.range(-0.1, 0.1);
      doc.add(
        `<ellipse cx="${n(cx + Math.cos(a) * span * 0.45)}" cy="${n(cy + Math.sin(a) * span * 0.45)}" rx="${n(span * 0.03)}" ry="${n(span * 0.02)}" fill="#d8c8a8" stroke="#8a7a60" stroke-width="1"/>`,
      );
    }
  }
  doc.add('</g>');
}

/** The underside of a dish or vessel, seen straight on: body, foot ring, glazed base and mark. */
function drawBase(doc: Doc, r: Rand, o: { look: GlazeLook; bodyR: number; footR: number; mark: BaseMark }): Placed {
  const cx = doc.width / 2;
  const cy = doc.height / 2 - 10;
  const { look } = o;
  discShadow(doc, cx + 18, cy + 24, o.bodyR * 1.02, 0.8, 0.45);
  const body = lit(doc, [
    [0, look.fin.ground[0]![1]],
    [0.75, look.fin.ground[look.fin.ground.length - 1]![1]],
    [1, shade(look.fin.ground[look.fin.ground.length - 1]![1], -0.3)],
  ]);
  doc.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(o.bodyR)}" fill="${body}"/>`);
  // the foot ring: bare clay, lit from the upper left
  const ringW = o.footR * 0.09;
  const clay = doc.radial(
    [
      [0.9, mix(look.biscuit, '#e8dcc8', 0.45)],
      [0.96, look.biscuit],
      [1, shade(look.biscuit, -0.1)],
    ],
    0.5,
    0.5,
    0.5,
  );
  doc.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(o.footR)}" fill="${clay}"/>`);
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(o.footR - ringW / 2)}" fill="none" stroke="${doc.linear(
      [
        [0, '#ffffff', 0.3],
        [0.5, '#ffffff', 0],
        [1, '#000000', 0.3],
      ],
      0,
      0,
      1,
      1,
    )}" stroke-width="${n(ringW)}"/>`,
  );
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(o.footR)}" fill="none" stroke="#000000" stroke-opacity="0.25" stroke-width="1.5"/>`,
  );
  const inner = o.footR - ringW;
  const baseGlaze =
    look.baseGlaze ??
    (look.painted || o.mark.style === 'kai' || o.mark.style === 'seal' ? '#eef0ea' : look.fin.ground[0]![1]);
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(inner)}" fill="${doc.radial(
      [
        [0, shade(baseGlaze, 0.1)],
        [0.85, baseGlaze],
        [1, shade(baseGlaze, -0.25)],
      ],
      0.6,
      0.6,
      0.55,
    )}"/>`,
  );
  look.flatExtras?.(doc, r.fork(5), cx, cy, inner);
  const markColor = o.mark.color === 'blue' ? '#21357c' : o.mark.color === 'red' ? '#b5302a' : look.markColor;
  drawMark(doc, r, o.mark, cx, cy, inner * 1.25, markColor);
  // gloss on the glazed base
  doc.add(
    `<ellipse cx="${n(cx - inner * 0.35)}" cy="${n(cy - inner * 0.4)}" rx="${n(inner * 0.35)}" ry="${n(inner * 0.18)}" transform="rotate(-35 ${n(cx - inner * 0.35)} ${n(cy - inner * 0.4)})" fill="${doc.radial(
      [
        [0, '#ffffff', 0.35],
        [1, '#ffffff', 0],
      ],
    )}"/>`,
  );
  return { focus: [cx, cy], zoom: 1.6 };
}

/** Shapes of a round-the-body motif gathered into a box `length` wide, centred on x = 0. */
function intoBox(shapes: Shape[], length: number): Shape[] {
  return shapes.map((sh) => {
    let xc = 0;
    for (const p of sh.pts) xc += p[0];
    xc /= sh.pts.length;
    const shift = Math.floor(xc / length) * length + length / 2;
    return { ...sh, pts: sh.pts.map(([x, y]) => [x - shift, y] as Pt) };
  });
}

function lotusLeaf(pal: Palette, x: number, y: number, rx: number, ry: number, rot: number): Shape[] {
  const edge: Pt[] = [];
  for (let i = 0; i < 28; i++) {
    const a = (i / 28) * TAU;
    const wob = 1 + Math.sin(a * 9) * 0.04;
    edge.push([Math.cos(a) * rx * wob, Math.sin(a) * ry * wob]);
  }
  const out: Shape[] = [
    { pts: transform(edge, x, y, rot), closed: true, fill: pal.leaf, stroke: pal.leafLine, width: pal.lineWidth },
  ];
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * TAU;
    out.push({
      pts: transform(
        [
          [0, 0],
          [Math.cos(a) * rx * 0.9, Math.sin(a) * ry * 0.9],
        ],
        x,
        y,
        rot,
      ),
      closed: false,
      stroke: pal.leafLine,
      width: pal.lineWidth * 0.7,
    });
  }
  return out;
}

/** A picture for the well of a dish, centred on (0, 0), within radius R. */
function centerMotif(r: Rand, motif: VesselMotif, pal: Palette, R: number): Shape[] {
  switch (motif) {
    case 'flowers': {
      const rock: Pt[] = [];
      for (let i = 0; i < 12; i++) {
        const a = (i / 12) * TAU;
        rock.push([-R * 0.45 + Math.cos(a) * R * r.range(0.2, 0.3), R * 0.55 + Math.sin(a) * R * r.range(0.25, 0.38)]);
      }
      return [
        { pts: rock, closed: true, fill: pal.wash, stroke: pal.line, width: pal.lineWidth, opacity: 0.55 },
        ...spray(r, pal, -R * 0.3, R * 0.8, R * 1.55, 0.32),
        ...butterfly(pal, r, R * 0.45, -R * 0.45, R * 0.16),
      ];
    }
    case 'lotus-scroll': {
      const out: Shape[] = [];
      for (const [sx, sy] of pairs([-0.35, 0.3, 0.42, 0.1])) {
        out.push({
          pts: [
            [sx * R, sy * R],
            [sx * R * 0.6, R * 0.6],
            [0, R * 0.9],
          ],
          closed: false,
          stroke: pal.stem,
          width: 3,
        });
        out.push(...lotusLeaf(pal, sx * R, sy * R, R * 0.3, R * 0.16, sx * 0.6));
      }
      out.push({
        pts: [
          [0, -R * 0.15],
          [R * 0.05, R * 0.4],
          [0, R * 0.9],
        ],
        closed: false,
        stroke: pal.stem,
        width: 3,
      });
      out.push(...lotusFlower(pal, R * 0.36, 0, -R * 0.12, 0, r.pick(pal.flowers)));
      out.push({
        pts: transform(petalPts(R * 0.2, R * 0.13, 0.5), R * 0.2, -R * 0.4, 0.35),
        closed: true,
        fill: r.pick(pal.flowers),
        stroke: pal.line,
        width: pal.lineWidth,
      });
      out.push({
        pts: [
          [R * 0.2, -R * 0.4],
          [R * 0.25, R * 0.3],
          [R * 0.1, R * 0.9],
        ],
        closed: false,
        stroke: pal.stem,
        width: 2,
      });
      for (let i = 0; i < 3; i++) {
        const x = -R * 0.6 + i * R * 0.12;
        out.push({
          pts: [
            [x, R * 0.9],
            [x + R * 0.05, R * 0.2],
            [x + R * 0.02, -R * 0.4],
          ],
          closed: false,
          stroke: pal.stem,
          width: 1.5,
        });
      }
      for (let i = 0; i < 4; i++) {
        const y = R * (0.7 + i * 0.06);
        out.push({
          pts: [
            [-R * 0.8, y],
            [-R * 0.3, y - 4],
            [R * 0.2, y + 3],
            [R * 0.8, y],
          ],
          closed: false,
          stroke: pal.line,
          width: 1,
        });
      }
      return out;
    }
    default: {
      const length = R * 2;
      return intoBox(MOTIFS[motif](r, { length, v0: -R * 0.75, v1: R * 0.85 }, pal), length);
    }
  }
}

/** A dish from above: rim border, cavetto, and a picture in the well. */
function drawPlate(doc: Doc, r: Rand, look: GlazeLook, motif: VesselMotif): Placed {
  const cx = doc.width / 2;
  const cy = doc.height / 2 - 8;
  const R = r.range(290, 310);
  discShadow(doc, cx + 16, cy + 22, R * 1.03, 0.82, 0.5);
  const g0 = look.fin.ground[0]![1];
  const g1 = look.fin.ground[look.fin.ground.length - 1]![1];
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R)}" fill="${lit(doc, [
      [0, g0],
      [0.8, mix(g0, g1, 0.5)],
      [1, g1],
    ])}"/>`,
  );
  const rimIn = R * 0.84;
  const well = R * 0.52;
  // everything on the dish is drawn inside its rim; only the well needs a clip
  doc.add('<g>');
  if (look.painted) {
    const border: MotifFn =
      motif === 'fish' || motif === 'landscape' ? waveBand : r.pick([waveBand, keyFretBand, lotusScroll]);
    emit(
      doc,
      polarSurface(cx, cy, R * 0.985, (R + rimIn) / 2),
      border(r, { length: TAU * ((R + rimIn) / 2), v0: R * 0.03, v1: R - rimIn }, look.pal),
    );
    if (motif === 'lotus-scroll' || motif === 'flowers') {
      emit(
        doc,
        polarSurface(cx, cy, rimIn, (rimIn + well) / 2),
        MOTIFS[motif](
          r,
          { length: TAU * ((rimIn + well) / 2), v0: rimIn * 0.04, v1: rimIn - well - rimIn * 0.04 },
          look.pal,
        ),
      );
    }
    for (const rr of [R * 0.985, rimIn, well]) {
      doc.add(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rr)}" fill="none" stroke="${look.pal.line}" stroke-width="${look.pal.lineWidth * 1.2}"/>`,
      );
      doc.add(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(rr - 5)}" fill="none" stroke="${look.pal.line}" stroke-width="${look.pal.lineWidth * 0.8}"/>`,
      );
    }
  }
  if (motif !== 'none') {
    const span = look.painted ? well * 0.92 : R * 0.62;
    const wellClip = doc.clip(
      `M${n(cx - span)} ${n(cy)}a${n(span)} ${n(span)} 0 1 0 ${n(span * 2)} 0a${n(span)} ${n(span)} 0 1 0 ${n(-span * 2)} 0Z`,
    );
    doc.add(`<g clip-path="${wellClip}">`);
    emit(doc, flatSurface(cx, cy), centerMotif(r.fork(8), motif, look.pal, span));
    doc.add('</g>');
  }
  look.flatExtras?.(doc, r.fork(6), cx, cy, R);
  doc.add('</g>');
  // the cavetto falls away from the light; the rim catches it
  const slope = doc.linear(
    [
      [0, '#000000', 0.16],
      [0.5, '#000000', 0],
      [1, '#ffffff', 0.14],
    ],
    0.15,
    0.1,
    0.85,
    0.9,
  );
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n((rimIn + well) / 2)}" fill="none" stroke="${slope}" stroke-width="${n(rimIn - well)}"/>`,
  );
  const rim = doc.linear(
    [
      [0, '#ffffff', 0.3],
      [0.5, '#ffffff', 0],
      [1, '#000000', 0.22],
    ],
    0.15,
    0.1,
    0.85,
    0.9,
  );
  doc.add(`<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R - 3)}" fill="none" stroke="${rim}" stroke-width="6"/>`);
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R)}" fill="none" stroke="#000000" stroke-opacity="0.3" stroke-width="1.5"/>`,
  );
  if (look.fin.gloss > 0.3) {
    doc.add(
      `<ellipse cx="${n(cx - R * 0.38)}" cy="${n(cy - R * 0.42)}" rx="${n(R * 0.32)}" ry="${n(R * 0.12)}" transform="rotate(-40 ${n(cx - R * 0.38)} ${n(cy - R * 0.42)})" fill="${doc.radial(
        [
          [0, '#ffffff', 0.45 * look.fin.gloss],
          [1, '#ffffff', 0],
        ],
      )}"/>`,
    );
  }
  return { focus: [cx, cy], zoom: 2 };
}

// ---------------------------------------------------------------------------------------------
// Putting a picture together

interface Drawn {
  placed: Placed;
}

function vesselScene(doc: Doc, r: Rand, art: VesselArt, view: ArtView, base: () => Placed): Drawn {
  if (view === 'base') return { placed: base() };
  const phase = view === 'side' ? Math.PI * 0.62 : 0;
  const cy = doc.height / 2 + 6;
  const { placed } = drawVessel(doc, r, art, cy, phase);
  return { placed };
}

function toneFor(spec: ArtSpec, r: Rand): Tone {
  switch (spec.kind) {
    case 'vase':
    case 'bowl':
    case 'plate':
    case 'waterpot':
      return r.pick(['ink', 'slate', 'warm', 'umber', 'linen'] as const);
    case 'pendant':
    case 'bi':
    case 'bangle':
      return r.pick(['ink', 'velvet', 'slate', 'umber'] as const);
    case 'scroll':
      return r.pick(['wall', 'linen'] as const);
    case 'fan':
      return r.pick(['umber', 'ink', 'linen'] as const);
    case 'ding':
    case 'gu':
    case 'mirror':
      return r.pick(['warm', 'linen', 'ink', 'slate'] as const);
    case 'chair':
    case 'table':
    case 'stool':
    case 'cabinet':
    case 'box':
    case 'screen':
      return r.pick(['warm', 'linen', 'wall'] as const);
    case 'cash':
    case 'silver':
    case 'spade':
    case 'knife':
    case 'coinset':
      return r.pick(['velvet', 'ink', 'slate', 'umber'] as const);
    case 'snuff':
    case 'beads':
    case 'lacquer':
      return r.pick(['ink', 'slate', 'linen', 'warm'] as const);
    default:
      return r.pick(['ink', 'warm'] as const);
  }
}

function scene(spec: ArtSpec, seed: number, view: ArtView): { doc: Doc; placed: Placed } {
  const r = new Rand(seed);
  const doc = new Doc(ART_SIZE, ART_SIZE);
  backdrop(doc, toneFor(spec, r));
  return { doc, placed: drawProduct(doc, r, spec, view).placed };
}

/** A detail: the same drawing, framed closer on its most telling part; `close` is half way there. */
function detailOf(doc: Doc, placed: Placed, close = false): string {
  const zoom = close ? Math.min(1.45, 1 + (placed.zoom - 1) * 0.4) : placed.zoom;
  const size = ART_SIZE / zoom;
  const fx = close ? (placed.focus[0] + ART_SIZE / 2) / 2 : placed.focus[0];
  const fy = close ? (placed.focus[1] + ART_SIZE / 2) / 2 : placed.focus[1];
  const x = Math.max(0, Math.min(ART_SIZE - size, fx - size / 2));
  const y = Math.max(0, Math.min(ART_SIZE - size, fy - size / 2));
  return doc.svg([x, y, size, size]);
}

/** The SVG for one view of a product; the same seed always gives the same picture. */
export function artworkSvg(spec: ArtSpec, seed: number, view: ArtView = 'whole'): string {
  const framed = view === 'detail' || view === 'close';
  const { doc, placed } = scene(spec, seed, framed ? 'whole' : view);
  return framed ? detailOf(doc, placed, view === 'close') : doc.svg();
}

/** Every view of a product, the whole piece first; the detail reuses the whole drawing. */
export function artworkSvgs(spec: ArtSpec, seed: number): { view: ArtView; svg: string }[] {
  let whole: { doc: Doc; placed: Placed } | undefined;
  return viewsOf(spec, seed).map((view) => {
    if (view === 'whole' || view === 'detail' || view === 'close') {
      whole ??= scene(spec, seed, 'whole');
      return { view, svg: view === 'whole' ? whole.doc.svg() : detailOf(whole.doc, whole.placed, view === 'close') };
    }
    return { view, svg: scene(spec, seed, view).doc.svg() };
  });
}

function drawProduct(doc: Doc, r: Rand, spec: ArtSpec, view: ArtView): Drawn {
  switch (spec.kind) {
    case 'vase': {
      const art = vaseArt(spec.shape, spec.glaze, spec.motif, r);
      const look = glazeLook(spec.glaze);
      return vesselScene(doc, r, art, view, () => drawBase(doc, r, { look, bodyR: 300, footR: 180, mark: spec.mark }));
    }
    case 'cloisonne': {
      const art = vaseArt('cloisonne', 'cloisonne', 'lotus-scroll', r);
      const look = glazeLook('cloisonne');
      return vesselScene(doc, r, art, view, () =>
        drawBase(doc, r, { look, bodyR: 300, footR: 200, mark: { text: CLOISONNE_MARK, style: 'kai' } }),
      );
    }
    case 'bowl': {
      const art = bowlArt(spec.glaze, spec.motif, r);
      const look = glazeLook(spec.glaze);
      return vesselScene(doc, r, art, view, () => drawBase(doc, r, { look, bodyR: 310, footR: 140, mark: spec.mark }));
    }
    case 'plate': {
      const look = glazeLook(spec.glaze);
      if (view === 'base') return { placed: drawBase(doc, r, { look, bodyR: 300, footR: 190, mark: spec.mark }) };
      return { placed: drawPlate(doc, r, look, spec.motif) };
    }
    case 'pendant':
      return { placed: pendant(doc, r, spec, view) };
    case 'bi':
      return { placed: biDisc(doc, r, spec) };
    case 'bangle':
      return { placed: bangle(doc, r, spec) };
    case 'scroll':
      return { placed: hangingScroll(doc, r, spec) };
    case 'fan':
      return { placed: fanLeaf(doc, r, spec) };
    case 'ding':
      return { placed: dingScene(doc, r, spec, view) };
    case 'gu':
      return { placed: guScene(doc, r, view) };
    case 'mirror':
      return { placed: mirrorScene(doc, r, spec, view) };
    case 'chair':
    case 'table':
    case 'stool':
    case 'cabinet':
    case 'box':
    case 'screen':
      return { placed: furnitureScene(doc, r, spec, view) };
    case 'cash': {
      const side = view === 'reverse' ? (spec.reverse === 'blank' ? 'reverse' : spec.reverse) : 'obverse';
      cashCoin(doc, r, doc.width / 2, doc.height / 2, 270, spec.legend, spec.metal, spec.patina, side);
      return { placed: { focus: [doc.width / 2, doc.height / 2 - 150], zoom: 2.1 } };
    }
    case 'silver':
      return { placed: silverDollar(doc, r, spec, view) };
    case 'spade':
    case 'knife':
      return { placed: ancientMoney(doc, r, spec.kind) };
    case 'coinset':
      return { placed: coinSet(doc, r, spec.legends) };
    case 'brushpot': {
      const { art, look } = brushPotArt(spec, r);
      return vesselScene(doc, r, art, view, () =>
        drawBase(doc, r, {
          look: look ?? glazeLook('blue-white'),
          bodyR: 290,
          footR: 250,
          mark: { text: '', style: 'none' },
        }),
      );
    }
    case 'waterpot': {
      const look = glazeLook(spec.glaze);
      const art: VesselArt = {
        ctrl: pairs([0, 0.3, 0.04, 0.28, 0.1, 0.5, 0.3, 0.9, 0.55, 1, 0.8, 0.92, 0.95, 0.74, 1, 0.7]),
        height: r.range(330, 360),
        width: r.range(470, 500),
        k: 0.26,
        fin: look.fin,
        bands: bandsFor(look, [[0.15, 0.85, 'main']], look.painted ? 'plum' : 'none'),
        lip: look.lip,
        open: true,
        depth: 0.6,
        biscuit: look.biscuit,
        extras: look.extras,
      };
      return vesselScene(doc, r, art, view, () =>
        drawBase(doc, r, {
          look,
          bodyR: 300,
          footR: 200,
          mark: { text: WATERPOT_MARK, style: look.painted ? 'kai' : 'seal' },
        }),
      );
    }
    case 'inkstone':
    case 'inkcake':
    case 'seal':
    case 'brushrest': {
      if (spec.kind === 'seal' && view === 'reverse') return { placed: sealImpression(doc, r) };
      const model =
        spec.kind === 'inkstone'
          ? inkstoneModel(r, spec.stone)
          : spec.kind === 'inkcake'
            ? inkCakeModel(spec.text)
            : spec.kind === 'seal'
              ? sealModel(r, spec.stone)
              : brushRestModel(spec.material, r);
      return { placed: objectScene(doc, r, model, view) };
    }
    case 'snuff':
      return vesselScene(doc, r, snuffArt(spec.material, r), view, () => ({ focus: [400, 400], zoom: 1 }));
    case 'censer':
      return { placed: censerScene(doc, r, spec.finish, view) };
    case 'teapot':
      return { placed: teapotScene(doc, r, spec, view) };
    case 'lacquer':
      return { placed: lacquerScene(doc, r, spec.motif) };
    case 'beads':
      return { placed: beadsScene(doc, r, spec.material) };
  }
}

/** A small object from the 3-D kit, scaled to fill the frame. */
function objectScene(doc: Doc, r: Rand, model: FurnitureScene, view: ArtView, wood = WOODS.zitan, fill = 1): Placed {
  const [sx, sy, sz] = model.size;
  const yaw = view === 'side' ? model.yaw - 0.55 : model.yaw;
  const probe = camera(yaw, model.pitch, 5200, 1, 0, 0, [0, sy / 2, 0]);
  const corners: V3[] = [];
  for (const x of [-sx / 2, sx / 2])
    for (const y of [0, sy]) for (const z of [-sz / 2, sz / 2]) corners.push([x, y, z]);
  const pp = corners.map((c) => probe.project(c));
  const w = Math.max(...pp.map((p) => p[0])) - Math.min(...pp.map((p) => p[0]));
  const h = Math.max(...pp.map((p) => p[1])) - Math.min(...pp.map((p) => p[1]));
  const scale = Math.min(560 / w, 560 / h) * fill;
  const midY = (Math.max(...pp.map((p) => p[1])) + Math.min(...pp.map((p) => p[1]))) / 2;
  const cam = camera(yaw, model.pitch, 5200, scale, doc.width / 2, doc.height / 2 + 10 - midY * scale, [0, sy / 2, 0]);
  const base = corners.filter((c) => c[1] === 0).map((c) => cam.project(c));
  const gx = base.reduce((a, p) => a + p[0], 0) / base.length;
  const gy = base.reduce((a, p) => a + p[1], 0) / base.length;
  groundShadow(
    doc,
    gx,
    gy,
    (Math.max(...base.map((p) => p[0])) - Math.min(...base.map((p) => p[0]))) * 0.55,
    Math.max(14, (Math.max(...base.map((p) => p[1])) - Math.min(...base.map((p) => p[1]))) * 0.6),
    0.9,
  );
  drawMembers(doc, r, cam, model.members, wood);
  return { focus: cam.project(model.focus), zoom: 2.1 };
}

/** The pictures a product gets, the whole piece first. */
export function viewsOf(spec: ArtSpec, seed: number): ArtView[] {
  const r = new Rand(seed ^ 0x5bd1e995);
  switch (spec.kind) {
    case 'vase':
    case 'bowl':
    case 'cloisonne':
      return r.chance(0.5) ? ['whole', 'side', 'detail', 'base'] : ['whole', 'detail', 'base'];
    case 'plate':
      return ['whole', 'detail', 'base'];
    case 'pendant':
      return spec.shape === 'plaque' ? ['whole', 'reverse', 'detail'] : ['whole', 'close', 'detail'];
    case 'ding':
    case 'gu':
      return ['whole', 'side', 'detail'];
    case 'mirror':
      return ['whole', 'detail', 'reverse'];
    case 'chair':
    case 'table':
    case 'stool':
    case 'cabinet':
    case 'box':
    case 'screen':
      return ['whole', 'side', 'detail'];
    case 'cash':
    case 'silver':
      return ['whole', 'reverse', 'detail'];
    case 'brushpot':
      return spec.material === 'porcelain' ? ['whole', 'detail', 'base'] : ['whole', 'side', 'detail'];
    case 'waterpot':
      return ['whole', 'detail', 'base'];
    case 'seal':
      return ['whole', 'reverse', 'detail'];
    case 'teapot':
      return ['whole', 'detail', 'base'];
    case 'inkstone':
    case 'brushrest':
    case 'snuff':
    case 'censer':
      return ['whole', 'side', 'detail'];
    default:
      return ['whole', 'close', 'detail'];
  }
}

export const WEBP_QUALITY = 82;
/** Encoder effort: 1 of 6, three times faster than the default for a slightly larger file. */
const WEBP_EFFORT = 1;

/** Renders SVG markup to WebP at its own size. */
export async function svgToWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT }).toBuffer();
}

/** One product picture as WebP, 800×800. */
export async function artworkWebp(spec: ArtSpec, seed: number, view: ArtView = 'whole'): Promise<Buffer> {
  return svgToWebp(artworkSvg(spec, seed, view));
}

// ---------------------------------------------------------------------------------------------
// Noise, for stone, jade, patina and paper

function valueNoise(seed: number): (x: number, y: number) => number {
  const r = new Rand(seed);
  const lattice = new Float32Array(65536);
  for (let i = 0; i < lattice.length; i++) lattice[i] = r.next();
  return (x, y) => {
    const xi = Math.floor(x);
    const yi = Math.floor(y);
    let tx = x - xi;
    let ty = y - yi;
    tx = tx * tx * (3 - 2 * tx);
    ty = ty * ty * (3 - 2 * ty);
    const x0 = xi & 255;
    const x1 = (xi + 1) & 255;
    const y0 = (yi & 255) << 8;
    const y1 = ((yi + 1) & 255) << 8;
    const a = lattice[y0 | x0]!;
    const b = lattice[y0 | x1]!;
    const c = lattice[y1 | x0]!;
    const d = lattice[y1 | x1]!;
    return a + (b - a) * tx + (c - a) * ty + (a - b - c + d) * tx * ty;
  };
}

function fbm(noise: (x: number, y: number) => number, x: number, y: number, octaves: number): number {
  let sum = 0;
  let amp = 0.5;
  let f = 1;
  let norm = 0;
  for (let o = 0; o < octaves; o++) {
    sum += noise(x * f, y * f) * amp;
    norm += amp;
    amp *= 0.5;
    f *= 2.03;
  }
  return sum / norm;
}

/** A texture over a box: `paint` gives [r, g, b, a] for a point, drawn at `scale` of full size. */
function texture(
  doc: Doc,
  box: [number, number, number, number],
  scale: number,
  paint: (x: number, y: number) => [number, number, number, number] | null,
  extra = '',
): void {
  const [x0, y0, w, h] = box;
  const ras = new Raster(Math.max(1, Math.ceil(w * scale)), Math.max(1, Math.ceil(h * scale)));
  for (let j = 0; j < ras.h; j++) {
    for (let i = 0; i < ras.w; i++) {
      const c = paint(x0 + (i + 0.5) / scale, y0 + (j + 0.5) / scale);
      if (c) ras.set(i, j, c[0], c[1], c[2], c[3]);
    }
  }
  doc.add(ras.image(x0, y0, w, h, extra));
}

// ---------------------------------------------------------------------------------------------
// Jade: pendants, discs, bangles

interface JadeLook {
  body: string;
  edge: string;
  glow: string;
  /** Clouds in the stone: colour and strength. */
  cloud: string;
  cloudAlpha: number;
  /** Brown or green patches: colour and how much of the stone they take. */
  patch?: string;
  patchCover?: number;
  specks?: string;
}

const JADES: Record<Jade, JadeLook> = {
  white: {
    body: '#ece7d6',
    edge: '#cfc7ae',
    glow: '#fbf9f1',
    cloud: '#ffffff',
    cloudAlpha: 0.35,
    patch: '#b97a3e',
    patchCover: 0.04,
  },
  greenish: { body: '#dde2cc', edge: '#b6c09f', glow: '#f3f5ea', cloud: '#ffffff', cloudAlpha: 0.3 },
  spinach: { body: '#3f6e4e', edge: '#1f3f2a', glow: '#6a9a72', cloud: '#7fb08a', cloudAlpha: 0.35, specks: '#0e1a12' },
  yellow: { body: '#e3cf92', edge: '#bf9f58', glow: '#f6ecc4', cloud: '#fff6d8', cloudAlpha: 0.3 },
  jadeite: {
    body: '#e2ece0',
    edge: '#a9c6ac',
    glow: '#f6fbf4',
    cloud: '#ffffff',
    cloudAlpha: 0.25,
    patch: '#2f9a5c',
    patchCover: 0.3,
  },
  ancient: {
    body: '#d6ccb0',
    edge: '#a99a78',
    glow: '#ece4cf',
    cloud: '#f5efe0',
    cloudAlpha: 0.35,
    patch: '#7a4a26',
    patchCover: 0.35,
    specks: '#3a2616',
  },
};

/** Fills an outline with jade: translucent body, clouds and skin in the stone, a polished edge. */
function jadeBody(
  doc: Doc,
  r: Rand,
  d: string,
  box: [number, number, number, number],
  jade: Jade,
  evenOdd = false,
): string {
  const look = JADES[jade];
  const rule = evenOdd ? ' fill-rule="evenodd"' : '';
  const clipId = doc.id('c');
  doc.def(`<clipPath id="${clipId}"><path d="${d}"${evenOdd ? ' clip-rule="evenodd"' : ''}/></clipPath>`);
  const clip = `url(#${clipId})`;
  doc.add(
    pathEl(
      d,
      `fill="${doc.radial(
        [
          [0, look.glow],
          [0.55, look.body],
          [1, look.edge],
        ],
        0.42,
        0.38,
        0.75,
      )}"${rule}`,
    ),
  );
  const noise = valueNoise(r.int(1, 1e9));
  const noise2 = valueNoise(r.int(1, 1e9));
  const [cr, cg, cb] = hexToRgb(look.cloud);
  const patch = look.patch ? hexToRgb(look.patch) : undefined;
  const speck = look.specks ? hexToRgb(look.specks) : undefined;
  const cover = look.patchCover ?? 0;
  const px = r.range(0, 100);
  doc.add(`<g clip-path="${clip}">`);
  texture(doc, box, 0.5, (x, y) => {
    const c = fbm(noise, x / 70, y / 70, 4);
    if (patch) {
      const p = fbm(noise2, x / 110 + px, y / 110, 4);
      const t = (p - (0.72 - cover * 0.6)) / 0.06;
      if (t > 0) return [patch[0], patch[1], patch[2], Math.min(0.85, t * 0.5) * (0.7 + c * 0.5)];
    }
    if (speck && fbm(noise2, x / 6, y / 6, 2) > 0.8) return [speck[0], speck[1], speck[2], 0.55];
    const a = Math.max(0, c - 0.45) * 2 * look.cloudAlpha;
    return [cr, cg, cb, a];
  });
  // a polished, rounded edge: light above left, shade below right
  const bevel = doc.linear(
    [
      [0, '#ffffff', 0.55],
      [0.45, '#ffffff', 0],
      [0.55, '#000000', 0],
      [1, '#000000', 0.4],
    ],
    0,
    0,
    1,
    1,
  );
  doc.add(pathEl(d, `fill="none" stroke="${bevel}" stroke-width="14"`));
  doc.add('</g>');
  return clip;
}

/** A line cut into the stone: a dark groove with a lit lip. */
function carve(doc: Doc, d: string, w = 3, dark = 0.5): void {
  w *= 1.2;
  doc.add(
    pathEl(
      d,
      `fill="none" stroke="#000000" stroke-opacity="${n(dark * 0.25)}" stroke-width="${n(w * 2.2)}" stroke-linecap="round" stroke-linejoin="round" transform="translate(1 1.2)"`,
    ),
  );
  doc.add(
    pathEl(
      d,
      `fill="none" stroke="#000000" stroke-opacity="${dark}" stroke-width="${n(w)}" stroke-linecap="round" stroke-linejoin="round" transform="translate(0.6 0.8)"`,
    ),
  );
  doc.add(
    pathEl(
      d,
      `fill="none" stroke="#ffffff" stroke-opacity="0.55" stroke-width="${n(w * 0.55)}" stroke-linecap="round" stroke-linejoin="round" transform="translate(-1.2 -1.2)"`,
    ),
  );
}

function jadeGloss(doc: Doc, cx: number, cy: number, rx: number, ry: number, rot = -30): void {
  doc.add(
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(rx)}" ry="${n(ry)}" transform="rotate(${rot} ${n(cx)} ${n(cy)})" fill="${doc.radial(
      [
        [0, '#ffffff', 0.5],
        [1, '#ffffff', 0],
      ],
    )}"/>`,
  );
  doc.add(
    `<ellipse cx="${n(cx - rx * 0.1)}" cy="${n(cy - ry * 0.1)}" rx="${n(rx * 0.25)}" ry="${n(ry * 0.2)}" transform="rotate(${rot} ${n(cx)} ${n(cy)})" fill="#ffffff" fill-opacity="0.55"/>`,
  );
}

/** Red silk cord from the top edge to a hole, with a knot and a bead. */
function cord(doc: Doc, x: number, y: number, topY = -10): void {
  const knotY = y - (y - topY) * 0.45;
  const c = '#9e2a22';
  doc.add(
    `<path d="M${n(x - 40)} ${n(topY)}C${n(x - 30)} ${n(knotY - 40)} ${n(x - 6)} ${n(knotY - 20)} ${n(x)} ${n(knotY)}M${n(x + 40)} ${n(topY)}C${n(x + 30)} ${n(knotY - 40)} ${n(x + 6)} ${n(knotY - 20)} ${n(x)} ${n(knotY)}" fill="none" stroke="${c}" stroke-width="5" stroke-linecap="round"/>`,
  );
  doc.add(`<path d="M${n(x)} ${n(knotY)}L${n(x)} ${n(y + 4)}" stroke="${c}" stroke-width="5"/>`);
  doc.add(
    `<path d="M${n(x)} ${n(knotY)}L${n(x)} ${n(y + 4)}" stroke="#ffffff" stroke-opacity="0.25" stroke-width="1.5" transform="translate(-1.2 0)"/>`,
  );
  const by = knotY + (y - knotY) * 0.4;
  doc.add(
    `<circle cx="${n(x)}" cy="${n(by)}" r="13" fill="${doc.radial(
      [
        [0, '#e2b86a'],
        [0.7, '#a8782e'],
        [1, '#6a4a1a'],
      ],
      0.35,
      0.35,
      0.7,
    )}"/>`,
  );
  doc.add(
    `<rect x="${n(x - 9)}" y="${n(knotY - 9)}" width="18" height="18" rx="4" fill="${c}" transform="rotate(45 ${n(x)} ${n(knotY)})"/>`,
  );
}

function roundRectD(x: number, y: number, w: number, h: number, rr: number): string {
  return `M${n(x + rr)} ${n(y)}H${n(x + w - rr)}Q${n(x + w)} ${n(y)} ${n(x + w)} ${n(y + rr)}V${n(y + h - rr)}Q${n(x + w)} ${n(y + h)} ${n(x + w - rr)} ${n(y + h)}H${n(x + rr)}Q${n(x)} ${n(y + h)} ${n(x)} ${n(y + h - rr)}V${n(y + rr)}Q${n(x)} ${n(y)} ${n(x + rr)} ${n(y)}Z`;
}

const circleD = (cx: number, cy: number, rr: number) =>
  `M${n(cx - rr)} ${n(cy)}a${n(rr)} ${n(rr)} 0 1 0 ${n(rr * 2)} 0a${n(rr)} ${n(rr)} 0 1 0 ${n(-rr * 2)} 0Z`;

/** Characters raised from the stone: a lit edge, a shadow, the face in the stone's colour. */
function reliefText(doc: Doc, text: string, cx: number, cy: number, cols: number, size: number, face: string): void {
  for (const [dx, dy, c, a] of [
    [1.4, 1.6, '#000000', 0.35],
    [-1, -1, '#ffffff', 0.6],
    [0, 0, face, 1],
  ] as const) {
    doc.add(`<g transform="translate(${dx} ${dy})" fill-opacity="${a}" stroke-opacity="${a}">`);
    charGrid(doc, text, cx, cy, cols, size, c);
    doc.add('</g>');
  }
}

function pendant(doc: Doc, r: Rand, spec: Extract<ArtSpec, { kind: 'pendant' }>, view: ArtView): Placed {
  const cx = doc.width / 2;
  const look = JADES[spec.jade];
  const back = view === 'reverse';
  switch (spec.shape) {
    case 'plaque': {
      const w = r.range(320, 340);
      const h = w * 1.42;
      const x = cx - w / 2;
      const y = 190;
      const crownH = 70;
      groundShadow(doc, cx + 14, y + h + 8, w * 0.5, 22, 0.8);
      doc.add(
        `<rect x="${n(x + 16)}" y="${n(y + 18)}" width="${n(w)}" height="${n(h)}" rx="14" fill="#000000" fill-opacity="0.28" stroke-opacity="0.28"/>`,
      );
      const crown = `M${n(x + w * 0.08)} ${n(y + 2)}C${n(x + w * 0.05)} ${n(y - crownH * 0.6)} ${n(x + w * 0.3)} ${n(y - crownH * 0.4)} ${n(x + w * 0.34)} ${n(y - crownH * 0.75)}C${n(x + w * 0.38)} ${n(y - crownH * 1.1)} ${n(x + w * 0.62)} ${n(y - crownH * 1.1)} ${n(x + w * 0.66)} ${n(y - crownH * 0.75)}C${n(x + w * 0.7)} ${n(y - crownH * 0.4)} ${n(x + w * 0.95)} ${n(y - crownH * 0.6)} ${n(x + w * 0.92)} ${n(y + 2)}Z`;
      const holeY = y - crownH * 0.62;
      const d = `${roundRectD(x, y, w, h, 12)}${crown}${circleD(cx, holeY, 9)}`;
      cord(doc, cx, holeY);
      jadeBody(doc, r, d, [x - 10, y - crownH - 20, w + 20, h + crownH + 40], spec.jade, true);
      const m = 22;
      carve(doc, roundRectD(x + m, y + m, w - m * 2, h - m * 2, 6), 2.4);
      carve(
        doc,
        `M${n(cx - w * 0.25)} ${n(y - crownH * 0.35)}c10 -22 30 -22 ${n(w * 0.1)} -4M${n(cx + w * 0.25)} ${n(y - crownH * 0.35)}c-10 -22 -30 -22 ${n(-w * 0.1)} -4`,
        2,
      );
      const ix = x + m + 8;
      const iy = y + m + 8;
      const iw = w - (m + 8) * 2;
      const ih = h - (m + 8) * 2;
      if (!back) {
        // a carved landscape: moon, peaks, pine, pavilion, water
        carve(doc, circleD(ix + iw * 0.75, iy + ih * 0.16, iw * 0.09), 2);
        carve(
          doc,
          `M${n(ix)} ${n(iy + ih * 0.55)}L${n(ix + iw * 0.18)} ${n(iy + ih * 0.3)}L${n(ix + iw * 0.3)} ${n(iy + ih * 0.42)}L${n(ix + iw * 0.48)} ${n(iy + ih * 0.2)}L${n(ix + iw * 0.62)} ${n(iy + ih * 0.45)}L${n(ix + iw)} ${n(iy + ih * 0.38)}`,
          2.2,
        );
        carve(
          doc,
          `M${n(ix + iw * 0.1)} ${n(iy + ih * 0.52)}L${n(ix + iw * 0.22)} ${n(iy + ih * 0.4)}M${n(ix + iw * 0.42)} ${n(iy + ih * 0.36)}L${n(ix + iw * 0.5)} ${n(iy + ih * 0.28)}`,
          1.4,
        );
        const tx = ix + iw * r.range(0.18, 0.28);
        carve(
          doc,
          `M${n(tx)} ${n(iy + ih * 0.95)}C${n(tx + 10)} ${n(iy + ih * 0.8)} ${n(tx - 12)} ${n(iy + ih * 0.7)} ${n(tx + 6)} ${n(iy + ih * 0.52)}`,
          3,
        );
        for (let i = 0; i < 4; i++) {
          const py = iy + ih * (0.54 + i * 0.085);
          const pw = iw * (0.2 - i * 0.025);
          const side = i % 2 ? 1 : -1;
          const px = tx + side * pw * 0.4;
          carve(
            doc,
            `M${n(px - pw)} ${n(py + 6)}C${n(px - pw * 0.6)} ${n(py - 14)} ${n(px + pw * 0.6)} ${n(py - 14)} ${n(px + pw)} ${n(py + 6)}C${n(px + pw * 0.4)} ${n(py)} ${n(px - pw * 0.4)} ${n(py)} ${n(px - pw)} ${n(py + 6)}Z`,
            2,
          );
          for (let k = -2; k <= 2; k++) carve(doc, `M${n(px + k * pw * 0.3)} ${n(py - 4)}l${n(k * 3)} -7`, 1.2, 0.35);
        }
        const hx = ix + iw * 0.64;
        const hy = iy + ih * 0.72;
        carve(
          doc,
          `M${n(hx - 34)} ${n(hy)}L${n(hx)} ${n(hy - 22)}L${n(hx + 34)} ${n(hy)}M${n(hx - 24)} ${n(hy)}V${n(hy + 30)}M${n(hx + 24)} ${n(hy)}V${n(hy + 30)}M${n(hx - 36)} ${n(hy + 30)}H${n(hx + 36)}`,
          2,
        );
        for (let i = 0; i < 3; i++)
          carve(doc, `M${n(ix + iw * 0.35)} ${n(iy + ih * (0.88 + i * 0.035))}q20 -6 40 0t40 0t40 0`, 1.4);
      } else {
        const poem = spec.poem ?? PLAQUE_POEM;
        const cols = 2;
        const size = Math.min(iw / 3.2, (ih * 0.82) / Math.ceil([...poem].length / cols) / 1.12);
        reliefText(doc, poem, cx, iy + ih * 0.46, cols, size, shade(look.body, -0.04));
        doc.add(
          `<rect x="${n(cx - 16)}" y="${n(iy + ih * 0.9)}" width="32" height="32" fill="none" stroke="${shade(look.body, -0.3)}" stroke-width="2"/>`,
        );
      }
      jadeGloss(doc, x + w * 0.3, y + h * 0.2, w * 0.25, h * 0.1);
      return { focus: [cx, y + h * 0.45], zoom: 1.9 };
    }
    case 'gourd': {
      const cy = 430;
      const s = r.range(0.95, 1.05);
      const pts: Pt[] = [];
      const prof = monotone(
        pairs([
          0, 0.2, 0.05, 0.38, 0.18, 0.58, 0.3, 0.5, 0.4, 0.32, 0.46, 0.33, 0.6, 0.82, 0.78, 1, 0.92, 0.85, 1, 0.2,
        ]),
      );
      const H = 480 * s;
      const W = 330 * s;
      const top = cy - H / 2;
      for (let i = 0; i <= 40; i++) pts.push([cx + prof(i / 40) * W * 0.5, top + (H * i) / 40]);
      for (let i = 40; i >= 0; i--) pts.push([cx - prof(i / 40) * W * 0.5, top + (H * i) / 40]);
      const d = pathD(pts, true);
      groundShadow(doc, cx + 16, top + H, W * 0.4, 24, 0.8);
      cord(doc, cx, top + 10);
      doc.add(pathEl(d, `fill="#000000" fill-opacity="0.25" stroke-opacity="0.25" transform="translate(14 16)"`));
      jadeBody(doc, r, d, [cx - W / 2 - 10, top - 10, W + 20, H + 20], spec.jade);
      carve(
        doc,
        `M${n(cx - W * 0.16)} ${n(top + H * 0.43)}Q${n(cx)} ${n(top + H * 0.47)} ${n(cx + W * 0.16)} ${n(top + H * 0.43)}`,
        2.4,
      );
      // leaf and tendril climbing the gourd
      carve(
        doc,
        `M${n(cx + W * 0.05)} ${n(top + H * 0.08)}C${n(cx + W * 0.35)} ${n(top + H * 0.05)} ${n(cx + W * 0.42)} ${n(top + H * 0.3)} ${n(cx + W * 0.2)} ${n(top + H * 0.36)}C${n(cx + W * 0.1)} ${n(top + H * 0.25)} ${n(cx + W * 0.05)} ${n(top + H * 0.15)} ${n(cx + W * 0.05)} ${n(top + H * 0.08)}Z`,
        2.2,
      );
      carve(
        doc,
        `M${n(cx + W * 0.07)} ${n(top + H * 0.1)}Q${n(cx + W * 0.25)} ${n(top + H * 0.18)} ${n(cx + W * 0.22)} ${n(top + H * 0.32)}`,
        1.5,
      );
      carve(
        doc,
        `M${n(cx - W * 0.05)} ${n(top + H * 0.12)}c-40 20 -60 60 -30 80c20 14 30 -10 14 -18c-10 -5 -20 6 -10 12`,
        1.8,
      );
      jadeGloss(doc, cx - W * 0.18, top + H * 0.62, W * 0.18, H * 0.1, -60);
      jadeGloss(doc, cx - W * 0.1, top + H * 0.2, W * 0.1, H * 0.05, -60);
      return { focus: [cx, top + H * 0.3], zoom: 1.9 };
    }
    case 'ruyi': {
      const cy = 420;
      const W = 440;
      const H = 330;
      const x = cx - W / 2;
      const y = cy - H / 2;
      const d = `M${n(cx)} ${n(y + H)}C${n(x + W * 0.3)} ${n(y + H * 0.85)} ${n(x - 10)} ${n(y + H * 0.75)} ${n(x + 10)} ${n(y + H * 0.4)}C${n(x + 20)} ${n(y + H * 0.1)} ${n(x + W * 0.28)} ${n(y)} ${n(x + W * 0.36)} ${n(y + H * 0.16)}C${n(x + W * 0.4)} ${n(y - H * 0.08)} ${n(x + W * 0.6)} ${n(y - H * 0.08)} ${n(x + W * 0.64)} ${n(y + H * 0.16)}C${n(x + W * 0.72)} ${n(y)} ${n(x + W - 20)} ${n(y + H * 0.1)} ${n(x + W - 10)} ${n(y + H * 0.4)}C${n(x + W + 10)} ${n(y + H * 0.75)} ${n(x + W * 0.7)} ${n(y + H * 0.85)} ${n(cx)} ${n(y + H)}Z${circleD(cx, y + H * 0.08, 10)}`;
      groundShadow(doc, cx + 14, y + H + 6, W * 0.42, 22, 0.8);
      cord(doc, cx, y + H * 0.08);
      doc.add(
        pathEl(
          d,
          `fill="#000000" fill-opacity="0.25" stroke-opacity="0.25" fill-rule="evenodd" transform="translate(14 16)"`,
        ),
      );
      jadeBody(doc, r, d, [x - 20, y - 40, W + 40, H + 60], spec.jade, true);
      carve(
        doc,
        `M${n(cx)} ${n(y + H * 0.86)}C${n(x + W * 0.32)} ${n(y + H * 0.74)} ${n(x + 30)} ${n(y + H * 0.66)} ${n(x + 40)} ${n(y + H * 0.42)}C${n(x + 50)} ${n(y + H * 0.22)} ${n(x + W * 0.26)} ${n(y + H * 0.16)} ${n(x + W * 0.36)} ${n(y + H * 0.3)}`,
        2.2,
      );
      carve(
        doc,
        `M${n(cx)} ${n(y + H * 0.86)}C${n(x + W * 0.68)} ${n(y + H * 0.74)} ${n(x + W - 30)} ${n(y + H * 0.66)} ${n(x + W - 40)} ${n(y + H * 0.42)}C${n(x + W - 50)} ${n(y + H * 0.22)} ${n(x + W * 0.74)} ${n(y + H * 0.16)} ${n(x + W * 0.64)} ${n(y + H * 0.3)}`,
        2.2,
      );
      for (const sx of [-1, 1])
        carve(
          doc,
          `M${n(cx + sx * W * 0.12)} ${n(y + H * 0.5)}c${n(sx * 30)} -40 ${n(sx * 80)} -10 ${n(sx * 60)} 20c${n(-sx * 14)} 20 ${n(-sx * 40)} 6 ${n(-sx * 30)} -8`,
          2,
        );
      carve(doc, `M${n(cx - 24)} ${n(y + H * 0.62)}c10 -30 38 -30 48 0c-10 24 -38 24 -48 0Z`, 2);
      jadeGloss(doc, x + W * 0.3, y + H * 0.3, W * 0.16, H * 0.08);
      return { focus: [cx, cy], zoom: 1.8 };
    }
    case 'buckle': {
      const cy = 430;
      const R = r.range(200, 225);
      const hole = R * 0.38;
      const d = `${circleD(cx, cy, R)}${circleD(cx, cy, hole)}`;
      groundShadow(doc, cx + 16, cy + R - 10, R * 0.85, 26, 0.8);
      doc.add(
        pathEl(
          d,
          `fill="#000000" fill-opacity="0.25" stroke-opacity="0.25" fill-rule="evenodd" transform="translate(14 16)"`,
        ),
      );
      doc.add(
        `<path d="M${n(cx - 30)} -10C${n(cx - 20)} ${n(cy - R)} ${n(cx - hole)} ${n(cy - hole * 1.2)} ${n(cx - hole * 0.2)} ${n(cy - hole * 0.9)}M${n(cx + 30)} -10C${n(cx + 20)} ${n(cy - R)} ${n(cx + hole)} ${n(cy - hole * 1.2)} ${n(cx + hole * 0.2)} ${n(cy - hole * 0.9)}" fill="none" stroke="#9e2a22" stroke-width="5"/>`,
      );
      jadeBody(doc, r, d, [cx - R - 5, cy - R - 5, R * 2 + 10, R * 2 + 10], spec.jade, true);
      const inner = doc.linear(
        [
          [0, '#000000', 0.4],
          [0.5, '#000000', 0],
          [1, '#ffffff', 0.4],
        ],
        0,
        0,
        1,
        1,
      );
      doc.add(
        `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(hole + 6)}" fill="none" stroke="${inner}" stroke-width="12"/>`,
      );
      doc.add(
        `<path d="M${n(cx - hole * 0.3)} ${n(cy - hole * 1.05)}Q${n(cx)} ${n(cy - hole * 0.2)} ${n(cx + hole * 0.3)} ${n(cy - hole * 1.05)}" fill="none" stroke="#9e2a22" stroke-width="6"/>`,
      );
      jadeGloss(doc, cx - R * 0.55, cy - R * 0.45, R * 0.3, R * 0.12, -45);
      return { focus: [cx - R * 0.4, cy - R * 0.2], zoom: 2 };
    }
  }
}

function biDisc(doc: Doc, r: Rand, spec: Extract<ArtSpec, { kind: 'bi' }>): Placed {
  const cx = doc.width / 2;
  const cy = doc.height / 2;
  const R = r.range(285, 300);
  const hole = R * r.range(0.3, 0.36);
  const d = `${circleD(cx, cy, R)}${circleD(cx, cy, hole)}`;
  discShadow(doc, cx + 18, cy + 22, R, 0.85, 0.45);
  const clip = jadeBody(doc, r, d, [cx - R, cy - R, R * 2, R * 2], spec.jade, true);
  const look = JADES[spec.jade];
  const inR = hole + R * 0.07;
  const outR = R - R * 0.06;
  carve(doc, circleD(cx, cy, outR), 2.2);
  carve(doc, circleD(cx, cy, inR), 2.2);
  doc.add(`<g clip-path="${clip}">`);
  if (spec.pattern === 'grain') {
    const step = R * 0.085;
    const face = shade(look.body, 0.08);
    let shadowD = '';
    let faceD = '';
    let litD = '';
    for (let row = -14; row <= 14; row++) {
      for (let col = -14; col <= 14; col++) {
        const x = cx + (col + (row % 2 ? 0.5 : 0)) * step;
        const y = cy + row * step * 0.87;
        const dist = Math.hypot(x - cx, y - cy);
        if (dist < inR + step * 0.55 || dist > outR - step * 0.55) continue;
        const s = step * 0.3;
        shadowD += circleD(x + 1.3, y + 1.6, s);
        faceD += circleD(x, y, s);
        litD += `M${n(x - s * 0.6)} ${n(y + s * 0.2)}a${n(s * 0.6)} ${n(s * 0.6)} 0 0 1 ${n(s * 0.9)} ${n(-s * 0.6)}`;
      }
    }
    doc.add(pathEl(shadowD, 'fill="#000000" fill-opacity="0.3" stroke-opacity="0.3"'));
    doc.add(pathEl(faceD, `fill="${face}"`));
    doc.add(pathEl(litD, 'fill="none" stroke="#ffffff" stroke-opacity="0.6" stroke-width="1.4"'));
  } else if (spec.pattern === 'cloud') {
    for (let i = 0; i < 14; i++) {
      const a = (i / 14) * TAU;
      const rr = (inR + outR) / 2;
      const x = cx + Math.cos(a) * rr;
      const y = cy + Math.sin(a) * rr;
      const sp = transform(spiral(1.6, (outR - inR) * 0.28, i % 2 ? 1 : -1), x, y, a + Math.PI / 2);
      carve(doc, pathD(sp, false), 2);
    }
  }
  doc.add('</g>');
  jadeGloss(doc, cx - R * 0.5, cy - R * 0.5, R * 0.3, R * 0.1, -45);
  return { focus: [cx + R * 0.45, cy - R * 0.35], zoom: 2.4 };
}

function bangle(doc: Doc, r: Rand, spec: Extract<ArtSpec, { kind: 'bangle' }>): Placed {
  const cx = doc.width / 2;
  const cy = doc.height / 2 + 10;
  const R = r.range(255, 275);
  const ry = R * 0.62;
  const t = R * 0.17;
  const lift = t * 0.55;
  // outer rim, then the hole: the top surface of the ring, seen at an angle
  const d = `M${n(cx - R)} ${n(cy)}A${n(R)} ${n(ry)} 0 1 0 ${n(cx + R)} ${n(cy)}A${n(R)} ${n(ry)} 0 1 0 ${n(cx - R)} ${n(cy)}ZM${n(cx - R + t)} ${n(cy - lift)}A${n(R - t)} ${n(ry - t * 0.8)} 0 1 1 ${n(cx + R - t)} ${n(cy - lift)}A${n(R - t)} ${n(ry - t * 0.8)} 0 1 1 ${n(cx - R + t)} ${n(cy - lift)}Z`;
  groundShadow(doc, cx + 10, cy + ry * 0.55, R * 0.95, ry * 0.55, 0.9);
  jadeBody(doc, r, d, [cx - R, cy - ry - lift, R * 2, ry * 2 + lift], spec.jade, true);
  // the inside wall of the far side, in shade
  doc.add(
    `<path d="M${n(cx - R + t)} ${n(cy - lift)}A${n(R - t)} ${n(ry - t * 0.8)} 0 0 1 ${n(cx + R - t)} ${n(cy - lift)}" fill="none" stroke="#000000" stroke-opacity="0.18" stroke-width="${n(t * 0.6)}" transform="translate(0 ${n(t * 0.3)})"/>`,
  );
  jadeGloss(doc, cx - R * 0.62, cy - ry * 0.55, R * 0.22, ry * 0.08, -30);
  jadeGloss(doc, cx + R * 0.4, cy + ry * 0.78, R * 0.2, ry * 0.05, 8);
  return { focus: [cx - R * 0.6, cy], zoom: 2.2 };
}

// ---------------------------------------------------------------------------------------------
// Painting and calligraphy: brush strokes, seals, landscapes, hanging scrolls and fans

const INK = '#221f1b';
const SEAL_RED = '#b3352b';

/** A brush stroke along a quadratic curve: pressed at the start, swelling, lifted at the end. */
function brushStroke(p0: Pt, c: Pt, p1: Pt, width: number, profile: 'taper' | 'flare' | 'even' = 'taper'): string {
  const left: Pt[] = [];
  const right: Pt[] = [];
  const steps = 9;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const x = (1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * c[0] + t * t * p1[0];
    const y = (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * c[1] + t * t * p1[1];
    const dx = 2 * (1 - t) * (c[0] - p0[0]) + 2 * t * (p1[0] - c[0]);
    const dy = 2 * (1 - t) * (c[1] - p0[1]) + 2 * t * (p1[1] - c[1]);
    const len = Math.hypot(dx, dy) || 1;
    let w: number;
    if (profile === 'taper') w = width * (0.55 + 0.45 * Math.sin(Math.PI * Math.min(1, t * 1.6))) * (1 - t * 0.75);
    else if (profile === 'flare') w = width * (0.45 + 0.85 * t ** 1.5) * (t > 0.85 ? 1 - (t - 0.85) * 4 : 1);
    else w = width * (0.8 + 0.2 * Math.sin(Math.PI * t));
    if (i === 0) w *= 0.9;
    const nx = (-dy / len) * (w / 2);
    const ny = (dx / len) * (w / 2);
    left.push([x + nx, y + ny]);
    right.push([x - nx, y - ny]);
  }
  return pathD([...left, ...right.reverse()], true);
}

/** Strokes of one component of a character, inside the box x0..x1, y0..y1 (in -1..1 units). */
function glyphPart(
  r: Rand,
  P: (fx: number, fy: number) => Pt,
  box: [number, number, number, number],
  weight: number,
  count: number,
): string[] {
  const [x0, y0, x1, y1] = box;
  const w = x1 - x0;
  const h = y1 - y0;
  const out: string[] = [];
  const X = (f: number) => x0 + w * f;
  const Y = (f: number) => y0 + h * f;
  if (r.chance(0.3) && count >= 4) {
    // an enclosed box, as in 口 or 日
    const a = r.range(0.1, 0.2);
    const b = r.range(0.8, 0.9);
    const t = r.range(0.15, 0.35);
    const u = r.range(0.7, 0.9);
    out.push(brushStroke(P(X(a), Y(t)), P(X(a) - 0.02, Y((t + u) / 2)), P(X(a + 0.02), Y(u)), weight * 0.9, 'even'));
    out.push(brushStroke(P(X(a), Y(t)), P(X((a + b) / 2), Y(t) - 0.04), P(X(b), Y(t)), weight, 'even'));
    out.push(brushStroke(P(X(b), Y(t)), P(X(b) + 0.02, Y((t + u) / 2)), P(X(b - 0.02), Y(u)), weight, 'taper'));
    if (r.chance(0.5))
      out.push(
        brushStroke(
          P(X(a), Y((t + u) / 2)),
          P(X((a + b) / 2), Y((t + u) / 2) - 0.02),
          P(X(b), Y((t + u) / 2)),
          weight * 0.8,
          'even',
        ),
      );
    out.push(brushStroke(P(X(a), Y(u)), P(X((a + b) / 2), Y(u) - 0.02), P(X(b), Y(u)), weight * 0.9, 'even'));
    count -= 4;
  }
  for (let i = 0; i < count; i++) {
    const kind = r.pick(['heng', 'heng', 'shu', 'pie', 'na', 'dian', 'dian', 'gou'] as const);
    const fy = r.range(0.1, 0.9);
    switch (kind) {
      case 'heng': {
        const a = r.range(0, 0.25);
        const b = r.range(0.75, 1);
        out.push(
          brushStroke(P(X(a), Y(fy) + 0.03), P(X((a + b) / 2), Y(fy) - 0.05), P(X(b), Y(fy) - 0.04), weight, 'even'),
        );
        break;
      }
      case 'shu': {
        const fx = r.range(0.25, 0.75);
        out.push(
          brushStroke(
            P(X(fx), Y(r.range(0, 0.2))),
            P(X(fx) + 0.03, Y(0.5)),
            P(X(fx), Y(r.range(0.8, 1))),
            weight,
            'taper',
          ),
        );
        break;
      }
      case 'pie': {
        const fx = r.range(0.4, 0.7);
        out.push(
          brushStroke(
            P(X(fx), Y(fy * 0.5)),
            P(X(fx - 0.1), Y(fy * 0.5 + 0.3)),
            P(X(0.05), Y(Math.min(1, fy * 0.5 + 0.55))),
            weight,
            'taper',
          ),
        );
        break;
      }
      case 'na': {
        const fx = r.range(0.3, 0.5);
        out.push(
          brushStroke(
            P(X(fx), Y(fy * 0.5)),
            P(X(fx + 0.2), Y(fy * 0.5 + 0.35)),
            P(X(0.98), Y(Math.min(1, fy * 0.5 + 0.55))),
            weight,
            'flare',
          ),
        );
        break;
      }
      case 'gou': {
        const fx = r.range(0.5, 0.85);
        out.push(brushStroke(P(X(fx), Y(0.05)), P(X(fx) + 0.02, Y(0.5)), P(X(fx), Y(0.92)), weight, 'even'));
        out.push(brushStroke(P(X(fx), Y(0.92)), P(X(fx) - 0.04, Y(0.96)), P(X(fx - 0.25), Y(0.8)), weight, 'taper'));
        break;
      }
      default: {
        const fx = r.range(0.1, 0.9);
        out.push(
          brushStroke(
            P(X(fx), Y(fy)),
            P(X(fx) + 0.06, Y(fy) + 0.02),
            P(X(fx) + 0.08, Y(fy) + 0.12),
            weight * 1.5,
            'taper',
          ),
        );
      }
    }
  }
  return out;
}

/** A made-up character in running script: one, two or three components, strokes sometimes joined. */
function glyph(r: Rand, cx: number, cy: number, size: number): string {
  const s = size / 2;
  const P = (fx: number, fy: number): Pt => [cx + fx * s, cy + fy * s];
  const weight = size * r.range(0.075, 0.1);
  const layout = r.pick(['single', 'lr', 'lr', 'tb', 'lr'] as const);
  const parts: string[] = [];
  if (layout === 'single') parts.push(...glyphPart(r, P, [-0.85, -0.85, 0.85, 0.85], weight, r.int(4, 7)));
  else if (layout === 'lr') {
    const split = r.range(-0.35, -0.1);
    parts.push(...glyphPart(r, P, [-0.9, -0.8, split - 0.05, 0.85], weight * 0.9, r.int(2, 4)));
    parts.push(...glyphPart(r, P, [split + 0.08, -0.9, 0.9, 0.9], weight, r.int(4, 7)));
  } else {
    const split = r.range(-0.25, 0);
    parts.push(...glyphPart(r, P, [-0.7, -0.9, 0.7, split - 0.05], weight * 0.9, r.int(2, 4)));
    parts.push(...glyphPart(r, P, [-0.85, split + 0.08, 0.85, 0.9], weight, r.int(3, 6)));
  }
  // running script joins some strokes with a hairline
  if (r.chance(0.5)) parts.push(brushStroke(P(-0.2, -0.1), P(0.3, -0.3), P(0.4, 0.2), weight * 0.22, 'even'));
  return parts.join('');
}

/** Columns of characters, right to left. Returns the x of the last column. */
function calligraphy(
  doc: Doc,
  r: Rand,
  x1: number,
  y0: number,
  cols: number,
  rows: number,
  size: number,
  ink = INK,
  opacity = 0.92,
): number {
  let d = '';
  let x = x1;
  for (let c = 0; c < cols; c++) {
    x = x1 - c * size * 1.18;
    const n2 = c === cols - 1 ? r.int(Math.max(1, Math.floor(rows / 2)), rows) : rows;
    for (let i = 0; i < n2; i++) {
      const sz = size * r.range(0.82, 1.08);
      d += glyph(r, x + r.range(-size * 0.06, size * 0.06), y0 + i * size * 1.1 + size / 2, sz);
    }
  }
  doc.add(pathEl(d, `fill="${ink}" fill-opacity="${opacity}" stroke-opacity="${opacity}"`));
  return x;
}

/** A square seal impression: white characters cut into red, or red characters in a red frame. */
function seal(doc: Doc, r: Rand, x: number, y: number, size: number, white = r.chance(0.5)): void {
  const bars: string[] = [];
  const cell = size / 2;
  const m = size * 0.1;
  for (let k = 0; k < 4; k++) {
    const cx0 = x + m + (k % 2) * (cell - m);
    const cy0 = y + m + Math.floor(k / 2) * (cell - m);
    const cs = cell - m * 1.2;
    const t = size * 0.06;
    const hs = r.int(2, 3);
    for (let i = 0; i < hs; i++) {
      const yy = cy0 + (cs * (i + 0.5)) / hs;
      const a = r.range(0, 0.3) * cs;
      const b = r.range(0.7, 1) * cs;
      bars.push(`M${n(cx0 + a)} ${n(yy - t / 2)}h${n(b - a)}v${n(t)}h${n(a - b)}Z`);
    }
    const vs = r.int(1, 2);
    for (let i = 0; i < vs; i++) {
      const xx = cx0 + r.range(0.15, 0.85) * cs;
      const a = r.range(0, 0.4) * cs;
      const b = r.range(0.6, 1) * cs;
      bars.push(`M${n(xx - t / 2)} ${n(cy0 + a)}v${n(b - a)}h${n(t)}v${n(a - b)}Z`);
    }
  }
  const rot = r.range(-1.5, 1.5);
  doc.add(
    `<g transform="rotate(${n(rot)} ${n(x + size / 2)} ${n(y + size / 2)})" fill-opacity="0.88" stroke-opacity="0.88">`,
  );
  if (white) {
    doc.add(
      `<path d="M${n(x)} ${n(y)}h${n(size)}v${n(size)}h${n(-size)}Z${bars.join('')}" fill="${SEAL_RED}" fill-rule="evenodd"/>`,
    );
  } else {
    doc.add(
      `<rect x="${n(x + size * 0.04)}" y="${n(y + size * 0.04)}" width="${n(size * 0.92)}" height="${n(size * 0.92)}" fill="none" stroke="${SEAL_RED}" stroke-width="${n(size * 0.07)}"/>`,
    );
    doc.add(pathEl(bars.join(''), `fill="${SEAL_RED}"`));
  }
  doc.add('</g>');
}

/** Aged paper or silk: a warm ground, faint foxing, darker edges. */
function paper(doc: Doc, r: Rand, x: number, y: number, w: number, h: number, tint: string): void {
  doc.add(
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${doc.linear([
      [0, shade(tint, 0.06)],
      [1, shade(tint, -0.06)],
    ])}"/>`,
  );
  const spots: string[] = [];
  for (let i = 0; i < Math.round((w * h) / 3000); i++) {
    spots.push(circleD(x + r.range(0, w), y + r.range(0, h), r.range(0.5, 2.2)));
  }
  doc.add(pathEl(spots.join(''), `fill="#8a6a3a" fill-opacity="0.18" stroke-opacity="0.18"`));
  doc.add(
    `<rect x="${n(x)}" y="${n(y)}" width="${n(w)}" height="${n(h)}" fill="${doc.radial(
      [
        [0.6, '#6a4a20', 0],
        [1, '#6a4a20', 0.18],
      ],
      0.5,
      0.5,
      0.72,
    )}"/>`,
  );
}

/** A landscape in ink: misty peaks behind, rocks and pines in front, water, a hut, a boat. */
function inkLandscape(doc: Doc, r: Rand, x: number, y: number, w: number, h: number, scale: number): void {
  const layers = [
    { base: 0.5, peak: 0.08, ink: 0.3, depth: 0.22, rough: 0.5 },
    { base: 0.62, peak: 0.28, ink: 0.45, depth: 0.18, rough: 0.7 },
    { base: 0.9, peak: 0.6, ink: 0.75, depth: 0.12, rough: 1 },
  ];
  const noise = valueNoise(r.int(1, 1e9));
  const ridges = layers.map((l, li) => {
    const peaks = Array.from({ length: r.int(2, 3) }, () => ({
      at: r.range(0.1, 0.9),
      height: r.range(0.5, 1),
      width: r.range(0.12, 0.3),
    }));
    if (li === 2) peaks.push({ at: r.chance(0.5) ? 0.15 : 0.85, height: 0.9, width: 0.18 });
    return (fx: number) => {
      let top = l.base;
      for (const p of peaks) {
        const d = (fx - p.at) / p.width;
        top = Math.min(top, l.base - (l.base - l.peak) * p.height * Math.exp(-d * d * 1.6));
      }
      return top + (fbm(noise, fx * 9 + li * 7, li * 3.1, 3) - 0.5) * 0.06 * l.rough;
    };
  });
  const [ir, ig, ib] = hexToRgb(INK);
  const waterTop = 0.74;
  const tops = new Map<number, number[]>();
  texture(doc, [x, y, w, h], scale * 0.7, (px, py) => {
    const fx = (px - x) / w;
    const fy = (py - y) / h;
    let a = 0;
    let col = tops.get(px);
    if (!col) {
      col = ridges.map((ridge) => ridge(fx));
      tops.set(px, col);
    }
    ridges.forEach((_ridge, li) => {
      const l = layers[li]!;
      const top = col[li]!;
      if (fy < top) return;
      const below = fy - top;
      const tex = fbm(noise, px / 9 + li * 11, py / 5, 3);
      const fade = Math.max(0, 1 - below / l.depth);
      const ink =
        l.ink *
        (0.35 + 0.65 * fade) *
        (0.55 + tex * 0.7) *
        (li < 2 && fy > waterTop - 0.06 ? Math.max(0, 1 - (fy - waterTop + 0.06) / 0.08) : 1);
      a = a + ink * (1 - a);
    });
    if (fy > waterTop && fy < 0.9 && a < 0.5) a *= 0.3;
    return a > 0.01 ? [ir, ig, ib, Math.min(0.9, a)] : null;
  });
  // contour and texture strokes on the near hills
  const near = ridges[2]!;
  let contour = '';
  let prev: Pt | undefined;
  for (let i = 0; i <= 40; i++) {
    const fx = i / 40;
    const p: Pt = [x + fx * w, y + near(fx) * h];
    if (prev && near(fx) < 0.88)
      contour += brushStroke(prev, [(prev[0] + p[0]) / 2, (prev[1] + p[1]) / 2 - 1], p, w * 0.008, 'even');
    prev = p;
  }
  let dashes = '';
  for (let i = 0; i < 70; i++) {
    const fx = r.range(0, 1);
    const top = near(fx);
    const fy = top + r.range(0.01, 0.1);
    if (fy > 0.97) continue;
    const p: Pt = [x + fx * w, y + fy * h];
    dashes += brushStroke(
      p,
      [p[0] + w * 0.01, p[1] + h * 0.015],
      [p[0] - w * 0.005, p[1] + h * 0.03],
      w * 0.006,
      'taper',
    );
  }
  doc.add(pathEl(contour + dashes, `fill="${INK}" fill-opacity="0.7" stroke-opacity="0.7"`));
  // pines on the near slope: a crooked trunk and spiky clumps of needles
  let pines = '';
  for (let i = 0; i < r.int(2, 3); i++) {
    const fx = r.chance(0.5) ? r.range(0.08, 0.35) : r.range(0.6, 0.9);
    const by = y + Math.min(0.95, near(fx) + 0.05) * h;
    const bx = x + fx * w;
    const th = h * r.range(0.12, 0.17);
    const bend = r.range(-0.04, 0.04) * w;
    pines += brushStroke([bx, by], [bx + bend * 2, by - th * 0.5], [bx + bend, by - th], w * 0.013, 'even');
    for (let k = 0; k < 4; k++) {
      const ky = by - th * (0.45 + k * 0.19);
      const kw = w * (0.055 - k * 0.008);
      const kx = bx + bend * (0.5 + k * 0.15) + (k % 2 ? 1 : -1) * kw * 0.35;
      const clump: Pt[] = [];
      for (let j = 0; j < 22; j++) {
        const a = (j / 22) * TAU;
        const spike = j % 2 ? 1 : 0.72;
        clump.push([
          kx + Math.cos(a) * kw * spike,
          ky + Math.sin(a) * kw * 0.34 * spike - (Math.sin(a) < 0 ? kw * 0.08 : 0),
        ]);
      }
      pines += pathD(clump, true, false);
    }
  }
  // trees of dotted leaves by the water
  for (let i = 0; i < 3; i++) {
    const tx = x + w * r.range(0.1, 0.9);
    const ty = y + h * r.range(0.62, 0.7);
    pines += brushStroke([tx, ty + h * 0.06], [tx + 2, ty + h * 0.03], [tx, ty], w * 0.008, 'even');
    for (let k = 0; k < 18; k++)
      pines += circleD(tx + r.range(-1, 1) * w * 0.035, ty + r.range(-1, 0.5) * w * 0.03, r.range(1, 2.2));
  }
  doc.add(pathEl(pines, `fill="${INK}" fill-opacity="0.85" stroke-opacity="0.85"`));
  // a hut by the water and a boat
  const hx = x + w * r.range(0.35, 0.6);
  const hy = y + h * (waterTop - 0.01);
  const hs = w * 0.06;
  doc.add(
    pathEl(
      `M${n(hx - hs)} ${n(hy - hs * 0.7)}L${n(hx)} ${n(hy - hs * 1.3)}L${n(hx + hs)} ${n(hy - hs * 0.7)}ZM${n(hx - hs * 0.7)} ${n(hy - hs * 0.7)}h${n(hs * 0.12)}v${n(hs * 0.7)}h${n(-hs * 0.12)}ZM${n(hx + hs * 0.58)} ${n(hy - hs * 0.7)}h${n(hs * 0.12)}v${n(hs * 0.7)}h${n(-hs * 0.12)}Z`,
      `fill="${INK}" fill-opacity="0.8" stroke-opacity="0.8"`,
    ),
  );
  const bx = x + w * r.range(0.2, 0.7);
  const by = y + h * (waterTop + 0.06);
  doc.add(
    pathEl(
      `M${n(bx - w * 0.06)} ${n(by)}Q${n(bx)} ${n(by + h * 0.012)} ${n(bx + w * 0.06)} ${n(by - h * 0.004)}L${n(bx + w * 0.04)} ${n(by + h * 0.006)}Q${n(bx)} ${n(by + h * 0.016)} ${n(bx - w * 0.05)} ${n(by + h * 0.004)}ZM${n(bx)} ${n(by)}l${n(w * 0.004)} ${n(-h * 0.02)}`,
      `fill="${INK}" stroke="${INK}" stroke-width="1" fill-opacity="0.8" stroke-opacity="0.8"`,
    ),
  );
  let ripples = '';
  for (let i = 0; i < 6; i++) {
    const ry = y + h * (waterTop + 0.02 + i * 0.025);
    const rx = x + w * r.range(0.05, 0.6);
    ripples += `M${n(rx)} ${n(ry)}q${n(w * 0.05)} -3 ${n(w * 0.1)} 0t${n(w * 0.1)} 0`;
  }
  doc.add(pathEl(ripples, `fill="none" stroke="${INK}" stroke-width="0.8" fill-opacity="0.35" stroke-opacity="0.35"`));
}

/** Ink bamboo: jointed stalks and leaves in clusters, a rock at the foot. */
function inkBamboo(doc: Doc, r: Rand, x: number, y: number, w: number, h: number): void {
  let d = '';
  let light = '';
  const stalks = r.int(2, 3);
  for (let i = 0; i < stalks; i++) {
    const sx = x + w * (0.3 + i * 0.2 + r.range(-0.05, 0.05));
    const lean = r.range(-0.12, 0.12) * w;
    const sw = w * r.range(0.025, 0.035);
    let yy = y + h;
    const top = y + h * r.range(0.05, 0.25);
    while (yy > top) {
      const len = h * r.range(0.08, 0.13);
      const y2 = Math.max(top, yy - len);
      const f1 = (y + h - yy) / h;
      const f2 = (y + h - y2) / h;
      const path = `M${n(sx + lean * f1 - sw / 2)} ${n(yy - 2)}L${n(sx + lean * f2 - (sw / 2) * 0.95)} ${n(y2 + 2)}L${n(sx + lean * f2 + (sw / 2) * 0.95)} ${n(y2 + 2)}L${n(sx + lean * f1 + sw / 2)} ${n(yy - 2)}Z`;
      if (i === 0) d += path;
      else light += path;
      yy = y2 - 3;
    }
  }
  doc.add(pathEl(light, `fill="${INK}" fill-opacity="0.45" stroke-opacity="0.45"`));
  doc.add(pathEl(d, `fill="${INK}" fill-opacity="0.8" stroke-opacity="0.8"`));
  let leaves = '';
  for (let c = 0; c < 7; c++) {
    const lx = x + w * r.range(0.15, 0.85);
    const ly = y + h * r.range(0.08, 0.6);
    const count = r.int(3, 5);
    const base = r.range(0.3, 1.2);
    for (let k = 0; k < count; k++) {
      const a = Math.PI / 2 + base + (k - count / 2) * 0.45 + r.range(-0.15, 0.15);
      const len = w * r.range(0.14, 0.22);
      const p1: Pt = [lx + Math.cos(a) * len, ly + Math.sin(a) * len * 0.9];
      leaves += brushStroke(
        [lx, ly],
        [lx + Math.cos(a - 0.2) * len * 0.5, ly + Math.sin(a - 0.2) * len * 0.5],
        p1,
        w * 0.035,
        'taper',
      );
    }
  }
  doc.add(pathEl(leaves, `fill="${INK}" fill-opacity="0.85" stroke-opacity="0.85"`));
  const rock: Pt[] = [];
  for (let i = 0; i < 10; i++) {
    const a = Math.PI + (i / 9) * Math.PI;
    rock.push([x + w * 0.25 + Math.cos(a) * w * r.range(0.18, 0.24), y + h + Math.sin(a) * h * r.range(0.06, 0.1)]);
  }
  doc.add(pathEl(pathD(rock, true), `fill="${INK}" fill-opacity="0.3" stroke-opacity="0.3"`));
}

/** Ink plum: a gnarled branch in dry ink, blossoms outlined and touched with red. */
function inkPlum(doc: Doc, r: Rand, x: number, y: number, w: number, h: number): void {
  let branch = '';
  const tips: Pt[] = [];
  const grow = (p: Pt, a: number, len: number, wid: number, depth: number) => {
    const p1: Pt = [p[0] + Math.cos(a) * len, p[1] + Math.sin(a) * len];
    const c: Pt = [(p[0] + p1[0]) / 2 + r.range(-len, len) * 0.15, (p[1] + p1[1]) / 2 + r.range(-len, len) * 0.15];
    branch += brushStroke(p, c, p1, wid, 'even');
    tips.push(p1);
    if (depth <= 0) return;
    grow(p1, a + r.range(-0.5, 0.5), len * 0.75, wid * 0.7, depth - 1);
    if (r.chance(0.7)) grow(p1, a + r.pick([-1, 1]) * r.range(0.6, 1.1), len * 0.55, wid * 0.55, depth - 2);
  };
  grow([x + w * 0.1, y + h * 0.98], -Math.PI / 2 + 0.35, h * 0.22, w * 0.06, 5);
  grow([x + w * 0.12, y + h * 0.8], -0.2, h * 0.15, w * 0.035, 4);
  doc.add(pathEl(branch, `fill="${INK}" fill-opacity="0.82" stroke-opacity="0.82"`));
  let petals = '';
  let hearts = '';
  for (const t of tips) {
    for (let k = 0; k < r.int(1, 2); k++) {
      const bx = t[0] + r.range(-12, 12);
      const by = t[1] + r.range(-12, 12);
      const s = w * r.range(0.03, 0.042);
      for (let i = 0; i < 5; i++) {
        const a = (i / 5) * TAU + r.range(0, 0.3);
        petals += circleD(bx + Math.cos(a) * s * 0.7, by + Math.sin(a) * s * 0.7, s * 0.55);
      }
      hearts += circleD(bx, by, s * 0.25);
    }
  }
  doc.add(pathEl(petals, `fill="#d98a86" fill-opacity="0.35" stroke="${INK}" stroke-width="0.9" stroke-opacity="0.7"`));
  doc.add(pathEl(hearts, `fill="#c9a03a"`));
}

function paintingContent(
  doc: Doc,
  r: Rand,
  subject: 'landscape' | 'calligraphy' | 'bamboo' | 'plum',
  x: number,
  y: number,
  w: number,
  h: number,
  scale: number,
): Pt {
  const size = w * 0.07;
  switch (subject) {
    case 'landscape':
      inkLandscape(doc, r, x, y, w, h, scale);
      break;
    case 'bamboo':
      inkBamboo(doc, r, x, y, w, h);
      break;
    case 'plum':
      inkPlum(doc, r, x, y, w, h);
      break;
    case 'calligraphy': {
      const cols = r.int(3, 4);
      const big = (w * 0.84) / (cols * 1.18 + 0.6);
      const rows = Math.floor((h * 0.86) / (big * 1.1));
      const lastX = calligraphy(doc, r, x + w - big * 0.9, y + h * 0.05, cols, rows, big);
      const sx = lastX - big * 1.05;
      calligraphy(doc, r, sx, y + h * 0.45, 1, 5, big * 0.32, INK, 0.85);
      seal(doc, r, sx - big * 0.2, y + h * 0.45 + big * 2, big * 0.42, true);
      seal(doc, r, sx - big * 0.2, y + h * 0.45 + big * 2.55, big * 0.42, false);
      seal(doc, r, x + w - big * 0.55, y + h * 0.04, big * 0.35, false);
      return [x + w * 0.5, y + h * 0.3];
    }
  }
  // an inscription in the sky and the painter's seals
  const ix = r.chance(0.5) ? x + w * 0.88 : x + w * 0.2;
  const lx = calligraphy(doc, r, ix, y + h * 0.04, r.int(1, 2), r.int(5, 8), size, INK, 0.85);
  seal(doc, r, lx - size * 0.5, y + h * 0.04 + size * 9.2, size * 1.05, true);
  return [x + w * 0.5, y + h * 0.55];
}

function hangingScroll(doc: Doc, r: Rand, spec: Extract<ArtSpec, { kind: 'scroll' }>): Placed {
  const cx = doc.width / 2;
  const top = 34;
  const bottom = 760;
  const H = bottom - top;
  const W = r.range(0.4, 0.45) * H;
  const x = cx - W / 2;
  const silk = r.pick(['#cfd3c6', '#d9cfb8', '#c8cbbf', '#d6d0c0']);
  const brocade = r.pick(['#8c7a5a', '#6f7f78', '#7d6a58']);
  // hanging cord and nail
  doc.add(
    `<path d="M${n(x + W * 0.25)} ${n(top + 4)}L${n(cx)} 8L${n(x + W * 0.75)} ${n(top + 4)}" fill="none" stroke="#3a2f25" stroke-width="1.6"/><circle cx="${n(cx)}" cy="8" r="3.5" fill="#2a2520"/>`,
  );
  // shadow on the wall
  doc.add(
    `<rect x="${n(x + 10)}" y="${n(top + 12)}" width="${n(W)}" height="${n(H)}" fill="#000000" fill-opacity="0.12" stroke-opacity="0.12"/><rect x="${n(x + 5)}" y="${n(top + 6)}" width="${n(W)}" height="${n(H)}" fill="#000000" fill-opacity="0.12" stroke-opacity="0.12"/>`,
  );
  doc.add(`<rect x="${n(x)}" y="${n(top)}" width="${n(W)}" height="${n(H)}" fill="${silk}"/>`);
  const tianH = H * 0.2;
  const diH = H * 0.12;
  const m = W * 0.06;
  const py0 = top + tianH + 12;
  const py1 = bottom - diH - 12;
  doc.add(
    `<rect x="${n(x)}" y="${n(top + tianH)}" width="${n(W)}" height="12" fill="${brocade}"/><rect x="${n(x)}" y="${n(bottom - diH - 12)}" width="${n(W)}" height="12" fill="${brocade}"/>`,
  );
  // the two ribbons (惊燕) hanging in the top mount
  for (const fx of [0.33, 0.67])
    doc.add(
      `<rect x="${n(x + W * fx - 5)}" y="${n(top)}" width="10" height="${n(tianH * 0.85)}" fill="${shade(silk, -0.08)}" stroke="${shade(silk, -0.2)}" stroke-width="0.8"/>`,
    );
  const pw = W - m * 2;
  const ph = py1 - py0;
  paper(doc, r, x + m, py0, pw, ph, r.pick(['#e6d8b6', '#ddcda8', '#e8dcc0']));
  const clip = doc.clip(`M${n(x + m)} ${n(py0)}h${n(pw)}v${n(ph)}h${n(-pw)}Z`);
  doc.add(`<g clip-path="${clip}">`);
  const focus = paintingContent(doc, r, spec.subject, x + m, py0, pw, ph, 1.2);
  doc.add('</g>');
  doc.add(
    `<rect x="${n(x + m)}" y="${n(py0)}" width="${n(pw)}" height="${n(ph)}" fill="none" stroke="#6a5a40" stroke-opacity="0.35" stroke-width="1"/>`,
  );
  // silk sheen and gentle sag
  doc.add(
    `<rect x="${n(x)}" y="${n(top)}" width="${n(W)}" height="${n(H)}" fill="${doc.linear(
      [
        [0, '#000000', 0.1],
        [0.15, '#ffffff', 0.06],
        [0.5, '#ffffff', 0],
        [0.9, '#000000', 0.04],
        [1, '#000000', 0.12],
      ],
      0,
      0,
      1,
      0,
    )}"/>`,
  );
  // top stick and bottom roller with knobs
  doc.add(
    `<rect x="${n(x - 3)}" y="${n(top - 4)}" width="${n(W + 6)}" height="9" rx="2" fill="${doc.linear([
      [0, '#5a4632'],
      [0.5, '#3a2a1c'],
      [1, '#22180f'],
    ])}"/>`,
  );
  const knob = doc.linear([
    [0, '#6a4a30'],
    [0.4, '#3d2717'],
    [1, '#1a100a'],
  ]);
  doc.add(
    `<rect x="${n(x - 4)}" y="${n(bottom - 6)}" width="${n(W + 8)}" height="14" rx="3" fill="${doc.linear([
      [0, '#4a3a28'],
      [0.5, '#2e2116'],
      [1, '#1a120c'],
    ])}"/>`,
  );
  doc.add(
    `<rect x="${n(x - 24)}" y="${n(bottom - 9)}" width="22" height="20" rx="5" fill="${knob}"/><rect x="${n(x + W + 2)}" y="${n(bottom - 9)}" width="22" height="20" rx="5" fill="${knob}"/>`,
  );
  return { focus, zoom: spec.subject === 'calligraphy' ? 2.2 : 2.4 };
}

function fanLeaf(doc: Doc, r: Rand, spec: Extract<ArtSpec, { kind: 'fan' }>): Placed {
  const cx = doc.width / 2;
  const cy = 610;
  const R = 385;
  const Ri = 150;
  const span = r.range(0.78, 0.85) * Math.PI;
  const a0 = -Math.PI / 2 - span / 2;
  const a1 = -Math.PI / 2 + span / 2;
  const P = (rad: number, a: number): Pt => [cx + rad * Math.cos(a), cy + rad * Math.sin(a)];
  const [o0, o1, i1, i0] = [P(R, a0), P(R, a1), P(Ri, a1), P(Ri, a0)];
  const d = `M${n(o0[0])} ${n(o0[1])}A${R} ${R} 0 0 1 ${n(o1[0])} ${n(o1[1])}L${n(i1[0])} ${n(i1[1])}A${Ri} ${Ri} 0 0 0 ${n(i0[0])} ${n(i0[1])}Z`;
  doc.add(pathEl(d, `fill="#000000" fill-opacity="0.28" stroke-opacity="0.28" transform="translate(12 16)"`));
  const clip = doc.clip(d);
  doc.add(`<g clip-path="${clip}">`);
  const gold = spec.subject !== 'landscape' && r.chance(0.6);
  paper(doc, r, cx - R, cy - R, R * 2, R, gold ? '#e3cf9c' : '#e6d9ba');
  if (gold) {
    let flecks = '';
    for (let i = 0; i < 260; i++)
      flecks += pathD(
        transform(circlePts(r.range(0.8, 3), 5), cx + r.range(-R, R), cy - r.range(0, R), r.range(0, 3)),
        true,
        false,
      );
    doc.add(pathEl(flecks, `fill="#c9a448" fill-opacity="0.8" stroke-opacity="0.8"`));
  }
  // the folds of the leaf
  const folds = 14;
  let lines = '';
  for (let i = 1; i < folds; i++) {
    const a = a0 + (span * i) / folds;
    const p = P(R, a);
    const q = P(Ri, a);
    lines += `M${n(p[0])} ${n(p[1])}L${n(q[0])} ${n(q[1])}`;
  }
  let focus: Pt = [cx, cy - (R + Ri) / 2];
  if (spec.subject === 'calligraphy') {
    let ink = '';
    const cols = 16;
    const size = 24;
    for (let c = 0; c < cols; c++) {
      const a = a1 - (span * (c + 0.8)) / (cols + 0.6);
      const rows = c === cols - 1 ? 3 : r.int(4, 6);
      for (let i = 0; i < rows; i++) {
        const rad = R - 40 - i * size * 1.15;
        const [gx, gy] = P(rad, a);
        const g = glyph(r, 0, 0, size * r.range(0.85, 1.05));
        ink += `<path d="${g}" transform="translate(${n(gx)} ${n(gy)}) rotate(${n(((a + Math.PI / 2) * 180) / Math.PI)})"/>`;
      }
    }
    doc.add(`<g fill="${INK}" fill-opacity="0.9" stroke-opacity="0.9">${ink}</g>`);
    const sp = P(Ri + 40, a0 + span * 0.06);
    seal(doc, r, sp[0] - 14, sp[1] - 14, 28, true);
  } else {
    const sub = spec.subject === 'plum' ? 'plum' : 'landscape';
    paintingContent(doc, r, sub, cx - R * 0.78, cy - R * 0.98, R * 1.56, R * 0.85, 0.8);
    focus = [cx, cy - R * 0.6];
  }
  doc.add(pathEl(lines, `fill="none" stroke="#5a4a30" stroke-opacity="0.12" stroke-width="3"`));
  doc.add('</g>');
  doc.add(pathEl(d, `fill="none" stroke="#6a5a40" stroke-opacity="0.5" stroke-width="1.5"`));
  return { focus, zoom: 2.2 };
}

// ---------------------------------------------------------------------------------------------
// Bronze: ding, gu, mirrors; patina

const BRONZE: Finish = {
  ground: [
    [0, '#5e4d35'],
    [1, '#3a2f21'],
  ],
  gloss: 0.18,
  shadow: 0.62,
  inner: '#2a2218',
};

/** Green corrosion as a thin film with crusty patches, earth in places, a few red spots. */
function patina(doc: Doc, r: Rand, box: [number, number, number, number], amount: number, scale = 0.5): void {
  const broad = valueNoise(r.int(1, 1e9));
  const crust = valueNoise(r.int(1, 1e9));
  const fine = valueNoise(r.int(1, 1e9));
  const film = hexToRgb('#4d775c');
  const light = hexToRgb('#8db595');
  const blue = hexToRgb('#4f8a86');
  const earth = hexToRgb('#a7926a');
  const red = hexToRgb('#8a3b2a');
  texture(doc, box, scale, (x, y) => {
    const b = fbm(broad, x / 110, y / 110, 3);
    const c = fbm(crust, x / 28, y / 28, 3);
    const f = fbm(fine, x / 6, y / 6, 2);
    const t = (c - (0.7 - amount * 0.12)) / 0.05;
    if (t > 0 && b > 0.42) {
      const g = f > 0.6 ? light : f < 0.38 ? blue : film;
      return [g[0], g[1], g[2], Math.min(0.8, t * 0.4) * (0.7 + f * 0.4)];
    }
    if (b < 0.34 && f > 0.6) return [earth[0], earth[1], earth[2], 0.4];
    if (f > 0.86 && c > 0.5) return [red[0], red[1], red[2], 0.4];
    const a = Math.max(0, Math.min(1, (b - 0.38) / 0.25)) * amount * 0.55;
    return [film[0], film[1], film[2], a];
  });
}

/** 饕餮: a mask band of eyes, horns and curls on a ground of thunder spirals. */
const taotieBand: MotifFn = (r, band, pal) => {
  const h = band.v1 - band.v0;
  const count = Math.max(2, Math.round(band.length / (h * 2.6)));
  const unit = band.length / count;
  const out: Shape[] = [];
  // 雷纹 ground: small square spirals
  const cell = h * 0.22;
  for (let x = cell / 2; x < band.length; x += cell) {
    for (let y = band.v0 + cell / 2; y < band.v1 - cell * 0.3; y += cell) {
      const q = cell * 0.36;
      out.push({
        pts: [
          [x - q, y + q],
          [x - q, y - q],
          [x + q, y - q],
          [x + q, y + q * 0.4],
          [x - q * 0.35, y + q * 0.4],
          [x - q * 0.35, y - q * 0.3],
          [x + q * 0.3, y - q * 0.3],
        ],
        closed: false,
        stroke: pal.line,
        width: Math.max(0.8, h * 0.014),
        smooth: false,
        opacity: 0.7,
      });
    }
  }
  for (let i = 0; i < count; i++) {
    const cx = (i + 0.5) * unit;
    const cy = band.v0 + h * 0.5;
    for (const side of [-1, 1]) {
      // horn, eye, body curl
      const horn: Pt[] = [
        [cx + side * h * 0.05, cy - h * 0.1],
        [cx + side * h * 0.18, cy - h * 0.38],
        [cx + side * h * 0.45, cy - h * 0.36],
        [cx + side * h * 0.5, cy - h * 0.2],
        [cx + side * h * 0.35, cy - h * 0.15],
      ];
      out.push({ pts: horn, closed: true, fill: pal.wash, stroke: pal.line, width: Math.max(1.2, h * 0.02) });
      out.push({
        pts: circlePts(h * 0.11, 16, cx + side * h * 0.28, cy + h * 0.02, h * 0.08),
        closed: true,
        fill: pal.wash,
        stroke: pal.line,
        width: Math.max(1.2, h * 0.025),
      });
      out.push({ pts: circlePts(h * 0.045, 10, cx + side * h * 0.28, cy + h * 0.02), closed: true, fill: pal.deep });
      const curl = transform(spiral(1.3, h * 0.16, side), cx + side * h * 0.75, cy - h * 0.1, 0);
      out.push({
        pts: [[cx + side * h * 0.42, cy + h * 0.1], [cx + side * h * 0.62, cy + h * 0.25], ...curl],
        closed: false,
        stroke: pal.line,
        width: Math.max(2, h * 0.05),
      });
      out.push({
        pts: [
          [cx + side * h * 0.15, cy + h * 0.2],
          [cx + side * h * 0.3, cy + h * 0.4],
          [cx + side * h * 0.1, cy + h * 0.42],
        ],
        closed: false,
        stroke: pal.line,
        width: Math.max(1.5, h * 0.035),
      });
    }
    // nose ridge down the middle
    out.push({
      pts: [
        [cx - h * 0.05, cy - h * 0.3],
        [cx + h * 0.05, cy - h * 0.3],
        [cx + h * 0.07, cy + h * 0.3],
        [cx - h * 0.07, cy + h * 0.3],
      ],
      closed: true,
      fill: pal.wash,
      stroke: pal.line,
      width: Math.max(1.2, h * 0.02),
      smooth: false,
    });
  }
  return out;
};

const BRONZE_PAL: Palette = {
  line: '#231c12',
  wash: '#6e5d40',
  deep: '#1a140c',
  leaf: '#6e5d40',
  leafLine: '#231c12',
  stem: '#231c12',
  flowers: ['#6e5d40'],
  heart: '#231c12',
  lineWidth: 1.5,
};

function dingScene(doc: Doc, r: Rand, spec: Extract<ArtSpec, { kind: 'ding' }>, view: ArtView): Placed {
  const cx = doc.width / 2;
  const W = r.range(430, 470);
  const bodyH = W * r.range(0.5, 0.56);
  const legH = W * r.range(0.34, 0.4);
  const earH = W * 0.2;
  const total = earH + bodyH + legH;
  const top = (doc.height - total) / 2 + earH + 10;
  const ves = makeVessel(
    pairs([0, 0.93, 0.05, 0.92, 0.12, 0.96, 0.4, 1, 0.7, 0.9, 0.9, 0.6, 1, 0.12]),
    cx,
    top,
    bodyH,
    W / 2,
    view === 'side' ? 0.3 : 0.2,
    view === 'side' ? 0.9 : 0,
  );
  const floor = top + bodyH + legH;
  groundShadow(doc, cx, floor, W * 0.5, 30);
  // legs: one at the back, two in front; drawn first so the body hides their tops
  const legAt = (u: number, back: boolean) => {
    const v = top + bodyH * 0.72;
    const [lx] = onBody(ves, u, v);
    const ly = v + ves.k * ves.radius(v) * Math.cos(u);
    const lw = W * (spec.legs === 'column' ? 0.085 : 0.1);
    const foot = floor + (back ? -18 : Math.cos(u) * 6);
    const fill = doc.linear(
      [
        [0, '#6a5840'],
        [0.35, '#4a3c28'],
        [1, '#1e180f'],
      ],
      0,
      0,
      1,
      0,
    );
    const d =
      spec.legs === 'column'
        ? `M${n(lx - lw / 2)} ${n(ly)}L${n(lx - lw * 0.42)} ${n(foot)}Q${n(lx)} ${n(foot + 6)} ${n(lx + lw * 0.42)} ${n(foot)}L${n(lx + lw / 2)} ${n(ly)}Z`
        : `M${n(lx - lw * 0.7)} ${n(ly)}C${n(lx - lw * 0.9)} ${n(ly + legH * 0.3)} ${n(lx - lw * 0.25)} ${n(ly + legH * 0.45)} ${n(lx - lw * 0.35)} ${n(foot - legH * 0.18)}C${n(lx - lw * 0.5)} ${n(foot - 6)} ${n(lx - lw * 0.75)} ${n(foot)} ${n(lx - lw * 0.7)} ${n(foot)}H${n(lx + lw * 0.7)}C${n(lx + lw * 0.75)} ${n(foot)} ${n(lx + lw * 0.5)} ${n(foot - 6)} ${n(lx + lw * 0.35)} ${n(foot - legH * 0.18)}C${n(lx + lw * 0.25)} ${n(ly + legH * 0.45)} ${n(lx + lw * 0.9)} ${n(ly + legH * 0.3)} ${n(lx + lw * 0.7)} ${n(ly)}Z`;
    doc.add(pathEl(d, `fill="${fill}"${back ? ' fill-opacity="0.85" stroke-opacity="0.85"' : ''}`));
    const clip = doc.clip(d);
    doc.add(`<g clip-path="${clip}">`);
    patina(doc, r.fork(Math.round(u * 100)), [lx - lw, ly, lw * 2, foot - ly + 8], 0.4, 0.7);
    doc.add('</g>');
  };
  legAt(Math.PI, true);
  legAt(Math.PI / 3, false);
  legAt(-Math.PI / 3, false);
  // ears on the rim, left and right
  const ear = (side: number) => {
    const ex = cx + side * W * 0.36;
    const ew = W * 0.15;
    const ey = top + 4;
    const d = `M${n(ex - ew / 2)} ${n(ey)}L${n(ex - ew / 2 - side * 6)} ${n(ey - earH + 6)}Q${n(ex - ew / 2 - side * 6)} ${n(ey - earH)} ${n(ex - ew / 2 - side * 6 + 6)} ${n(ey - earH)}H${n(ex + ew / 2 - side * 6 - 6)}Q${n(ex + ew / 2 - side * 6)} ${n(ey - earH)} ${n(ex + ew / 2 - side * 6)} ${n(ey - earH + 6)}L${n(ex + ew / 2)} ${n(ey)}ZM${n(ex - ew * 0.24)} ${n(ey - 2)}L${n(ex - ew * 0.26 - side * 4)} ${n(ey - earH * 0.7)}H${n(ex + ew * 0.26 - side * 4)}L${n(ex + ew * 0.24)} ${n(ey - 2)}Z`;
    doc.add(
      pathEl(
        d,
        `fill="${doc.linear(
          [
            [0, '#6a5840'],
            [0.5, '#4a3c28'],
            [1, '#2a2116'],
          ],
          0,
          0,
          1,
          0,
        )}" fill-rule="evenodd"`,
      ),
    );
    const clip = doc.clip(d);
    doc.add(`<g clip-path="${clip}">`);
    patina(doc, r.fork(side + 5), [ex - ew, ey - earH, ew * 2, earH + 4], 0.4, 0.7);
    doc.add(pathEl(d, `fill="none" stroke="#000000" stroke-opacity="0.35" stroke-width="1.2" fill-rule="evenodd"`));
    doc.add('</g>');
  };
  ear(-1);
  ear(1);
  const sil = silhouette(ves);
  const clip = doc.clip(sil);
  doc.add(pathEl(sil, `fill="${doc.linear(BRONZE.ground)}"`));
  doc.add(`<g clip-path="${clip}">`);
  decorate(doc, r.fork(11), ves, [{ t0: 0.14, t1: 0.46, draw: taotieBand, pal: BRONZE_PAL, lines: true }]);
  patina(doc, r.fork(13), [cx - W / 2 - 4, top - 30, W + 8, bodyH + 60], 0.45);
  doc.add('</g>');
  shadeBody(doc, ves, clip, BRONZE);
  mouth(doc, ves, BRONZE, '#4e4030', 0.6);
  return { focus: [cx, top + bodyH * 0.3], zoom: 2.2 };
}

function guScene(doc: Doc, r: Rand, view: ArtView): Placed {
  const cx = doc.width / 2;
  const H = r.range(600, 640);
  const W = H * r.range(0.5, 0.55);
  const top = (doc.height - H) / 2 + 6;
  const ves = makeVessel(
    pairs([
      0, 1, 0.1, 0.78, 0.25, 0.48, 0.38, 0.33, 0.44, 0.36, 0.5, 0.4, 0.58, 0.36, 0.64, 0.32, 0.72, 0.36, 0.86, 0.52,
      0.96, 0.6, 1, 0.61,
    ]),
    cx,
    top,
    H,
    W / 2,
    view === 'side' ? 0.26 : 0.16,
    view === 'side' ? Math.PI / 4 : 0,
  );
  groundShadow(doc, cx, ves.bottom + ves.k * ves.radius(ves.bottom) * 0.6, ves.radius(ves.bottom), 22);
  const sil = silhouette(ves);
  const clip = doc.clip(sil);
  doc.add(pathEl(sil, `fill="${doc.linear(BRONZE.ground)}"`));
  doc.add(`<g clip-path="${clip}">`);
  const blades: MotifFn = (_r, band, pal) => {
    const hh = band.v1 - band.v0;
    const count = Math.max(6, Math.round(band.length / (hh * 0.32)));
    const out: Shape[] = [];
    for (let i = 0; i < count; i++) {
      const x = ((i + 0.5) / count) * band.length;
      const w = (band.length / count) * 0.44;
      out.push({
        pts: [
          [x - w, band.v1],
          [x, band.v0 + hh * 0.05],
          [x + w, band.v1],
        ],
        closed: true,
        fill: pal.wash,
        stroke: pal.line,
        width: 1.6,
        smooth: false,
      });
      for (let j = 1; j < 5; j++) {
        const y = band.v1 - (hh * j) / 5.5;
        const q = w * (1 - j / 5.5) * 0.55;
        out.push({
          pts: [
            [x - q, y + 4],
            [x - q, y - 4],
            [x + q, y - 4],
            [x + q, y + 4],
          ],
          closed: false,
          stroke: pal.line,
          width: 1.1,
          smooth: false,
        });
      }
    }
    return out;
  };
  decorate(doc, r.fork(11), ves, [
    { t0: 0.04, t1: 0.36, draw: blades, pal: BRONZE_PAL },
    { t0: 0.42, t1: 0.6, draw: taotieBand, pal: BRONZE_PAL, lines: true },
    { t0: 0.74, t1: 0.93, draw: taotieBand, pal: BRONZE_PAL, lines: true },
  ]);
  patina(doc, r.fork(13), [cx - W / 2 - 4, top - 30, W + 8, H + 60], 0.5);
  doc.add('</g>');
  shadeBody(doc, ves, clip, BRONZE);
  mouth(doc, ves, BRONZE, '#4e4030', 0.6);
  // flanges down the front and at the sides
  const flange = (x: number, y0: number, y1: number, w: number) => {
    let d = `M${n(x - w / 2)} ${n(y0)}`;
    for (let y = y0; y < y1 - 4; y += 22)
      d += `H${n(x + w / 2)}V${n(y + 16)}H${n(x)}V${n(Math.min(y1, y + 22))}H${n(x - w / 2)}`;
    d += 'Z';
    doc.add(
      pathEl(
        d,
        `fill="${doc.linear(
          [
            [0, '#5a4a32'],
            [1, '#2a2116'],
          ],
          0,
          0,
          1,
          0,
        )}"`,
      ),
    );
  };
  const f0 = top + H * 0.42;
  const f1 = top + H * 0.93;
  flange(cx, f0 + 8, f0 + H * 0.16, 10);
  flange(cx, top + H * 0.75, f1, 10);
  for (const side of [-1, 1]) {
    for (const [a, b] of pairs([0.42, 0.6, 0.74, 0.93])) {
      const v = top + H * ((a + b) / 2);
      flange(cx + side * (ves.radius(v) + 4), top + H * a, top + H * b, 11);
    }
  }
  return { focus: [cx, top + H * 0.52], zoom: 2.3 };
}

function mirrorScene(doc: Doc, r: Rand, spec: Extract<ArtSpec, { kind: 'mirror' }>, view: ArtView): Placed {
  const cx = doc.width / 2;
  const cy = doc.height / 2;
  const R = r.range(280, 300);
  const silvery = r.chance(0.5);
  const base = silvery ? '#7d7f76' : '#3b3a30';
  discShadow(doc, cx + 16, cy + 20, R, 0.85, 0.5);
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R)}" fill="${lit(doc, [
      [0, shade(base, 0.15)],
      [0.85, base],
      [1, shade(base, -0.3)],
    ])}"/>`,
  );
  const clip = doc.clip(circleD(cx, cy, R));
  if (view === 'reverse') {
    // the polished face: dulled, clouded, spotted
    doc.add(`<g clip-path="${clip}">`);
    patina(doc, r.fork(3), [cx - R, cy - R, R * 2, R * 2], 0.35);
    doc.add('</g>');
    doc.add(
      `<ellipse cx="${n(cx - R * 0.3)}" cy="${n(cy - R * 0.35)}" rx="${n(R * 0.5)}" ry="${n(R * 0.25)}" transform="rotate(-40 ${n(cx - R * 0.3)} ${n(cy - R * 0.35)})" fill="${doc.radial(
        [
          [0, '#ffffff', 0.25],
          [1, '#ffffff', 0],
        ],
      )}"/>`,
    );
    return { focus: [cx, cy], zoom: 2 };
  }
  const raised = (d: string, w = 3) => {
    doc.add(
      pathEl(d, `fill="none" stroke="#000000" stroke-opacity="0.45" stroke-width="${w}" transform="translate(1.5 2)"`),
    );
    doc.add(pathEl(d, `fill="none" stroke="${shade(base, 0.3)}" stroke-width="${w}"`));
    doc.add(
      pathEl(
        d,
        `fill="none" stroke="#ffffff" stroke-opacity="0.3" stroke-width="${n(w * 0.4)}" transform="translate(-0.8 -0.8)"`,
      ),
    );
  };
  // rim, bands, a knob in the middle
  raised(circleD(cx, cy, R * 0.9), 5);
  raised(circleD(cx, cy, R * 0.72), 2.5);
  const knobR = R * 0.12;
  if (spec.pattern === 'flower') {
    let d = '';
    for (let i = 0; i < 8; i++) {
      const a = (i / 8) * TAU;
      d += pathD(transform(roundPetal(R * 0.42, R * 0.22, 10), cx, cy, a + Math.PI / 2), true);
    }
    raised(d, 2.5);
    let leaves = '';
    for (let i = 0; i < 16; i++)
      leaves += pathD(
        transform(
          petalPts(R * 0.1, R * 0.05, 0.4),
          cx + Math.cos((i / 16) * TAU) * R * 0.81,
          cy + Math.sin((i / 16) * TAU) * R * 0.81,
          (i / 16) * TAU + Math.PI / 2,
        ),
        true,
      );
    raised(leaves, 2);
  } else if (spec.pattern === 'tlv') {
    const q = R * 0.26;
    raised(`M${n(cx - q)} ${n(cy - q)}h${n(q * 2)}v${n(q * 2)}h${n(-q * 2)}Z`, 3);
    let d = '';
    for (let i = 0; i < 4; i++) {
      const a = (i / 4) * TAU;
      const rot = (p: Pt): Pt => [
        cx + p[0] * Math.cos(a) - p[1] * Math.sin(a),
        cy + p[0] * Math.sin(a) + p[1] * Math.cos(a),
      ];
      const T = [rot([-q * 0.3, -q * 1.2]), rot([q * 0.3, -q * 1.2]), rot([0, -q * 1.2]), rot([0, -q * 1.55])];
      d += `M${n(T[0]![0])} ${n(T[0]![1])}L${n(T[1]![0])} ${n(T[1]![1])}M${n(T[2]![0])} ${n(T[2]![1])}L${n(T[3]![0])} ${n(T[3]![1])}`;
      const L = [rot([0, -R * 0.72]), rot([0, -R * 0.58]), rot([R * 0.15, -R * 0.58])];
      d += `M${n(L[0]![0])} ${n(L[0]![1])}L${n(L[1]![0])} ${n(L[1]![1])}L${n(L[2]![0])} ${n(L[2]![1])}`;
      const b = a + Math.PI / 4;
      const rotB = (p: Pt): Pt => [
        cx + p[0] * Math.cos(b) - p[1] * Math.sin(b),
        cy + p[0] * Math.sin(b) + p[1] * Math.cos(b),
      ];
      const V = [rotB([-R * 0.1, -R * 0.72]), rotB([0, -R * 0.58]), rotB([R * 0.1, -R * 0.72])];
      d += `M${n(V[0]![0])} ${n(V[0]![1])}L${n(V[1]![0])} ${n(V[1]![1])}L${n(V[2]![0])} ${n(V[2]![1])}`;
      for (let k = 0; k < 2; k++) {
        const c = rot([(k ? 1 : -1) * R * 0.42, -R * 0.42]);
        d += circleD(c[0], c[1], R * 0.035);
      }
    }
    raised(d, 3);
  }
  // a band of seal characters between the rims
  const inscr = new Rand(r.int(1, 1e6));
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * TAU;
    const gx = cx + Math.cos(a) * R * 0.81;
    const gy = cy + Math.sin(a) * R * 0.81;
    if (spec.pattern !== 'flower')
      doc.add(
        `<g transform="rotate(${n((a * 180) / Math.PI + 90)} ${n(gx)} ${n(gy)})" fill-opacity="0.8" stroke-opacity="0.8">${pathEl(glyph(inscr, gx, gy, R * 0.1), `fill="${shade(base, 0.3)}"`)}</g>`,
      );
  }
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(knobR)}" fill="${doc.radial(
      [
        [0, shade(base, 0.45)],
        [0.6, base],
        [1, shade(base, -0.4)],
      ],
      0.35,
      0.35,
      0.7,
    )}"/>`,
  );
  doc.add(`<g clip-path="${clip}">`);
  patina(doc, r.fork(3), [cx - R, cy - R, R * 2, R * 2], silvery ? 0.25 : 0.45);
  doc.add('</g>');
  return { focus: [cx + R * 0.35, cy - R * 0.35], zoom: 2.2 };
}

// ---------------------------------------------------------------------------------------------
// Furniture: members as boxes in 3-D, seen from a little above and to the side

type V3 = [number, number, number];

interface WoodLook {
  base: string;
  grain: string;
  sheen: number;
}

const WOODS: Record<Wood, WoodLook> = {
  huanghuali: { base: '#a06a38', grain: '#5e3516', sheen: 0.12 },
  zitan: { base: '#3e2422', grain: '#1a0c0b', sheen: 0.16 },
  jichimu: { base: '#6c4c32', grain: '#2a1a10', sheen: 0.08 },
  hongmu: { base: '#6e2e22', grain: '#33120c', sheen: 0.14 },
  nanmu: { base: '#b48d56', grain: '#75542a', sheen: 0.1 },
};

interface Camera {
  project(p: V3): Pt;
  depth(p: V3): number;
}

function camera(yaw: number, pitch: number, dist: number, scale: number, cx: number, cy: number, center: V3): Camera {
  const cyw = Math.cos(yaw);
  const syw = Math.sin(yaw);
  const cp = Math.cos(pitch);
  const sp = Math.sin(pitch);
  const view = (p: V3): V3 => {
    const x = p[0] - center[0];
    const y = p[1] - center[1];
    const z = p[2] - center[2];
    const x1 = x * cyw + z * syw;
    const z1 = -x * syw + z * cyw;
    const y2 = y * cp - z1 * sp;
    const z2 = y * sp + z1 * cp;
    return [x1, y2, z2];
  };
  return {
    project(p) {
      const [x, y, z] = view(p);
      const f = dist / (dist - z);
      return [cx + x * f * scale, cy - y * f * scale];
    },
    depth(p) {
      return view(p)[2];
    },
  };
}

interface Member {
  min: V3;
  max: V3;
  /** Which way the grain runs: 0 x, 1 y, 2 z. */
  grain: 0 | 1 | 2;
  /** Override the wood colour (a cane seat, a marble panel, brass). */
  color?: string;
  /** Drawn on the front face after the member itself. */
  front?: (doc: Doc, corners: Pt[]) => void;
  /** One of many segments of a curved member: no edge lines between them. */
  seamless?: boolean;
  /** A round rail along these points instead of a box (min and max only place it in the drawing order). */
  tube?: { pts: V3[]; radius: number };
  /** Drawn on the top face after the member itself. */
  top?: (doc: Doc, corners: Pt[]) => void;
  /** An outline in x-y pushed through z from min to max, instead of a box. */
  prism?: Pt[];
  /** Drawn after every member of a lower layer, whatever the depths say (a piece on its stand). */
  layer?: number;
  /** Paints over any visible face: stone or lacquer texture. */
  surface?: (doc: Doc, corners: Pt[], normal: V3) => void;
}

const WORLD_LIGHT: V3 = (() => {
  const l: V3 = [-0.45, 0.75, 0.55];
  const len = Math.hypot(...l);
  return [l[0] / len, l[1] / len, l[2] / len];
})();

function box(
  x0: number,
  y0: number,
  z0: number,
  x1: number,
  y1: number,
  z1: number,
  grain: 0 | 1 | 2,
  extra: Partial<Member> = {},
): Member {
  return {
    min: [Math.min(x0, x1), Math.min(y0, y1), Math.min(z0, z1)],
    max: [Math.max(x0, x1), Math.max(y0, y1), Math.max(z0, z1)],
    grain,
    ...extra,
  };
}

/** Draws members far to near; each shows its faces that turn towards us, shaded and grained. */
function drawMembers(doc: Doc, r: Rand, cam: Camera, members: Member[], wood: WoodLook): void {
  const center = (m: Member): V3 => [(m.min[0] + m.max[0]) / 2, (m.min[1] + m.max[1]) / 2, (m.min[2] + m.max[2]) / 2];
  const sorted = [...members].sort(
    (a, b) => (a.layer ?? 0) - (b.layer ?? 0) || cam.depth(center(a)) - cam.depth(center(b)),
  );
  for (const m of sorted) {
    if (m.tube) {
      const pts = m.tube.pts.map((p) => cam.project(p));
      const a = cam.project([0, 0, 0]);
      const b = cam.project([m.tube.radius * 2, 0, 0]);
      const w = Math.hypot(b[0] - a[0], b[1] - a[1]);
      const d = pathD(pts, false);
      const base = m.color ?? wood.base;
      doc.add(
        pathEl(
          d,
          `fill="none" stroke="${shade(base, -0.55)}" stroke-width="${n(w + 1.5)}" stroke-linecap="round" stroke-linejoin="round"`,
        ),
      );
      doc.add(
        pathEl(
          d,
          `fill="none" stroke="${shade(base, -0.2)}" stroke-width="${n(w)}" stroke-linecap="round" stroke-linejoin="round"`,
        ),
      );
      doc.add(
        pathEl(
          d,
          `fill="none" stroke="${shade(base, 0.12)}" stroke-width="${n(w * 0.35)}" stroke-linecap="round" stroke-linejoin="round" transform="translate(0 ${n(-w * 0.22)})"`,
        ),
      );
      continue;
    }
    if (m.prism) {
      const base = m.color ?? wood.base;
      const z0 = m.min[2];
      const z1 = m.max[2];
      const outline = m.prism;
      const quads: { pts: Pt[]; tone: number; depth: number }[] = [];
      for (let i = 0; i < outline.length; i++) {
        const a = outline[i]!;
        const b = outline[(i + 1) % outline.length]!;
        const q = [
          cam.project([a[0], a[1], z1]),
          cam.project([b[0], b[1], z1]),
          cam.project([b[0], b[1], z0]),
          cam.project([a[0], a[1], z0]),
        ];
        let area = 0;
        for (let k = 0; k < 4; k++) area += q[k]![0] * q[(k + 1) % 4]![1] - q[(k + 1) % 4]![0] * q[k]![1];
        if (area >= 0) continue;
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]) || 1;
        const normal: V3 = [(b[1] - a[1]) / len, -(b[0] - a[0]) / len, 0];
        const lit = normal[0] * WORLD_LIGHT[0] + normal[1] * WORLD_LIGHT[1];
        quads.push({
          pts: q,
          tone: -0.42 + Math.max(0, lit) * 0.55,
          depth: cam.depth([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (z0 + z1) / 2]),
        });
      }
      quads.sort((p, q) => p.depth - q.depth);
      doc.add(
        quads
          .map((q) =>
            pathEl(
              pathD(q.pts, true, false),
              `fill="${shade(base, q.tone)}" stroke="${shade(base, q.tone)}" stroke-width="0.8"`,
            ),
          )
          .join(''),
      );
      const front = outline.map(([x, y]) => cam.project([x, y, z1]));
      const lit = WORLD_LIGHT[2];
      doc.add(
        pathEl(
          pathD(front, true, false),
          `fill="${shade(base, -0.42 + lit * 0.55)}" stroke="${shade(base, -0.5)}" stroke-opacity="0.4" stroke-width="0.8"`,
        ),
      );
      m.surface?.(doc, front, [0, 0, 1]);
      continue;
    }
    const [x0, y0, z0] = m.min;
    const [x1, y1, z1] = m.max;
    const faces: { pts: V3[]; normal: V3 }[] = [
      {
        pts: [
          [x0, y0, z1],
          [x1, y0, z1],
          [x1, y1, z1],
          [x0, y1, z1],
        ],
        normal: [0, 0, 1],
      },
      {
        pts: [
          [x1, y0, z0],
          [x0, y0, z0],
          [x0, y1, z0],
          [x1, y1, z0],
        ],
        normal: [0, 0, -1],
      },
      {
        pts: [
          [x0, y1, z1],
          [x1, y1, z1],
          [x1, y1, z0],
          [x0, y1, z0],
        ],
        normal: [0, 1, 0],
      },
      {
        pts: [
          [x0, y0, z0],
          [x1, y0, z0],
          [x1, y0, z1],
          [x0, y0, z1],
        ],
        normal: [0, -1, 0],
      },
      {
        pts: [
          [x1, y0, z1],
          [x1, y0, z0],
          [x1, y1, z0],
          [x1, y1, z1],
        ],
        normal: [1, 0, 0],
      },
      {
        pts: [
          [x0, y0, z0],
          [x0, y0, z1],
          [x0, y1, z1],
          [x0, y1, z0],
        ],
        normal: [-1, 0, 0],
      },
    ];
    const base = m.color ?? wood.base;
    for (const f of faces) {
      const pts = f.pts.map((p) => cam.project(p));
      // faces wound away from us are at the back
      let area = 0;
      for (let i = 0; i < 4; i++) {
        const a = pts[i]!;
        const b = pts[(i + 1) % 4]!;
        area += a[0] * b[1] - b[0] * a[1];
      }
      if (area >= 0) continue;
      const lit = f.normal[0] * WORLD_LIGHT[0] + f.normal[1] * WORLD_LIGHT[1] + f.normal[2] * WORLD_LIGHT[2];
      const tone = -0.42 + Math.max(0, lit) * 0.55;
      const fill = shade(base, tone);
      const d = pathD(pts, true, false);
      doc.add(
        pathEl(
          d,
          m.seamless
            ? `fill="${fill}" stroke="${fill}" stroke-width="1.2"`
            : `fill="${fill}" stroke="${shade(base, -0.5)}" stroke-opacity="0.5" stroke-width="0.7"`,
        ),
      );
      if (!m.color && !m.seamless) {
        // grain lines along the member, on this face
        const axis = m.grain;
        const across =
          f.normal[0] !== 0 ? (axis === 1 ? 2 : 1) : f.normal[1] !== 0 ? (axis === 0 ? 2 : 0) : axis === 0 ? 1 : 0;
        const lo = m.min[across];
        const hi = m.max[across];
        const count = Math.max(2, Math.min(14, Math.round((hi - lo) / 7)));
        let g = '';
        for (let i = 0; i < count; i++) {
          const t = (i + r.range(0.2, 0.8)) / count;
          const line: Pt[] = [];
          const fixed = f.normal[0] !== 0 ? 0 : f.normal[1] !== 0 ? 1 : 2;
          const fv = f.normal[fixed]! > 0 ? m.max[fixed] : m.min[fixed];
          const wav = r.range(0.5, 1.5);
          const ph = r.range(0, TAU);
          for (let k = 0; k <= 8; k++) {
            const a = m.min[axis] + ((m.max[axis] - m.min[axis]) * k) / 8;
            const c = lo + (hi - lo) * Math.max(0.02, Math.min(0.98, t + Math.sin(k * wav + ph) * 0.04));
            const p: V3 = [0, 0, 0];
            p[axis] = a;
            p[across] = c;
            p[fixed] = fv;
            line.push(cam.project(p));
          }
          g += pathD(line, false);
        }
        doc.add(
          pathEl(
            g,
            `fill="none" stroke="${wood.grain}" stroke-opacity="${n(0.18 + r.range(0, 0.12))}" stroke-width="1"`,
          ),
        );
        if (f.normal[1] > 0 || f.normal[2] > 0) {
          doc.add(
            pathEl(
              d,
              `fill="${doc.linear(
                [
                  [0, '#ffffff', wood.sheen],
                  [0.6, '#ffffff', 0],
                ],
                0,
                0,
                1,
                1,
              )}"`,
            ),
          );
        }
      }
      m.surface?.(doc, pts, f.normal);
      if (f.normal[2] > 0 && m.front) m.front(doc, pts);
      if (f.normal[1] > 0 && m.top) m.top(doc, pts);
    }
  }
}

/** A carved roundel or panel edge on a face: a ring cut in, lit on one side. */
function faceCarving(doc: Doc, corners: Pt[], wood: WoodLook, kind: 'roundel' | 'panel' | 'cloud'): void {
  const [a, b, c, d] = corners as [Pt, Pt, Pt, Pt];
  const at = (u: number, v: number): Pt => {
    const top: Pt = [d[0] + (c[0] - d[0]) * u, d[1] + (c[1] - d[1]) * u];
    const bot: Pt = [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
    return [bot[0] + (top[0] - bot[0]) * v, bot[1] + (top[1] - bot[1]) * v];
  };
  let path = '';
  if (kind === 'roundel') {
    const pts: Pt[] = [];
    for (let i = 0; i < 24; i++) {
      const t = (i / 24) * TAU;
      pts.push(at(0.5 + Math.cos(t) * 0.32, 0.78 + Math.sin(t) * 0.09));
    }
    path = pathD(pts, true);
    const inner: Pt[] = [];
    for (let i = 0; i <= 20; i++) {
      const t = (i / 20) * TAU * 1.4;
      const rr = 0.22 * (1 - i / 26);
      inner.push(at(0.5 + Math.cos(t) * rr, 0.78 + Math.sin(t) * rr * 0.28));
    }
    path += pathD(inner, false);
  } else if (kind === 'panel') {
    path = pathD([at(0.1, 0.12), at(0.9, 0.12), at(0.9, 0.88), at(0.1, 0.88)], true, false);
  } else {
    const pts: Pt[] = [
      at(0.06, 0.05),
      at(0.2, 0.6),
      at(0.35, 0.75),
      at(0.5, 0.55),
      at(0.65, 0.75),
      at(0.8, 0.6),
      at(0.94, 0.05),
    ];
    path = pathD(pts, false);
  }
  doc.add(
    pathEl(
      path,
      `fill="none" stroke="${shade(wood.base, -0.55)}" stroke-width="2.4" stroke-opacity="0.7" transform="translate(0.8 1)"`,
    ),
  );
  doc.add(
    pathEl(
      path,
      `fill="none" stroke="${shade(wood.base, 0.35)}" stroke-width="1.2" stroke-opacity="0.6" transform="translate(-0.8 -0.8)"`,
    ),
  );
}

/** Brass fittings: a round plate with a pull. */
function brassPlate(doc: Doc, p: Pt, rad: number): void {
  doc.add(
    `<circle cx="${n(p[0])}" cy="${n(p[1])}" r="${n(rad)}" fill="${doc.radial(
      [
        [0, '#f0d79a'],
        [0.6, '#c9a458'],
        [1, '#8a6a2e'],
      ],
      0.35,
      0.35,
      0.7,
    )}" stroke="#5a4218" stroke-width="1"/>`,
  );
  doc.add(
    `<path d="M${n(p[0] - rad * 0.5)} ${n(p[1] + rad * 0.2)}Q${n(p[0])} ${n(p[1] + rad * 1.6)} ${n(p[0] + rad * 0.5)} ${n(p[1] + rad * 0.2)}" fill="none" stroke="#8a6a2e" stroke-width="${n(rad * 0.18)}"/>`,
  );
}

interface FurnitureScene {
  members: Member[];
  size: V3;
  yaw: number;
  pitch: number;
  focus: V3;
}

function chairModel(style: 'guanmao' | 'quan', wood: WoodLook): FurnitureScene {
  const W = 600;
  const D = 470;
  const seat = 500;
  const H = style === 'quan' ? 1000 : 1120;
  const t = 34;
  const x0 = -W / 2;
  const x1 = W / 2;
  const z0 = -D / 2;
  const z1 = D / 2;
  const m: Member[] = [];
  // back legs rise to the top rail; front legs rise to carry the arms
  m.push(box(x0, 0, z0, x0 + t, style === 'quan' ? 720 : H - 20, z0 + t, 1));
  m.push(box(x1 - t, 0, z0, x1, style === 'quan' ? 720 : H - 20, z0 + t, 1));
  m.push(box(x0, 0, z1 - t, x0 + t, 690, z1, 1));
  m.push(box(x1 - t, 0, z1 - t, x1, 690, z1, 1));
  // seat frame and woven seat
  m.push(box(x0 - 6, seat - 45, z1 - 40, x1 + 6, seat, z1 + 6, 0));
  m.push(box(x0 - 6, seat - 45, z0 - 6, x1 + 6, seat, z0 + 40, 0));
  m.push(box(x0 - 6, seat - 45, z0, x0 + 40, seat, z1, 2));
  m.push(box(x1 - 40, seat - 45, z0, x1 + 6, seat, z1, 2));
  m.push(box(x0 + 40, seat - 12, z0 + 40, x1 - 40, seat - 4, z1 - 40, 0, { color: '#b89a64' }));
  // arched apron under the front rail
  m.push(
    box(x0 + t, seat - 120, z1 - 24, x1 - t, seat - 45, z1 - 8, 0, {
      front: (doc, c) => faceCarving(doc, c, wood, 'cloud'),
    }),
  );
  // stepped stretchers
  m.push(box(x0 + t, 40, z1 - 30, x1 - t, 70, z1 - 6, 0));
  m.push(box(x0 + 6, 120, z0 + t, x0 + 28, 145, z1 - t, 2));
  m.push(box(x1 - 28, 120, z0 + t, x1 - 6, 145, z1 - t, 2));
  m.push(box(x0 + t, 170, z0 + 6, x1 - t, 195, z0 + 28, 0));
  if (style === 'guanmao') {
    // yoke rail with projecting ends, arms with projecting ends
    m.push(box(x0 - 70, H - 20, z0 - 6, x1 + 70, H + 18, z0 + t + 6, 0));
    m.push(box(x0 - 4, 680, z0, x0 + t + 4, 706, z1 + 60, 2));
    m.push(box(x1 - t - 4, 680, z0, x1 + 4, 706, z1 + 60, 2));
    m.push(box(x0 + 8, seat, z1 - 60, x0 + 24, 680, z1 - 44, 1));
    m.push(box(x1 - 24, seat, z1 - 60, x1 - 8, 680, z1 - 44, 1));
    m.push(
      box(-100, seat, z0 + 4, 100, H - 20, z0 + 22, 1, {
        front: (doc, c) => faceCarving(doc, c, wood, 'roundel'),
      }),
    );
  } else {
    // the horseshoe arm: one rail round the back and down to the front posts
    const R = W / 2 - t / 2;
    const rail: V3[] = [];
    for (let i = 0; i <= 24; i++) {
      const a = Math.PI + (i / 24) * Math.PI;
      rail.push([Math.cos(a) * R, 720 + Math.sin((i / 24) * Math.PI) * 50, Math.sin(a) * (D * 0.62)]);
    }
    rail.unshift([-R, 690, z1 + 40]);
    rail.push([R, 690, z1 + 40]);
    m.push({ min: [-R, 700, z0 - 40], max: [R, 760, z0 + 80], grain: 0, tube: { pts: rail, radius: 17 } });
    m.push(
      box(-110, seat, z0 + 4, 110, 760, z0 + 22, 1, {
        front: (doc, c) => faceCarving(doc, c, wood, 'roundel'),
      }),
    );
  }
  return { members: m, size: [W + 140, H, D], yaw: -0.5, pitch: 0.2, focus: [0, style === 'quan' ? 650 : H - 200, z0] };
}

function tableModel(style: 'an' | 'square' | 'kang', wood: WoodLook): FurnitureScene {
  const dims: Record<typeof style, V3> = { an: [1500, 820, 460], square: [920, 860, 920], kang: [900, 300, 600] };
  const [L, H, D] = dims[style];
  const top = style === 'kang' ? 36 : 44;
  const t = style === 'kang' ? 36 : 46;
  const m: Member[] = [];
  const inset = style === 'an' ? 150 : 0;
  m.push(box(-L / 2, H - top, -D / 2, L / 2, H, D / 2, 0));
  const lx = L / 2 - inset - t;
  const lz = D / 2 - t - (style === 'an' ? 20 : 0);
  for (const sx of [-1, 1]) {
    for (const sz of [-1, 1]) {
      const xa = sx < 0 ? -lx - t : lx;
      const za = sz < 0 ? -lz - t : lz;
      m.push(box(xa, 0, za, xa + t, H - top, za + t, 1));
    }
  }
  const apron = style === 'kang' ? 60 : 90;
  // aprons under the top, front and back; short ones at the ends
  m.push(
    box(
      -L / 2 + (style === 'an' ? 40 : t),
      H - top - apron,
      lz + t - 22,
      L / 2 - (style === 'an' ? 40 : t),
      H - top,
      lz + t - 2,
      0,
      { front: (doc, c) => faceCarving(doc, c, wood, 'cloud') },
    ),
  );
  m.push(box(-L / 2 + t, H - top - apron, -lz - t + 2, L / 2 - t, H - top, -lz - t + 22, 0));
  if (style === 'an') {
    for (const sx of [-1, 1]) {
      const xa = sx < 0 ? -lx - t + 8 : lx + 8;
      m.push(box(xa, 120, -lz, xa + 20, 150, lz, 2));
      m.push(box(xa, 300, -lz, xa + 20, 326, lz, 2));
    }
  } else {
    for (const sx of [-1, 1]) {
      const xa = sx < 0 ? -lx - t + 8 : lx + 8;
      m.push(box(xa, H - top - apron, -lz, xa + 22, H - top, lz, 2));
    }
    if (style === 'square') {
      // humpbacked stretchers with short struts
      m.push(box(-lx, H - top - 210, lz + t - 26, lx, H - top - 186, lz + t - 6, 0));
      for (const sx of [-0.45, 0, 0.45])
        m.push(box(sx * lx - 10, H - top - 186, lz + t - 24, sx * lx + 10, H - top - apron, lz + t - 8, 1));
    }
  }
  return {
    members: m,
    size: [L, H, D],
    yaw: style === 'an' ? -0.32 : -0.55,
    pitch: style === 'kang' ? 0.38 : 0.22,
    focus: [L / 2 - inset, H - top - 60, D / 2],
  };
}

function stoolModel(wood: WoodLook): FurnitureScene {
  const model = tableModel('square', wood);
  const s = 0.55;
  model.members = model.members.map((mm) => ({
    ...mm,
    min: [mm.min[0] * s, mm.min[1] * 0.56, mm.min[2] * s],
    max: [mm.max[0] * s, mm.max[1] * 0.56, mm.max[2] * s],
  }));
  model.size = [model.size[0] * s, model.size[1] * 0.56, model.size[2] * s];
  model.focus = [model.size[0] / 2, model.size[1] - 40, model.size[2] / 2];
  return model;
}

function cabinetModel(wood: WoodLook, r: Rand): FurnitureScene {
  const W = 900;
  const H = 1750;
  const D = 460;
  const t = 50;
  const m: Member[] = [];
  m.push(box(-W / 2 - 20, H - 50, -D / 2 - 15, W / 2 + 20, H, D / 2 + 15, 0));
  m.push(box(-W / 2, 0, -D / 2, -W / 2 + t, H - 50, D / 2, 1));
  m.push(box(W / 2 - t, 0, -D / 2, W / 2, H - 50, D / 2, 1));
  m.push(box(-W / 2 + t, 160, -D / 2, W / 2 - t, H - 50, D / 2 - 20, 1, { color: shade(wood.base, -0.3) }));
  const flame = (doc: Doc, c: Pt[]) => {
    const [a, b, cc, d] = c as [Pt, Pt, Pt, Pt];
    const at = (u: number, v: number): Pt => {
      const topP: Pt = [d[0] + (cc[0] - d[0]) * u, d[1] + (cc[1] - d[1]) * u];
      const bot: Pt = [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
      return [bot[0] + (topP[0] - bot[0]) * v, bot[1] + (topP[1] - bot[1]) * v];
    };
    let g = '';
    const cxu = r.range(0.4, 0.6);
    for (let k = 0; k < 9; k++) {
      const wdt = 0.1 + k * 0.05;
      const peak = 0.55 + k * 0.045;
      const pts: Pt[] = [];
      for (let i = 0; i <= 12; i++) {
        const u = cxu - wdt + (2 * wdt * i) / 12;
        const v = peak - ((u - cxu) / wdt) ** 2 * peak * 0.9;
        if (u > 0.06 && u < 0.94) pts.push(at(u, Math.max(0.06, Math.min(0.94, v))));
      }
      g += pathD(pts, false);
    }
    doc.add(pathEl(g, `fill="none" stroke="${wood.grain}" stroke-opacity="0.35" stroke-width="1.4"`));
    faceCarving(doc, c, wood, 'panel');
  };
  m.push(box(-W / 2 + t, 420, D / 2 - 22, -4, H - 80, D / 2, 1, { front: flame, layer: 1 }));
  m.push(box(4, 420, D / 2 - 22, W / 2 - t, H - 80, D / 2, 1, { front: flame, layer: 1 }));
  m.push(
    box(-W / 2 + t, 180, D / 2 - 22, W / 2 - t, 400, D / 2, 0, {
      layer: 1,
      front: (doc, c) => faceCarving(doc, c, wood, 'panel'),
    }),
  );
  // the stile between the doors carries the round brass plate and its pulls
  m.push(
    box(-4, 420, D / 2 - 24, 4, H - 80, D / 2 + 2, 1, {
      layer: 2,
      front: (doc, c) => {
        const mx = (c[0]![0] + c[1]![0] + c[2]![0] + c[3]![0]) / 4;
        const my = (c[0]![1] + c[1]![1] + c[2]![1] + c[3]![1]) / 4;
        const h = Math.abs(c[3]![1] - c[0]![1]);
        brassPlate(doc, [mx, my + h * 0.05], h * 0.045);
      },
    }),
  );
  m.push(
    box(-W / 2 + t, 80, D / 2 - 24, W / 2 - t, 180, D / 2 - 4, 0, {
      layer: 1,
      front: (doc, c) => faceCarving(doc, c, wood, 'cloud'),
    }),
  );
  return { members: m, size: [W + 40, H, D], yaw: -0.42, pitch: 0.14, focus: [0, 1100, D / 2] };
}

function chestModel(wood: WoodLook): FurnitureScene {
  const W = 360;
  const H = 340;
  const D = 270;
  const m: Member[] = [];
  m.push(box(-W / 2, 0, -D / 2, W / 2, 40, D / 2, 0));
  m.push(box(-W / 2, 40, -D / 2, W / 2, H - 70, D / 2, 0, { front: (doc, c) => faceCarving(doc, c, wood, 'panel') }));
  m.push(
    box(-W / 2, H - 68, -D / 2, W / 2, H, D / 2, 0, {
      front: (doc, c) => {
        const mid: Pt = [(c[0]![0] + c[1]![0]) / 2, (c[0]![1] + c[1]![1]) / 2];
        doc.add(
          `<path d="M${n(mid[0] - 12)} ${n(mid[1] - 30)}h24v58h-24Z" fill="${doc.linear(
            [
              [0, '#e8cf8e'],
              [1, '#9a7a3a'],
            ],
            0,
            0,
            1,
            0,
          )}" stroke="#5a4218"/>`,
        );
      },
    }),
  );
  m.push(
    box(-W / 2, 40, D / 2, W / 2, H - 70, D / 2 + 1, 0, {
      color: wood.base,
      layer: 1,
      front: (doc, c) => {
        const mid: Pt = [
          (c[0]![0] + c[1]![0] + c[2]![0] + c[3]![0]) / 4,
          (c[0]![1] + c[1]![1] + c[2]![1] + c[3]![1]) / 4,
        ];
        brassPlate(doc, [mid[0], mid[1] - 20], 30);
        for (const k of [0, 1, 2, 3]) {
          const p = c[k]!;
          doc.add(
            `<path d="M${n(p[0])} ${n(p[1])}l${k % 3 === 0 ? 26 : -26} 0l0 ${k < 2 ? -26 : 26}Z" fill="#c9a458" stroke="#5a4218" stroke-width="0.8"/>`,
          );
        }
      },
    }),
  );
  return { members: m, size: [W, H, D], yaw: -0.55, pitch: 0.32, focus: [0, H - 100, D / 2] };
}

function screenModel(wood: WoodLook): FurnitureScene {
  const W = 620;
  const H = 820;
  const m: Member[] = [];
  for (const sx of [-1, 1]) {
    m.push(
      box(sx * 230 - 50, 0, -110, sx * 230 + 50, 60, 110, 2, { front: (doc, c) => faceCarving(doc, c, wood, 'cloud') }),
    );
    m.push(box(sx * (W / 2 + 22) - 22, 60, -22, sx * (W / 2 + 22) + 22, 600, 22, 1));
  }
  m.push(box(-W / 2, 60, -16, W / 2, 150, 16, 0, { front: (doc, c) => faceCarving(doc, c, wood, 'panel') }));
  m.push(box(-W / 2, 180, -14, W / 2, H, 14, 0));
  return { members: m, size: [W + 150, H, 220], yaw: -0.3, pitch: 0.12, focus: [0, 500, 14] };
}

/** 大理石: a grey-white stone whose veins read like mountains in mist. */
function marblePanel(doc: Doc, r: Rand, corners: Pt[]): void {
  const xs = corners.map((p) => p[0]);
  const ys = corners.map((p) => p[1]);
  const x0 = Math.min(...xs);
  const y0 = Math.min(...ys);
  const w = Math.max(...xs) - x0;
  const h = Math.max(...ys) - y0;
  const clip = doc.clip(pathD(corners, true, false));
  const noise = valueNoise(r.int(1, 1e9));
  doc.add(`<g clip-path="${clip}">`);
  const wash = valueNoise(r.int(1, 1e9));
  texture(doc, [x0, y0, w, h], 0.8, (x, y) => {
    const fy = (y - y0) / h;
    const v = fbm(noise, x / 120, y / 80, 5);
    // soft grey clouds, and a few darker ridges like far hills in mist
    const band = Math.sin((fy * 2.6 + v * 2.2) * Math.PI);
    const ridge = Math.exp(-(band * band) / 0.08) * Math.max(0, 1 - fy * 0.6);
    const mist = fbm(wash, x / 70, y / 70, 4);
    const dark = Math.min(1, ridge * (0.35 + v * 0.6) + Math.max(0, mist - 0.42) * 0.9);
    const c = 236 - dark * 140;
    return [c, c, c * 0.97, 1];
  });
  doc.add('</g>');
}

function furnitureScene(
  doc: Doc,
  r: Rand,
  spec: Extract<ArtSpec, { kind: 'chair' | 'table' | 'stool' | 'cabinet' | 'box' | 'screen' }>,
  view: ArtView,
): Placed {
  const wood = WOODS[spec.wood];
  let model: FurnitureScene;
  switch (spec.kind) {
    case 'chair':
      model = chairModel(spec.style, wood);
      break;
    case 'table':
      model = tableModel(spec.style, wood);
      break;
    case 'stool':
      model = stoolModel(wood);
      break;
    case 'cabinet':
      model = cabinetModel(wood, r);
      break;
    case 'box':
      model = chestModel(wood);
      break;
    case 'screen':
      model = screenModel(wood);
      break;
  }
  if (spec.kind === 'screen') {
    const panel = model.members[model.members.length - 1]!;
    panel.front = (d2, c) => {
      const inner = c.map((p, i) => {
        const q = c[(i + 2) % 4]!;
        return [p[0] + (q[0] - p[0]) * 0.08, p[1] + (q[1] - p[1]) * 0.08] as Pt;
      });
      marblePanel(d2, r.fork(4), inner);
      faceCarving(d2, c, wood, 'panel');
    };
  }
  return objectScene(doc, r, model, view, wood, spec.kind === 'box' ? 0.8 : 1);
}

// ---------------------------------------------------------------------------------------------
// Coins: cash with a square hole, silver dollars, spade and knife money

const METALS = {
  brass: { face: '#b6924e', dark: '#6a5028', light: '#e2c987' },
  bronze: { face: '#7f6a44', dark: '#43361f', light: '#b09a6a' },
  smooth: { face: '#5a4430', dark: '#2a1e14', light: '#8a6e50' },
  silver: { face: '#cfcfca', dark: '#8a8a86', light: '#f4f4f0' },
};

/** Raised work on a coin: shadow below right, the face, light on the upper left edge. */
function raisedOn(doc: Doc, d: string, face: string, light: string, evenOdd = false, k = 1): void {
  const rule = evenOdd ? ' fill-rule="evenodd"' : '';
  doc.add(
    pathEl(
      d,
      `fill="#000000" fill-opacity="0.45" stroke-opacity="0.45" transform="translate(${n(1.8 * k)} ${n(2.2 * k)})"${rule}`,
    ),
  );
  doc.add(
    pathEl(
      d,
      `fill="${light}" fill-opacity="0.7" stroke-opacity="0.7" transform="translate(${n(-1 * k)} ${n(-1 * k)})"${rule}`,
    ),
  );
  doc.add(pathEl(d, `fill="${face}"${rule}`));
}

/** Characters cast in relief, each at its centre and turned by its angle (degrees). */
function raisedText(
  doc: Doc,
  chars: [string, number, number, number][],
  size: number,
  face: string,
  light: string,
  k = 1,
): void {
  const d = glyphPath(chars.map(([ch, x, y, rotate]) => ({ ch, x, y, size, rotate })));
  const layer = (dx: number, dy: number, fill: string, op: number) =>
    pathEl(
      d,
      `fill="${fill}" stroke="${fill}" stroke-width="${n(size * 0.05)}" fill-opacity="${op}" stroke-opacity="${op}" transform="translate(${n(dx)} ${n(dy)})"`,
    );
  doc.add(layer(1.8 * k, 2.2 * k, '#000000', 0.45));
  doc.add(layer(-0.9 * k, -0.9 * k, light, 0.7));
  doc.add(layer(0, 0, face, 1));
}

function cashCoin(
  doc: Doc,
  r: Rand,
  cx: number,
  cy: number,
  R: number,
  legend: string,
  metal: 'brass' | 'bronze',
  pat: 'green' | 'smooth' | 'red',
  side: 'obverse' | 'reverse' | 'crescent' | 'manchu',
): void {
  const m = pat === 'smooth' ? METALS.smooth : METALS[metal];
  const hole = R * 0.2;
  const k = R / 270;
  discShadow(doc, cx + 10 * k, cy + 14 * k, R, 0.82, 0.5);
  const disc = `${circleD(cx, cy, R)}M${n(cx - hole)} ${n(cy - hole)}h${n(hole * 2)}v${n(hole * 2)}h${n(-hole * 2)}Z`;
  doc.add(
    pathEl(
      disc,
      `fill="${lit(doc, [
        [0, shade(m.face, -0.2)],
        [1, shade(m.face, -0.38)],
      ])}" fill-rule="evenodd"`,
    ),
  );
  const clipId = doc.id('c');
  doc.def(`<clipPath id="${clipId}"><path d="${disc}" clip-rule="evenodd"/></clipPath>`);
  // the field sits lower than the rims: outer and inner rims raised
  const face = shade(m.face, 0.16);
  const rim = `${circleD(cx, cy, R)}${circleD(cx, cy, R * 0.86)}`;
  const inner = hole * 1.45;
  const innerRim = `M${n(cx - inner)} ${n(cy - inner)}h${n(inner * 2)}v${n(inner * 2)}h${n(-inner * 2)}ZM${n(cx - hole)} ${n(cy - hole)}h${n(hole * 2)}v${n(hole * 2)}h${n(-hole * 2)}Z`;
  raisedOn(doc, rim, face, m.light, true, k);
  raisedOn(doc, innerRim, face, m.light, true, k);
  if (side === 'obverse') {
    const chars = [...legend];
    const d = R * 0.56;
    const size = R * 0.4;
    raisedText(
      doc,
      [
        [chars[0] ?? '', cx, cy - d, 0],
        [chars[1] ?? '', cx, cy + d, 0],
        [chars[2] ?? '', cx + d, cy, 0],
        [chars[3] ?? '', cx - d, cy, 0],
      ],
      size,
      face,
      m.light,
      k,
    );
  } else if (side === 'crescent') {
    raisedOn(
      doc,
      `M${n(cx - R * 0.3)} ${n(cy - R * 0.42)}Q${n(cx)} ${n(cy - R * 0.62)} ${n(cx + R * 0.3)} ${n(cy - R * 0.42)}Q${n(cx)} ${n(cy - R * 0.52)} ${n(cx - R * 0.3)} ${n(cy - R * 0.42)}Z`,
      face,
      m.light,
      false,
      k,
    );
  } else if (side === 'manchu') {
    // two words of Manchu script, one either side of the hole: a stem with hooks and loops
    for (const sx of [-1, 1]) {
      const x = cx + sx * R * 0.55;
      let d = brushStroke([x, cy - R * 0.32], [x + 2, cy], [x, cy + R * 0.32], R * 0.05, 'even');
      for (let i = 0; i < 4; i++) {
        const y = cy - R * 0.25 + i * R * 0.15;
        const dir = r.chance(0.5) ? 1 : -1;
        d += brushStroke(
          [x, y],
          [x + dir * R * 0.1, y + R * 0.02],
          [x + dir * R * 0.12, y + R * 0.08],
          R * 0.04,
          'taper',
        );
      }
      raisedOn(doc, d, face, m.light, false, k);
    }
  }
  doc.add(`<g clip-path="url(#${clipId})">`);
  const noise = valueNoise(r.int(1, 1e9));
  texture(doc, [cx - R, cy - R, R * 2, R * 2], 0.5, (x, y) => {
    const v = fbm(noise, x / 5, y / 5, 2);
    return v > 0.5 ? [0, 0, 0, (v - 0.5) * 0.35] : [255, 255, 255, (0.5 - v) * 0.15];
  });
  if (pat === 'green') patina(doc, r.fork(7), [cx - R, cy - R, R * 2, R * 2], 0.55, 0.5);
  else if (pat === 'red') {
    const red = valueNoise(r.int(1, 1e9));
    texture(doc, [cx - R, cy - R, R * 2, R * 2], 0.5, (x, y) => {
      const v = fbm(red, x / 30, y / 30, 3);
      return v > 0.58 ? [138, 58, 38, Math.min(0.7, (v - 0.58) * 6)] : null;
    });
  } else {
    doc.add(
      `<ellipse cx="${n(cx - R * 0.35)}" cy="${n(cy - R * 0.4)}" rx="${n(R * 0.45)}" ry="${n(R * 0.22)}" transform="rotate(-40 ${n(cx - R * 0.35)} ${n(cy - R * 0.4)})" fill="${doc.radial(
        [
          [0, '#ffffff', 0.22],
          [1, '#ffffff', 0],
        ],
      )}"/>`,
    );
  }
  doc.add('</g>');
}

function silverDollar(doc: Doc, r: Rand, spec: Extract<ArtSpec, { kind: 'silver' }>, view: ArtView): Placed {
  const cx = doc.width / 2;
  const cy = doc.height / 2;
  const R = 290;
  const m = METALS.silver;
  discShadow(doc, cx + 12, cy + 16, R, 0.85, 0.5);
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R)}" fill="${lit(doc, [
      [0, '#efefea'],
      [0.7, m.face],
      [1, m.dark],
    ])}"/>`,
  );
  // reeded edge and a beaded border
  let reeds = '';
  for (let i = 0; i < 180; i++) {
    const a = (i / 180) * TAU;
    reeds += `M${n(cx + Math.cos(a) * R * 0.97)} ${n(cy + Math.sin(a) * R * 0.97)}L${n(cx + Math.cos(a) * R)} ${n(cy + Math.sin(a) * R)}`;
  }
  doc.add(pathEl(reeds, `stroke="${m.dark}" stroke-width="1.4"`));
  raisedOn(doc, `${circleD(cx, cy, R * 0.95)}${circleD(cx, cy, R * 0.91)}`, m.face, m.light, true);
  let beads = '';
  for (let i = 0; i < 90; i++) {
    const a = (i / 90) * TAU;
    beads += circleD(cx + Math.cos(a) * R * 0.87, cy + Math.sin(a) * R * 0.87, 3.2);
  }
  raisedOn(doc, beads, m.face, m.light);
  if (view !== 'reverse') {
    // a wreath of grain ears tied with a bow, the value in the middle
    let wreath = '';
    for (const sx of [-1, 1]) {
      wreath += brushStroke(
        [cx + sx * R * 0.08, cy + R * 0.62],
        [cx + sx * R * 0.78, cy + R * 0.35],
        [cx + sx * R * 0.55, cy - R * 0.62],
        R * 0.03,
        'even',
      );
      for (let i = 0; i < 14; i++) {
        const t = i / 14;
        const a = Math.PI / 2 + sx * (0.2 + t * 2.2);
        const px = cx + sx * Math.abs(Math.cos(a)) * R * 0.66 * (0.6 + 0.4 * Math.sin(t * Math.PI));
        const py = cy + R * 0.62 - t * R * 1.2;
        wreath += pathD(transform(petalPts(R * 0.12, R * 0.05, 0.45), px, py, sx * (0.6 + t * 0.4)), true);
        wreath += pathD(transform(petalPts(R * 0.1, R * 0.045, 0.45), px, py, -sx * (0.3 + t * 0.2)), true);
      }
    }
    raisedOn(doc, wreath, m.face, m.light);
    raisedOn(
      doc,
      `M${n(cx - 30)} ${n(cy + R * 0.62)}c-30 -20 -30 20 0 6c30 14 30 -26 0 -6Z${circleD(cx, cy + R * 0.62, 9)}`,
      m.face,
      m.light,
    );
    raisedText(
      doc,
      [
        [spec.value[0] ?? '', cx, cy - R * 0.2, 0],
        [spec.value[1] ?? '', cx, cy + R * 0.2, 0],
      ],
      R * 0.34,
      m.face,
      m.light,
    );
  } else {
    const chars = [...spec.legend];
    const span = Math.min(2.4, chars.length * 0.32);
    raisedText(
      doc,
      chars.map((c, i) => {
        const a = -Math.PI / 2 - span / 2 + (span * (i + 0.5)) / chars.length;
        return [c, cx + Math.cos(a) * R * 0.66, cy + Math.sin(a) * R * 0.66, ((a + Math.PI / 2) * 180) / Math.PI] as [
          string,
          number,
          number,
          number,
        ];
      }),
      R * 0.2,
      m.face,
      m.light,
    );
    let star = '';
    for (let i = 0; i < 5; i++)
      star += pathD(transform(roundPetal(R * 0.22, R * 0.16), cx, cy + R * 0.08, (i / 5) * TAU), true);
    raisedOn(doc, star + circleD(cx, cy + R * 0.08, R * 0.05), m.face, m.light);
  }
  // toning at the rim: gold and blue
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R)}" fill="${doc.radial(
      [
        [0.6, '#c9a050', 0],
        [0.9, '#b58a3a', 0.22],
        [1, '#4a5a7a', 0.3],
      ],
      0.55,
      0.55,
      0.55,
    )}"/>`,
  );
  doc.add(
    `<ellipse cx="${n(cx - R * 0.3)}" cy="${n(cy - R * 0.38)}" rx="${n(R * 0.5)}" ry="${n(R * 0.2)}" transform="rotate(-40 ${n(cx - R * 0.3)} ${n(cy - R * 0.38)})" fill="${doc.radial(
      [
        [0, '#ffffff', 0.35],
        [1, '#ffffff', 0],
      ],
    )}"/>`,
  );
  return { focus: [cx, cy - R * 0.2], zoom: 2 };
}

function ancientMoney(doc: Doc, r: Rand, kind: 'spade' | 'knife'): Placed {
  const cx = doc.width / 2;
  const cy = doc.height / 2;
  const m = METALS.bronze;
  let outline: string;
  let rimD: string;
  let focus: Pt;
  let chars: Pt[];
  if (kind === 'spade') {
    const w = 300;
    const h = 520;
    const x = cx - w / 2;
    const y = cy - h / 2 + 10;
    const P = (fx: number, fy: number): Pt => [x + fx * w, y + fy * h];
    const pts: Pt[] = [
      P(0.38, 0),
      P(0.62, 0),
      P(0.62, 0.18),
      P(0.92, 0.24),
      P(1, 1),
      P(0.6, 1),
      P(0.5, 0.86),
      P(0.4, 1),
      P(0, 1),
      P(0.08, 0.24),
      P(0.38, 0.18),
    ];
    outline = pathD(pts, true, false);
    const inset = pts.map(([px, py]) => [cx + (px - cx) * 0.9, y + h * 0.5 + (py - y - h * 0.5) * 0.93] as Pt);
    rimD = `${outline}${pathD(inset, true, false)}`;
    focus = [cx, cy];
    chars = [P(0.3, 0.55), P(0.7, 0.55)];
  } else {
    const pts: Pt[] = [];
    for (let i = 0; i <= 20; i++) {
      const t = i / 20;
      pts.push([cx - 300 + t * 470, cy - 150 + Math.sin(t * 1.6) * 90 - t * 30]);
    }
    const back: Pt[] = pts.map(([px, py], i) => [px, py + 110 - (i / 20) * 40] as Pt).reverse();
    const tip: Pt = [cx - 330, cy - 190];
    outline = pathD([tip, ...pts, [cx + 180, cy - 80], [cx + 190, cy + 10], ...back.slice(1)], true, false);
    rimD = outline;
    focus = [cx - 60, cy - 80];
    chars = [
      [cx - 160, cy - 95],
      [cx - 60, cy - 70],
      [cx + 40, cy - 62],
    ];
    const ring = `${circleD(cx + 250, cy - 20, 55)}${circleD(cx + 250, cy - 20, 34)}`;
    doc.add(
      pathEl(
        ring,
        `fill="#000000" fill-opacity="0.3" stroke-opacity="0.3" fill-rule="evenodd" transform="translate(10 14)"`,
      ),
    );
    doc.add(pathEl(ring, `fill="${m.face}" fill-rule="evenodd"`));
    doc.add(
      pathEl(
        `M${n(cx + 180)} ${n(cy - 100)}L${n(cx + 215)} ${n(cy - 55)}L${n(cx + 200)} ${n(cy + 10)}L${n(cx + 190)} ${n(cy - 10)}Z`,
        `fill="${m.face}"`,
      ),
    );
  }
  doc.add(pathEl(outline, `fill="#000000" fill-opacity="0.35" stroke-opacity="0.35" transform="translate(12 16)"`));
  doc.add(
    pathEl(
      outline,
      `fill="${doc.radial(
        [
          [0, shade(m.face, 0.1)],
          [1, shade(m.face, -0.2)],
        ],
        0.4,
        0.4,
        0.7,
      )}"`,
    ),
  );
  raisedOn(doc, rimD, m.face, m.light, true);
  const gr = new Rand(r.int(1, 1e6));
  for (const [gx, gy] of chars) raisedOn(doc, glyph(gr, gx, gy, 70), m.face, m.light);
  if (kind === 'spade') raisedOn(doc, `M${n(cx - 3)} ${n(cy - 140)}h6v250h-6Z`, m.face, m.light);
  const clip = doc.clip(outline);
  doc.add(`<g clip-path="${clip}">`);
  patina(doc, r.fork(7), [cx - 340, cy - 280, 680, 560], 0.7, 0.45);
  doc.add('</g>');
  return { focus, zoom: 2 };
}

function coinSet(doc: Doc, r: Rand, legends: string[]): Placed {
  const count = Math.min(9, legends.length);
  const cols = count <= 4 ? 2 : 3;
  const rows = Math.ceil(count / cols);
  const R = cols === 2 ? 150 : 108;
  const gap = R * 2.35;
  const x0 = doc.width / 2 - ((cols - 1) * gap) / 2;
  const y0 = doc.height / 2 - ((rows - 1) * gap) / 2;
  for (let i = 0; i < count; i++) {
    const cx = x0 + (i % cols) * gap + r.range(-6, 6);
    const cy = y0 + Math.floor(i / cols) * gap + r.range(-6, 6);
    cashCoin(
      doc,
      r.fork(i),
      cx,
      cy,
      R * r.range(0.92, 1.02),
      legends[i] ?? '',
      r.chance(0.6) ? 'bronze' : 'brass',
      r.pick(['green', 'smooth', 'red'] as const),
      'obverse',
    );
  }
  return { focus: [x0 + gap, y0], zoom: 2.1 };
}

// ---------------------------------------------------------------------------------------------
// The scholar's desk: brush pots, inkstones, brush rests, ink cakes, seals, water pots

function carvedPal(ground: string): Palette {
  const line = shade(ground, -0.45);
  return {
    line,
    wash: shade(ground, -0.12),
    deep: shade(ground, -0.3),
    leaf: shade(ground, -0.15),
    leafLine: line,
    stem: line,
    flowers: [shade(ground, 0.1)],
    heart: line,
    lineWidth: 1.6,
  };
}

/** Vertical grain wrapped round a turned wooden body. */
function woodGrainBody(doc: Doc, r: Rand, ves: Vessel, grain: string): void {
  const rMax = ves.radius((ves.top + ves.bottom) / 2);
  const shapes: Shape[] = [];
  const count = 90;
  for (let i = 0; i < count; i++) {
    const x0 = (i / count) * TAU * rMax + r.range(-3, 3);
    const pts: Pt[] = [];
    const amp = r.range(2, 9);
    const ph = r.range(0, TAU);
    for (let k = 0; k <= 12; k++) {
      const v = ves.top + ((ves.bottom - ves.top) * k) / 12;
      pts.push([x0 + Math.sin(k * 0.7 + ph) * amp, v]);
    }
    shapes.push({ pts, closed: false, stroke: grain, width: r.range(0.6, 1.6), opacity: r.range(0.15, 0.4) });
  }
  emit(doc, wrapSurface(ves, rMax), shapes);
}

function brushPotArt(spec: Extract<ArtSpec, { kind: 'brushpot' }>, r: Rand): { art: VesselArt; look?: GlazeLook } {
  const ctrl: Pt[] = pairs([0, 1, 0.03, 0.985, 0.5, 0.95, 0.96, 0.98, 1, 0.99]);
  const height = r.range(440, 500);
  const width = height * r.range(0.8, 0.92);
  if (spec.material === 'porcelain') {
    const look = glazeLook('blue-white');
    return {
      art: {
        ctrl,
        height,
        width,
        k: 0.2,
        fin: look.fin,
        bands: bandsFor(
          look,
          [
            [0.04, 0.1, 'rim'],
            [0.14, 0.92, 'main'],
          ],
          spec.motif,
        ),
        lip: look.lip,
        open: true,
        depth: 0.35,
        biscuit: look.biscuit,
      },
      look,
    };
  }
  const grounds = {
    bamboo: ['#dcbb80', '#b2874a'],
    zitan: ['#4a2c28', '#2a1614'],
    huanghuali: ['#b07840', '#7e4e24'],
  } as const;
  const [g0, g1] = grounds[spec.material];
  const fin: Finish = {
    ground: [
      [0, g0],
      [1, g1],
    ],
    gloss: 0.25,
    shadow: 0.55,
    inner: shade(g1, -0.2),
  };
  const pal = carvedPal(g0);
  return {
    art: {
      ctrl,
      height,
      width,
      k: 0.2,
      fin,
      bands: spec.motif === 'none' ? [] : [{ t0: 0.08, t1: 0.94, draw: MOTIFS[spec.motif], pal }],
      lip: shade(g0, 0.1),
      open: true,
      depth: 0.45,
      extras: spec.material === 'bamboo' ? undefined : (doc, rr, ves) => woodGrainBody(doc, rr, ves, shade(g1, -0.5)),
    },
  };
}

const STONES = {
  duan: { base: '#5b4752', vein: '#7a6070', eye: '#b7b86a' },
  she: { base: '#30353a', vein: '#b49a5a', eye: '#5a6066' },
  chengni: { base: '#8a5a3c', vein: '#a8744c', eye: '#6a4028' },
  shoushan: { base: '#c99a58', vein: '#e3bf82', eye: '#9a6a30' },
  bloodstone: { base: '#b9b3a4', vein: '#a3201c', eye: '#6a1010' },
  qingtian: { base: '#a9b29a', vein: '#c9cfb6', eye: '#7a8470' },
};

/** A stone face: a soft mottle, veins, and (for some stones) red blotches. */
function stoneSurface(r: Rand, stone: keyof typeof STONES): (doc: Doc, corners: Pt[], normal: V3) => void {
  const s = STONES[stone];
  const noise = valueNoise(r.int(1, 1e9));
  const [vr, vg, vb] = hexToRgb(s.vein);
  return (doc, corners) => {
    const xs = corners.map((p) => p[0]);
    const ys = corners.map((p) => p[1]);
    const x0 = Math.min(...xs);
    const y0 = Math.min(...ys);
    const clip = doc.clip(pathD(corners, true, false));
    doc.add(`<g clip-path="${clip}">`);
    texture(doc, [x0, y0, Math.max(...xs) - x0, Math.max(...ys) - y0], 0.5, (x, y) => {
      const v = fbm(noise, x / 40, y / 40, 4);
      if (stone === 'bloodstone')
        return v > 0.56 ? [vr, vg, vb, Math.min(0.9, (v - 0.56) * 8)] : [255, 255, 255, (0.5 - v) * 0.2];
      const band = Math.abs(Math.sin((x * 0.02 + v * 6) * Math.PI));
      if (stone === 'she' && band < 0.05) return [vr, vg, vb, 0.6];
      return [vr, vg, vb, Math.max(0, v - 0.45) * 0.9];
    });
    doc.add('</g>');
  };
}

function inkstoneModel(r: Rand, stone: 'duan' | 'she' | 'chengni'): FurnitureScene {
  const W = 220;
  const L = 320;
  const H = 48;
  const s = STONES[stone];
  const m: Member[] = [];
  m.push(
    box(-W / 2, 0, -L / 2, W / 2, H, L / 2, 2, {
      color: s.base,
      surface: stoneSurface(r, stone),
      top: (doc, c) => {
        const [a, b, cc, d] = c as [Pt, Pt, Pt, Pt];
        // top face corners: (x0,z1) (x1,z1) (x1,z0) (x0,z0): u across, v from front to back
        const at = (u: number, v: number): Pt => {
          const front: Pt = [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
          const back: Pt = [d[0] + (cc[0] - d[0]) * u, d[1] + (cc[1] - d[1]) * u];
          return [front[0] + (back[0] - front[0]) * v, front[1] + (back[1] - front[1]) * v];
        };
        const ring = (u0: number, v0: number, ru: number, rv: number, steps = 28): Pt[] =>
          Array.from({ length: steps }, (_, i) =>
            at(u0 + Math.cos((i / steps) * TAU) * ru, v0 + Math.sin((i / steps) * TAU) * rv),
          );
        // raised border, the grinding field, the well at the back with a cloud above it
        doc.add(
          pathEl(
            pathD(ring(0.5, 0.42, 0.4, 0.36), true),
            `fill="${shade(s.base, -0.12)}" stroke="${shade(s.base, -0.45)}" stroke-width="2"`,
          ),
        );
        doc.add(
          pathEl(
            pathD(ring(0.5, 0.42, 0.38, 0.34), true),
            `fill="${doc.radial([
              [0, shade(s.base, 0.08)],
              [1, shade(s.base, -0.1)],
            ])}"`,
          ),
        );
        doc.add(
          pathEl(
            pathD(ring(0.5, 0.86, 0.3, 0.08), true),
            `fill="#0e0c0c" stroke="${shade(s.base, -0.5)}" stroke-width="1.5"`,
          ),
        );
        doc.add(
          pathEl(
            pathD(ring(0.5, 0.86, 0.3, 0.08), true),
            `fill="${doc.linear([
              [0, '#ffffff', 0.15],
              [1, '#ffffff', 0],
            ])}"`,
          ),
        );
        const cloud = [at(0.15, 0.96), at(0.3, 0.99), at(0.5, 0.97), at(0.7, 0.99), at(0.85, 0.96)];
        doc.add(pathEl(pathD(cloud, false), `fill="none" stroke="${shade(s.base, -0.45)}" stroke-width="2"`));
        if (stone === 'duan') {
          const e = at(0.72, 0.3);
          doc.add(
            `<circle cx="${n(e[0])}" cy="${n(e[1])}" r="9" fill="${s.eye}"/><circle cx="${n(e[0])}" cy="${n(e[1])}" r="5" fill="${shade(s.eye, -0.3)}"/><circle cx="${n(e[0])}" cy="${n(e[1])}" r="2" fill="#2a2a10"/>`,
          );
        }
        const sheen = doc.linear(
          [
            [0, '#ffffff', 0.12],
            [0.5, '#ffffff', 0],
          ],
          0,
          0,
          1,
          1,
        );
        doc.add(pathEl(pathD(c, true, false), `fill="${sheen}"`));
      },
    }),
  );
  return { members: m, size: [W, H, L], yaw: -0.35, pitch: 0.75, focus: [0, H, -L * 0.1] };
}

function inkCakeModel(text: string): FurnitureScene {
  const W = 90;
  const L = 300;
  const H = 22;
  const m: Member[] = [
    box(-W / 2, 0, -L / 2, W / 2, H, L / 2, 2, {
      color: '#1c1a18',
      top: (doc, c) => {
        const [a, b, cc, d] = c as [Pt, Pt, Pt, Pt];
        const at = (u: number, v: number): Pt => {
          const front: Pt = [a[0] + (b[0] - a[0]) * u, a[1] + (b[1] - a[1]) * u];
          const back: Pt = [d[0] + (cc[0] - d[0]) * u, d[1] + (cc[1] - d[1]) * u];
          return [front[0] + (back[0] - front[0]) * v, front[1] + (back[1] - front[1]) * v];
        };
        const gold = doc.linear(
          [
            [0, '#f3da8e'],
            [0.5, '#c99b3e'],
            [1, '#8a6420'],
          ],
          0,
          0,
          1,
          1,
        );
        doc.add(
          pathEl(
            pathD([at(0.08, 0.05), at(0.92, 0.05), at(0.92, 0.95), at(0.08, 0.95)], true, false),
            `fill="none" stroke="${gold}" stroke-width="2.5"`,
          ),
        );
        // characters down the middle, written along the cake and lying on its top
        const chars = [...text];
        const em = Math.min((0.7 * L) / (chars.length * 1.15), W * 0.55);
        const writing = chars
          .map((ch, i) => {
            const v = 0.85 - (0.7 * (i + 0.5)) / chars.length;
            return glyphMapped(ch, (gx, gy) => at(0.5 + (gx * em) / W, v - (gy * em) / L));
          })
          .join('');
        doc.add(pathEl(writing, `fill="${gold}"`));
        doc.add(
          pathEl(
            pathD(c, true, false),
            `fill="${doc.linear(
              [
                [0, '#ffffff', 0.1],
                [0.5, '#ffffff', 0],
              ],
              0,
              0,
              1,
              1,
            )}"`,
          ),
        );
      },
    }),
  ];
  return { members: m, size: [W, H, L], yaw: -0.9, pitch: 0.7, focus: [0, H, 0] };
}

function sealModel(r: Rand, stone: 'shoushan' | 'bloodstone' | 'qingtian'): FurnitureScene {
  const s = 120;
  const H = 300;
  const m: Member[] = [
    box(-s / 2, 0, -s / 2, s / 2, H, s / 2, 1, { color: STONES[stone].base, surface: stoneSurface(r, stone) }),
    box(-s / 2 + 8, H, -s / 2 + 8, s / 2 - 8, H + 40, s / 2 - 8, 1, {
      color: shade(STONES[stone].base, 0.05),
      surface: stoneSurface(r.fork(2), stone),
    }),
    box(-s / 2 + 26, H + 40, -s / 2 + 26, s / 2 - 26, H + 70, s / 2 - 26, 1, { color: shade(STONES[stone].base, 0.1) }),
  ];
  return { members: m, size: [s * 2.2, H + 70, s], yaw: -0.6, pitch: 0.25, focus: [0, H * 0.6, s / 2] };
}

function brushRestModel(material: 'bronze' | 'jade' | 'wood' | 'porcelain', r: Rand): FurnitureScene {
  const colors = { bronze: '#5e4d35', jade: '#dfe3cf', wood: '#7a4a28', porcelain: '#e9ebe4' };
  const peaks = r.pick([3, 5]);
  const W = 360;
  const m: Member[] = [];
  // a ridge of peaks, the middle one highest, valleys between, on a flat foot
  const ridge: Pt[] = [];
  const steps = peaks * 10;
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const k = Math.abs(((t * peaks) % 1) - 0.5) * 2;
    const which = Math.min(peaks - 1, Math.floor(t * peaks));
    const tall = which === Math.floor(peaks / 2) ? 170 : which % 2 ? 105 : 135;
    ridge.push([-W / 2 + t * W, 30 + 22 + (tall - 22) * Math.pow(0.5 + 0.5 * Math.cos(Math.PI * k), 1.1)]);
  }
  const mountain: Pt[] = [...ridge, [W / 2, 30], [-W / 2, 30]];
  m.push({
    min: [-W / 2, 30, -16],
    max: [W / 2, 200, 16],
    grain: 0,
    color: colors[material],
    prism: mountain,
    layer: 1,
  });
  m.push(box(-W / 2 - 10, 0, -30, W / 2 + 10, 30, 30, 0, { color: shade(colors[material], -0.08) }));
  return { members: m, size: [W + 20, 200, 52], yaw: -0.25, pitch: 0.18, focus: [0, 120, 22] };
}

function sealImpression(doc: Doc, r: Rand): Placed {
  const cx = doc.width / 2;
  const cy = doc.height / 2;
  paper(doc, r, 80, 80, 640, 640, '#efe6d2');
  doc.add(`<rect x="80" y="80" width="640" height="640" fill="none" stroke="#000000" stroke-opacity="0.1"/>`);
  seal(doc, r.fork(99), cx - 180, cy - 180, 360, r.chance(0.5));
  return { focus: [cx, cy], zoom: 1.8 };
}

// ---------------------------------------------------------------------------------------------
// Miscellany: snuff bottles, censers, teapots, carved lacquer, beads

function snuffArt(material: Extract<ArtSpec, { kind: 'snuff' }>['material'], r: Rand): VesselArt {
  const ctrl: Pt[] = pairs([
    0, 0.24, 0.05, 0.24, 0.08, 0.32, 0.14, 0.55, 0.26, 0.88, 0.5, 1, 0.75, 0.95, 0.92, 0.78, 0.97, 0.66, 1, 0.66,
  ]);
  const height = r.range(430, 470);
  const width = height * 0.68;
  const glass = (c0: string, c1: string): Finish => ({
    ground: [
      [0, c0],
      [1, c1],
    ],
    gloss: 1,
    shadow: 0.55,
    inner: shade(c1, -0.3),
  });
  let fin: Finish;
  let bands: BodyBand[] = [];
  let extras: VesselArt['extras'];
  switch (material) {
    case 'agate':
      fin = glass('#b89a7a', '#7a5a44');
      extras = (doc, rr, ves) => {
        const rMax = ves.radius((ves.top + ves.bottom) / 2);
        const shapes: Shape[] = [];
        for (let i = 0; i < 26; i++) {
          const v0 = ves.top + (ves.bottom - ves.top) * (i / 26) + rr.range(-6, 6);
          const pts: Pt[] = [];
          for (let k = 0; k <= 40; k++) pts.push([(k / 40) * TAU * rMax, v0 + Math.sin(k * 0.5 + i) * 14]);
          shapes.push({
            pts,
            closed: false,
            stroke: rr.pick(['#e8dccb', '#5a3a2a', '#c9a888', '#8a6a54']),
            width: rr.range(2, 9),
            opacity: rr.range(0.25, 0.6),
          });
        }
        emit(doc, wrapSurface(ves, rMax), shapes);
      };
      break;
    case 'glass-red':
      fin = glass('#c0302a', '#6e1010');
      break;
    case 'glass-yellow':
      fin = glass('#f2cf4a', '#c89418');
      break;
    case 'jade':
      fin = {
        ground: [
          [0, '#f0ecdc'],
          [1, '#d3ccb2'],
        ],
        gloss: 0.7,
        shadow: 0.38,
        inner: '#cfc7ae',
      };
      break;
    default: {
      const look = glazeLook('famille-rose');
      fin = look.fin;
      bands = [{ t0: 0.2, t1: 0.92, draw: flowerSprays, pal: look.pal }];
    }
  }
  return {
    ctrl,
    height,
    width,
    k: 0.14,
    fin,
    bands,
    lip: shade(fin.ground[0]![1], 0.1),
    open: false,
    extras,
    front: (doc, ves) => {
      // a stopper with a collar, in coral or jadeite
      const rt = ves.radius(ves.top);
      const stop = r.pick(['#c2452f', '#3f9a64', '#d9b04a']);
      doc.add(
        `<rect x="${n(ves.cx - rt * 1.15)}" y="${n(ves.top - 12)}" width="${n(rt * 2.3)}" height="14" rx="3" fill="${doc.linear(
          [
            [0, '#e8c878'],
            [1, '#9a7430'],
          ],
          0,
          0,
          1,
          0,
        )}"/>`,
      );
      doc.add(
        `<ellipse cx="${n(ves.cx)}" cy="${n(ves.top - 30)}" rx="${n(rt * 1.05)}" ry="${n(rt * 0.85)}" fill="${doc.radial(
          [
            [0, shade(stop, 0.4)],
            [0.6, stop],
            [1, shade(stop, -0.4)],
          ],
          0.35,
          0.35,
          0.7,
        )}"/>`,
      );
    },
  };
}

function censerScene(doc: Doc, r: Rand, finish: 'cornsilk' | 'gilt-splash' | 'patina', view: ArtView): Placed {
  const cx = doc.width / 2;
  const W = r.range(440, 480);
  const H = W * 0.56;
  const colors = {
    cornsilk: ['#8a5632', '#4e2a16'],
    'gilt-splash': ['#4a3424', '#22160e'],
    patina: ['#5e4d35', '#3a2f21'],
  } as const;
  const [c0, c1] = colors[finish];
  const fin: Finish = {
    ground: [
      [0, c0],
      [1, c1],
    ],
    gloss: finish === 'cornsilk' ? 0.45 : 0.3,
    shadow: 0.6,
    inner: '#1e140c',
  };
  const top = doc.height / 2 - H / 2 + 10;
  const ves = makeVessel(
    pairs([0, 0.74, 0.06, 0.72, 0.14, 0.76, 0.3, 0.95, 0.55, 1, 0.8, 0.9, 0.95, 0.72, 1, 0.62]),
    cx,
    top,
    H,
    W / 2,
    view === 'side' ? 0.34 : 0.22,
  );
  groundShadow(doc, cx, ves.bottom + 46, W * 0.42, 24);
  // three short feet
  for (const u of [Math.PI, -Math.PI / 3, Math.PI / 3]) {
    const [fx, fy] = onBody(ves, u, ves.bottom - 12);
    doc.add(
      `<path d="M${n(fx - 22)} ${n(fy)}Q${n(fx - 24)} ${n(fy + 40)} ${n(fx - 8)} ${n(fy + 46)}H${n(fx + 8)}Q${n(fx + 24)} ${n(fy + 40)} ${n(fx + 22)} ${n(fy)}Z" fill="${doc.linear(
        [
          [0, shade(c0, 0.1)],
          [1, shade(c1, -0.3)],
        ],
        0,
        0,
        1,
        0,
      )}"${u === Math.PI ? ' fill-opacity="0.8" stroke-opacity="0.8"' : ''}/>`,
    );
  }
  // bridge handles on the shoulders
  for (const side of [-1, 1]) {
    const v = top + H * 0.22;
    const x = cx + side * ves.radius(v);
    doc.add(
      `<path d="M${n(x - side * 10)} ${n(v - 10)}C${n(x + side * 60)} ${n(v - 30)} ${n(x + side * 70)} ${n(v + 50)} ${n(x - side * 6)} ${n(v + 60)}" fill="none" stroke="${shade(c0, -0.1)}" stroke-width="18" stroke-linecap="round"/>`,
    );
    doc.add(
      `<path d="M${n(x - side * 10)} ${n(v - 12)}C${n(x + side * 58)} ${n(v - 32)} ${n(x + side * 66)} ${n(v + 48)} ${n(x - side * 6)} ${n(v + 56)}" fill="none" stroke="${shade(c0, 0.3)}" stroke-width="4" stroke-opacity="0.5" stroke-linecap="round"/>`,
    );
  }
  const sil = silhouette(ves);
  const clip = doc.clip(sil);
  doc.add(pathEl(sil, `fill="${doc.linear(fin.ground)}"`));
  doc.add(`<g clip-path="${clip}">`);
  if (finish === 'gilt-splash') {
    const shapes: Shape[] = [];
    const rMax = W / 2;
    for (let i = 0; i < 70; i++) {
      const x = r.range(0, TAU * rMax);
      const v = r.range(top, top + H);
      const pts: Pt[] = [];
      const s = r.range(4, 16);
      for (let k = 0; k < 9; k++)
        pts.push([
          x + Math.cos((k / 9) * TAU) * s * r.range(0.5, 1.2),
          v + Math.sin((k / 9) * TAU) * s * r.range(0.5, 1.2),
        ]);
      shapes.push({ pts, closed: true, fill: r.pick(['#e0b85a', '#c99a3e', '#f0d080']), opacity: r.range(0.6, 0.95) });
    }
    emit(doc, wrapSurface(ves, rMax), shapes);
  } else if (finish === 'patina') {
    patina(doc, r.fork(3), [cx - W / 2, top - 30, W, H + 60], 0.5);
  }
  doc.add('</g>');
  shadeBody(doc, ves, clip, fin);
  mouth(doc, ves, fin, shade(c0, 0.05), 0.6);
  return { focus: [cx - W * 0.2, top + H * 0.4], zoom: 2.2 };
}

function teapotScene(doc: Doc, r: Rand, spec: Extract<ArtSpec, { kind: 'teapot' }>, view: ArtView): Placed {
  const clays = {
    zini: ['#6e3a2c', '#3e1c14'],
    zhuni: ['#b0502e', '#6e2a14'],
    duanni: ['#cfae72', '#8e6e3e'],
  } as const;
  const [c0, c1] = clays[spec.clay];
  const fin: Finish = {
    ground: [
      [0, c0],
      [1, c1],
    ],
    gloss: 0.22,
    shadow: 0.55,
    inner: shade(c1, -0.3),
  };
  const cx = doc.width / 2;
  if (view === 'base') {
    const cy = doc.height / 2;
    const R = 250;
    discShadow(doc, cx + 14, cy + 18, R, 0.8, 0.45);
    doc.add(
      `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R)}" fill="${lit(doc, [
        [0, shade(c0, 0.05)],
        [0.85, c0],
        [1, shade(c1, -0.2)],
      ])}"/>`,
    );
    const noise = valueNoise(r.int(1, 1e9));
    doc.add(`<g clip-path="${doc.clip(circleD(cx, cy, R))}">`);
    texture(doc, [cx - R, cy - R, R * 2, R * 2], 0.5, (x, y) => {
      const v = fbm(noise, x / 3, y / 3, 2);
      return v > 0.64 ? [255, 235, 200, 0.12] : v < 0.3 ? [0, 0, 0, 0.1] : null;
    });
    doc.add('</g>');
    // the maker's seal, pressed into the clay
    const size = 150;
    const sx = cx - size / 2;
    const sy = cy - size / 2;
    doc.add(
      `<rect x="${n(sx + 2)}" y="${n(sy + 2)}" width="${size}" height="${size}" fill="none" stroke="#ffffff" stroke-opacity="0.25" stroke-width="6"/>`,
    );
    doc.add(
      `<rect x="${n(sx)}" y="${n(sy)}" width="${size}" height="${size}" fill="none" stroke="${shade(c1, -0.4)}" stroke-width="6"/>`,
    );
    doc.add(`<g transform="translate(1.5 1.5)" fill-opacity="0.3" stroke-opacity="0.3">`);
    charGrid(doc, spec.text, cx, cy, 2, size * 0.36, '#ffffff', { seal: true, gap: size * 0.4 });
    doc.add('</g>');
    charGrid(doc, spec.text, cx, cy, 2, size * 0.36, shade(c1, -0.4), { seal: true, gap: size * 0.4 });
    return { focus: [cx, cy], zoom: 1.8 };
  }
  const W = r.range(360, 400);
  const H = W * 0.62;
  const top = doc.height / 2 - H / 2 + 40;
  const ves = makeVessel(
    pairs([0, 0.46, 0.04, 0.46, 0.1, 0.64, 0.3, 0.93, 0.55, 1, 0.8, 0.92, 0.95, 0.74, 1, 0.68]),
    cx,
    top,
    H,
    W / 2,
    0.22,
  );
  groundShadow(doc, cx + 20, ves.bottom + ves.k * ves.radius(ves.bottom) * 0.6, W * 0.55, 24);
  const spoutBase = onBody(ves, 1.35, top + H * 0.55);
  const handleTop = onBody(ves, -1.4, top + H * 0.22);
  const handleBot = onBody(ves, -1.4, top + H * 0.72);
  const dark = shade(c1, -0.25);
  // handle behind on the left, spout on the right
  doc.add(
    `<path d="M${n(handleTop[0] + 10)} ${n(handleTop[1])}C${n(handleTop[0] - 120)} ${n(handleTop[1] - 30)} ${n(handleBot[0] - 120)} ${n(handleBot[1] + 20)} ${n(handleBot[0] + 10)} ${n(handleBot[1])}" fill="none" stroke="${dark}" stroke-width="30" stroke-linecap="round"/>`,
  );
  doc.add(
    `<path d="M${n(handleTop[0] + 10)} ${n(handleTop[1])}C${n(handleTop[0] - 120)} ${n(handleTop[1] - 30)} ${n(handleBot[0] - 120)} ${n(handleBot[1] + 20)} ${n(handleBot[0] + 10)} ${n(handleBot[1])}" fill="none" stroke="${c0}" stroke-width="22" stroke-linecap="round"/>`,
  );
  doc.add(
    `<path d="M${n(handleTop[0] + 6)} ${n(handleTop[1] - 6)}C${n(handleTop[0] - 116)} ${n(handleTop[1] - 36)} ${n(handleBot[0] - 118)} ${n(handleBot[1] + 12)} ${n(handleBot[0] + 6)} ${n(handleBot[1] - 6)}" fill="none" stroke="#ffffff" stroke-opacity="0.12" stroke-width="5" stroke-linecap="round"/>`,
  );
  const sx = spoutBase[0];
  const sy = spoutBase[1];
  const spout = `M${n(sx - 10)} ${n(sy - 40)}C${n(sx + 60)} ${n(sy - 40)} ${n(sx + 90)} ${n(sy - 90)} ${n(sx + 120)} ${n(sy - 130)}L${n(sx + 134)} ${n(sy - 118)}C${n(sx + 110)} ${n(sy - 70)} ${n(sx + 80)} ${n(sy + 20)} ${n(sx - 10)} ${n(sy + 30)}Z`;
  doc.add(
    pathEl(
      spout,
      `fill="${doc.linear(
        [
          [0, shade(c0, 0.12)],
          [1, dark],
        ],
        0,
        0,
        0,
        1,
      )}"`,
    ),
  );
  doc.add(
    `<ellipse cx="${n(sx + 127)}" cy="${n(sy - 124)}" rx="9" ry="5" transform="rotate(-40 ${n(sx + 127)} ${n(sy - 124)})" fill="${shade(c1, -0.5)}"/>`,
  );
  const sil = silhouette(ves);
  const clip = doc.clip(sil);
  doc.add(pathEl(sil, `fill="${doc.linear(fin.ground)}"`));
  doc.add(`<g clip-path="${clip}">`);
  const noise = valueNoise(r.int(1, 1e9));
  texture(doc, [cx - W / 2, top - 40, W, H + 80], 0.5, (x, y) => {
    const v = fbm(noise, x / 3, y / 3, 2);
    return v > 0.66 ? [255, 235, 200, 0.1] : v < 0.3 ? [0, 0, 0, 0.08] : null;
  });
  doc.add('</g>');
  shadeBody(doc, ves, clip, fin);
  // the lid and its knob
  const rt = ves.radius(ves.top);
  doc.add(`<ellipse cx="${n(cx)}" cy="${n(ves.top)}" rx="${n(rt)}" ry="${n(rt * ves.k)}" fill="${shade(c1, -0.3)}"/>`);
  doc.add(
    `<path d="M${n(cx - rt * 0.95)} ${n(ves.top - 2)}Q${n(cx)} ${n(ves.top - rt * 0.55)} ${n(cx + rt * 0.95)} ${n(ves.top - 2)}Q${n(cx)} ${n(ves.top + rt * ves.k * 0.9)} ${n(cx - rt * 0.95)} ${n(ves.top - 2)}Z" fill="${doc.linear(
      [
        [0, shade(c0, 0.12)],
        [1, c1],
      ],
      0,
      0,
      1,
      1,
    )}"/>`,
  );
  doc.add(
    `<ellipse cx="${n(cx)}" cy="${n(ves.top - rt * 0.3)}" rx="${n(rt * 0.22)}" ry="${n(rt * 0.16)}" fill="${doc.radial(
      [
        [0, shade(c0, 0.2)],
        [1, c1],
      ],
      0.35,
      0.35,
      0.7,
    )}"/>`,
  );
  return { focus: [cx + W * 0.3, top + H * 0.3], zoom: 2 };
}

function lacquerScene(doc: Doc, r: Rand, motif: 'flowers' | 'landscape'): Placed {
  const cx = doc.width / 2;
  const cy = doc.height / 2 - 8;
  const R = r.range(270, 290);
  const red = '#a3271d';
  discShadow(doc, cx + 16, cy + 22, R * 1.02, 0.82, 0.5);
  doc.add(
    `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(R)}" fill="${lit(doc, [
      [0, shade(red, 0.08)],
      [0.9, red],
      [1, shade(red, -0.35)],
    ])}"/>`,
  );
  // a ground of tiny diamonds, then the carving raised above it
  const inner = R * 0.82;
  const clip = doc.clip(circleD(cx, cy, inner));
  let diaper = '';
  for (let y = cy - inner; y < cy + inner; y += 12)
    diaper += `M${n(cx - inner)} ${n(y)}L${n(cx + inner)} ${n(y + inner * 0.6)}M${n(cx - inner)} ${n(y + inner * 0.6)}L${n(cx + inner)} ${n(y)}`;
  doc.add(
    `<g clip-path="${clip}">${pathEl(diaper, `stroke="${shade(red, -0.45)}" stroke-width="1.2" fill="none"`)}</g>`,
  );
  const pal = carvedPal(red);
  const shapes =
    motif === 'landscape'
      ? centerMotif(r, 'landscape', { ...pal, wash: red, deep: shade(red, -0.05) }, inner * 0.9)
      : centerMotif(r, 'flowers', { ...pal, flowers: [shade(red, 0.06)], leaf: red, wash: red }, inner * 0.92);
  const relief = (dx: number, dy: number, color: string, op: number) => {
    const d = shapes
      .map((sh) =>
        pathD(
          sh.pts.map(([x, y]) => [cx + x + dx, cy + y + dy] as Pt),
          sh.closed,
          sh.smooth ?? true,
        ),
      )
      .join('');
    doc.add(
      pathEl(d, `fill="${color}" fill-opacity="${op}" stroke-opacity="${op}" stroke="${color}" stroke-width="3"`),
    );
  };
  relief(2.5, 3, '#000000', 0.55);
  relief(-1.2, -1.2, shade(red, 0.35), 0.9);
  relief(0, 0, red, 1);
  emit(
    doc,
    flatSurface(cx, cy),
    shapes.map((sh) => ({ ...sh, fill: 'none', stroke: shade(red, -0.4), width: 1, opacity: 0.7 })),
  );
  const band = (rr: number) => `${circleD(cx, cy, rr + 6)}${circleD(cx, cy, rr - 6)}`;
  doc.add(pathEl(band(inner), `fill="${shade(red, -0.15)}" fill-rule="evenodd"`));
  let wave = '';
  for (let i = 0; i < 40; i++) {
    const a = (i / 40) * TAU;
    wave += pathD(transform(spiral(1.2, 7, 1), cx + Math.cos(a) * (R * 0.91), cy + Math.sin(a) * (R * 0.91), a), false);
  }
  doc.add(pathEl(wave, `fill="none" stroke="${shade(red, -0.45)}" stroke-width="2"`));
  doc.add(
    `<ellipse cx="${n(cx - R * 0.35)}" cy="${n(cy - R * 0.4)}" rx="${n(R * 0.4)}" ry="${n(R * 0.15)}" transform="rotate(-40 ${n(cx - R * 0.35)} ${n(cy - R * 0.4)})" fill="${doc.radial(
      [
        [0, '#ffffff', 0.18],
        [1, '#ffffff', 0],
      ],
    )}"/>`,
  );
  return { focus: [cx + R * 0.1, cy - R * 0.1], zoom: 2 };
}

function beadsScene(doc: Doc, r: Rand, material: 'agarwood' | 'amber' | 'bodhi' | 'carnelian'): Placed {
  const cx = doc.width / 2;
  const cy = doc.height / 2 + 10;
  const looks = {
    agarwood: { c: '#4e3422', hi: '#8a6446', lo: '#1e120a', gloss: 0.3 },
    amber: { c: '#d88a24', hi: '#f6c85a', lo: '#8a4a0e', gloss: 0.6 },
    bodhi: { c: '#c8a67a', hi: '#ecd6b0', lo: '#8a6a44', gloss: 0.15 },
    carnelian: { c: '#b8361f', hi: '#e8704a', lo: '#6a140a', gloss: 0.55 },
  } as const;
  const L = looks[material];
  const count = material === 'bodhi' ? 16 : 18;
  const R = 240;
  const ry = R * 0.72;
  const br = r.range(36, 40);
  const beads: { x: number; y: number; a: number }[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * TAU + Math.PI / 2;
    beads.push({ x: cx + Math.cos(a) * R, y: cy + Math.sin(a) * ry, a });
  }
  groundShadow(doc, cx, cy + ry + 10, R * 0.9, 30, 0.8);
  doc.add(
    `<ellipse cx="${n(cx)}" cy="${n(cy)}" rx="${n(R)}" ry="${n(ry)}" fill="none" stroke="#8a2a1e" stroke-width="3"/>`,
  );
  // far beads first
  beads.sort((p, q) => p.y - q.y);
  const noise = valueNoise(r.int(1, 1e9));
  for (const b of beads) {
    const s = br * (0.92 + ((b.y - cy) / ry) * 0.06);
    doc.add(
      `<circle cx="${n(b.x + 6)}" cy="${n(b.y + 10)}" r="${n(s)}" fill="#000000" fill-opacity="0.25" stroke-opacity="0.25"/>`,
    );
    doc.add(
      `<circle cx="${n(b.x)}" cy="${n(b.y)}" r="${n(s)}" fill="${doc.radial(
        [
          [0, L.hi],
          [0.55, L.c],
          [1, L.lo],
        ],
        0.38,
        0.35,
        0.7,
      )}"/>`,
    );
    if (material === 'agarwood' || material === 'bodhi') {
      const clip = doc.clip(circleD(b.x, b.y, s));
      doc.add(`<g clip-path="${clip}">`);
      texture(doc, [b.x - s, b.y - s, s * 2, s * 2], 0.6, (x, y) =>
        material === 'agarwood'
          ? [20, 10, 4, Math.max(0, Math.sin((y + fbm(noise, x / 14, y / 14, 3) * 40) / 3) * 0.35)]
          : fbm(noise, x / 4, y / 4, 2) > 0.62
            ? [90, 60, 30, 0.5]
            : null,
      );
      doc.add('</g>');
    }
    doc.add(
      `<ellipse cx="${n(b.x - s * 0.35)}" cy="${n(b.y - s * 0.4)}" rx="${n(s * 0.3)}" ry="${n(s * 0.18)}" transform="rotate(-35 ${n(b.x - s * 0.35)} ${n(b.y - s * 0.4)})" fill="#ffffff" fill-opacity="${L.gloss}" stroke-opacity="${L.gloss}"/>`,
    );
  }
  // the guru bead and a short tassel at the bottom
  const gb = { x: cx, y: cy + ry + br * 0.9 };
  doc.add(
    `<path d="M${n(gb.x)} ${n(gb.y)}L${n(gb.x - 14)} ${n(gb.y + 90)}M${n(gb.x)} ${n(gb.y)}L${n(gb.x + 14)} ${n(gb.y + 90)}M${n(gb.x)} ${n(gb.y)}L${n(gb.x)} ${n(gb.y + 96)}" stroke="#9e2a22" stroke-width="3"/>`,
  );
  doc.add(
    `<circle cx="${n(gb.x)}" cy="${n(gb.y)}" r="${n(br * 0.6)}" fill="${doc.radial(
      [
        [0, '#f0d080'],
        [0.6, '#c99a3e'],
        [1, '#6a4a1a'],
      ],
      0.35,
      0.35,
      0.7,
    )}"/>`,
  );
  return { focus: [cx - R * 0.7, cy - ry * 0.5], zoom: 2.2 };
}

// ---------------------------------------------------------------------------------------------
// Banners and category icons

/**
 * A home banner's picture: a scene that leaves its left part quiet, where the app sets the
 * banner's title as text (no writing is drawn into a banner).
 */
export interface BannerArt {
  scene: 'autumn' | 'porcelain' | 'landscape';
}

export function bannerSvg(banner: BannerArt, seed: number): string {
  const r = new Rand(seed);
  const doc = new Doc(BANNER_WIDTH, BANNER_HEIGHT);
  const W = BANNER_WIDTH;
  const H = BANNER_HEIGHT;
  if (banner.scene === 'landscape') {
    paper(doc, r, 0, 0, W, H, '#e9dfc8');
    doc.add(`<g opacity="0.55">`);
    inkLandscape(doc, r, W * 0.38, -H * 0.05, W * 0.66, H * 1.1, 1);
    doc.add('</g>');
    // the paper covers the landscape's cut-off left edge and fades out over it
    doc.add(
      `<rect width="${W}" height="${H}" fill="${doc.linear(
        [
          [0, '#e9dfc8', 0.95],
          [0.36, '#e9dfc8', 0.95],
          [0.4, '#e9dfc8', 1],
          [0.5, '#e9dfc8', 0.55],
          [0.72, '#e9dfc8', 0],
        ],
        0,
        0,
        1,
        0,
      )}"/>`,
    );
  } else if (banner.scene === 'autumn') {
    doc.add(
      `<rect width="${W}" height="${H}" fill="${doc.linear(
        [
          [0, '#3a2a1e'],
          [1, '#1a120c'],
        ],
        0,
        0,
        1,
        1,
      )}"/>`,
    );
    doc.add(
      `<rect width="${W}" height="${H}" fill="${doc.radial(
        [
          [0, '#a0683a', 0.55],
          [1, '#a0683a', 0],
        ],
        0.78,
        0.45,
        0.5,
      )}"/>`,
    );
    // a vase under the light on the right, maple leaves drifting
    const art = vaseArt('meiping', 'blue-white', 'lotus-scroll', r.fork(2));
    const scale = 0.62;
    doc.add(`<g transform="translate(${n(W * 0.8 - 400 * scale)} ${n(H / 2 - 400 * scale + 10)}) scale(${scale})">`);
    const sub2 = new Doc(800, 800, 'v');
    drawVessel(sub2, r.fork(3), art, 400, 0);
    const inner = sub2
      .svg()
      .replace(/^<svg[^>]*>/, '')
      .replace(/<\/svg>$/, '');
    doc.add(inner);
    doc.add('</g>');
    let leaves = '';
    for (let i = 0; i < 9; i++) {
      const lx = r.range(W * 0.45, W * 0.98);
      const ly = r.range(H * 0.05, H * 0.95);
      const s = r.range(14, 26);
      for (let k = 0; k < 5; k++)
        leaves += pathD(
          transform(petalPts(s, s * 0.5, 0.4), lx, ly, r.range(0, TAU) * 0 + (k - 2) * 0.6 + r.range(-0.1, 0.1)),
          true,
        );
    }
    doc.add(pathEl(leaves, `fill="#b8452a" fill-opacity="0.75" stroke-opacity="0.75"`));
  } else {
    doc.add(
      `<rect width="${W}" height="${H}" fill="${doc.linear(
        [
          [0, '#efe6d6'],
          [1, '#d3c3a3'],
        ],
        0,
        0,
        0,
        1,
      )}"/>`,
    );
    doc.add(
      `<rect width="${W}" height="${H}" fill="${doc.radial(
        [
          [0, '#ffffff', 0.7],
          [1, '#ffffff', 0],
        ],
        0.72,
        0.4,
        0.45,
      )}"/>`,
    );
    const pieces: [VesselArt, number, number][] = [
      [vaseArt('yuhuchun', 'famille-rose', 'flowers', r.fork(4)), 0.56, 0.55],
      [vaseArt('tianqiu', 'blue-white', 'lotus-scroll', r.fork(5)), 0.74, 0.68],
      [vaseArt('meiping', 'red', 'none', r.fork(6)), 0.9, 0.5],
    ];
    for (const [art, fx, sc] of pieces) {
      const sub2 = new Doc(800, 800, `v${Math.round(fx * 100)}`);
      drawVessel(sub2, r.fork(Math.round(fx * 100)), art, 400, 0);
      const inner = sub2
        .svg()
        .replace(/^<svg[^>]*>/, '')
        .replace(/<\/svg>$/, '');
      doc.add(`<g transform="translate(${n(W * fx - 400 * sc)} ${n(H * 0.53 - 400 * sc)}) scale(${sc})">${inner}</g>`);
    }
  }
  return doc.svg();
}

export async function bannerWebp(banner: BannerArt, seed: number): Promise<Buffer> {
  return svgToWebp(bannerSvg(banner, seed));
}

/** A small picture of the piece alone (no backdrop), for a category. */
export function iconSvg(spec: ArtSpec, seed: number): string {
  const r = new Rand(seed);
  const doc = new Doc(ART_SIZE, ART_SIZE);
  // the same stream of chances as the product picture, without its backdrop
  toneFor(spec, r);
  doc.add(`<circle cx="400" cy="400" r="390" fill="#f3ece0"/>`);
  drawProduct(doc, r, spec, 'whole');
  return doc
    .svg()
    .replace(`width="${ART_SIZE}" height="${ART_SIZE}"`, `width="${ICON_SIZE * 2}" height="${ICON_SIZE * 2}"`);
}

export async function iconWebp(spec: ArtSpec, seed: number): Promise<Buffer> {
  return sharp(Buffer.from(iconSvg(spec, seed)))
    .resize(ICON_SIZE, ICON_SIZE)
    .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
    .toBuffer();
}
