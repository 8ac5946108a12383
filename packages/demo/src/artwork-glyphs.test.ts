import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { glyphFont, glyphOutlines } from './artwork-glyphs.data.js';
import { glyphMapped, glyphPath, hasGlyph } from './artwork-glyphs.js';
import { pictureCharacters } from './pictures.js';

/** The extent of the points of some path data: [minX, minY, maxX, maxY]. */
function extent(d: string): [number, number, number, number] {
  const nums = (d.match(/-?\d+(?:\.\d+)?/g) ?? []).map(Number);
  const xs = nums.filter((_, i) => i % 2 === 0);
  const ys = nums.filter((_, i) => i % 2 === 1);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

describe('the outline table', () => {
  it('holds every character the pictures write, and nothing else', () => {
    const written = pictureCharacters();
    expect(written.length).toBeGreaterThan(40);
    expect(written.filter((ch) => !hasGlyph(ch))).toEqual([]);
    // a character no picture writes any more goes at the next run of the generator
    expect(Object.keys(glyphOutlines).sort()).toEqual([...written].sort());
  });

  it('comes from a font whose licence allows embedding its outlines, shipped with the package', () => {
    expect(glyphFont).toMatchObject({ family: 'LXGW WenKai', licence: 'OFL-1.1' });
    const licence = fs.readFileSync(new URL('../OFL-LXGW-WenKai.txt', import.meta.url), 'utf8');
    expect(licence).toContain('SIL OPEN FONT LICENSE Version 1.1');
    expect(licence).toContain('Copyright 2021-2023 LXGW');
    const source = fs.readFileSync(new URL('./artwork-glyphs.data.ts', import.meta.url), 'utf8');
    expect(source).toContain('SIL Open Font License, Version 1.1');
  });
});

describe('glyphPath', () => {
  it('sets a character in its em box around the given centre', () => {
    const [x0, y0, x1, y1] = extent(glyphPath([{ ch: '國', x: 400, y: 300, size: 100 }]));
    for (const v of [x0, x1]) expect(Math.abs(v - 400)).toBeLessThanOrEqual(50);
    for (const v of [y0, y1]) expect(Math.abs(v - 300)).toBeLessThanOrEqual(50);
    // a full character fills most of its box
    expect(x1 - x0).toBeGreaterThan(70);
    expect(y1 - y0).toBeGreaterThan(70);
  });

  it('stretches and turns about the centre', () => {
    const one = (ch: string) => extent(glyphPath([{ ch, x: 0, y: 0, size: 100 }]));
    const tall = extent(glyphPath([{ ch: '中', x: 0, y: 0, size: 100, scaleY: 2 }]));
    const flat = one('中');
    expect(tall[3] - tall[1]).toBeCloseTo((flat[3] - flat[1]) * 2, 0);
    // turned a quarter, it is as tall as it was wide
    const turned = extent(glyphPath([{ ch: '中', x: 0, y: 0, size: 100, rotate: 90 }]));
    expect(turned[3] - turned[1]).toBeCloseTo(flat[2] - flat[0], 0);
    expect(turned[2] - turned[0]).toBeCloseTo(flat[3] - flat[1], 0);
  });

  it('draws several characters as one outline and leaves spaces empty', () => {
    const two = glyphPath([
      { ch: '大', x: 0, y: 0, size: 50 },
      { ch: ' ', x: 50, y: 0, size: 50 },
      { ch: '清', x: 100, y: 0, size: 50 },
    ]);
    expect(two).toBe(
      glyphPath([{ ch: '大', x: 0, y: 0, size: 50 }]) + glyphPath([{ ch: '清', x: 100, y: 0, size: 50 }]),
    );
    expect(glyphPath([{ ch: '', x: 0, y: 0, size: 50 }])).toBe('');
    expect(two).toMatch(/^M[-\d. MLQZ]+Z$/);
  });

  it('maps a character onto a face seen at an angle', () => {
    const d = glyphMapped('十', (x, y) => [100 + x * 40 + y * 20, 100 + y * 40]);
    const [x0, y0, x1, y1] = extent(d);
    expect(x0).toBeGreaterThanOrEqual(100 - 20 - 10);
    expect(x1).toBeLessThanOrEqual(100 + 20 + 10);
    expect(y1 - y0).toBeLessThanOrEqual(40);
  });

  it('refuses a character missing from the table instead of drawing a box', () => {
    expect(hasGlyph('鑫')).toBe(false);
    expect(() => glyphPath([{ ch: '鑫', x: 0, y: 0, size: 10 }])).toThrow(/no outline for 「鑫」.*glyph-outlines/);
  });
});
