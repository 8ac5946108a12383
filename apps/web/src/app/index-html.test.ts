import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const html = readFileSync(resolve(dirname(fileURLToPath(import.meta.url)), '../../index.html'), 'utf8');
const viewport = /<meta\s+name="viewport"\s+content="([^"]*)"/.exec(html)?.[1] ?? '';

describe('index.html', () => {
  it('lets a member pinch to zoom', () => {
    expect(viewport).toContain('width=device-width');
    expect(viewport).not.toMatch(/user-scalable\s*=\s*(no|0)/);
    expect(viewport).not.toMatch(/maximum-scale\s*=\s*1(\.0*)?\b/);
  });

  it('paints the navigation bar with the brand before any script has run', () => {
    expect(html).toMatch(/<div id="root"><div class="boot-bar">拾古拍卖<\/div><\/div>/);
  });
});
