import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { FIRST_TEXT_PAGES } from './first-text-pages';
import zhHansFirst from './zh-hans.locale';
import zhHansMore from './zh-hans.more';

// Each locale's first part must hold every text the pages in FIRST_TEXT_PAGES can show, with the
// app's shell and whatever they load later (a sheet, a keypad), since they do not wait for the
// second part; and nothing else, or it grows back into the whole. This reads the code as text:
// from main.tsx and those pages, every module they import (statically or not; another page's
// code excepted), and in them every string that starts with a namespace's name and a dot.

const src = join(dirname(fileURLToPath(import.meta.url)), '../..');
const namespaces = new Set([...Object.keys(zhHansFirst), ...Object.keys(zhHansMore)]);
const IMPORT =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;
const KEY = /['"`]([a-zA-Z]+)\.(?:[\w-]+|\$\{)/g;
const pageFile = (path: string) => join(src, `${path.slice(1)}.page.tsx`);

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (file) => existsSync(file) && statSync(file).isFile(),
  );
}

function reachable(starts: string[]): Set<string> {
  const firstPages = new Set(starts);
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const found = resolveImport(file, (match[1] ?? match[2] ?? match[3])!);
      if (!found || found.includes(`${join('lib', 'locales')}`)) continue;
      // Another page's code, which the routes load on the way to it.
      if (match[2] && found.endsWith('.page.tsx') && !firstPages.has(found)) continue;
      stack.push(found);
    }
  }
  return seen;
}

const files = reachable([join(src, 'main.tsx'), ...FIRST_TEXT_PAGES.map(pageFile)]);
const used = new Map<string, string>();
for (const file of files) {
  for (const [, name] of readFileSync(file, 'utf8').matchAll(KEY)) {
    if (namespaces.has(name!) && !used.has(name!)) used.set(name!, relative(src, file));
  }
}

describe('the first part of the texts', () => {
  it('reads the first pages and what they load (the scan itself works)', () => {
    expect(files.has(join(src, 'app/app-layout.tsx'))).toBe(true);
    expect(files.has(pageFile('/pages/auction/auction'))).toBe(true);
    expect(files.has(pageFile('/pages/order/order'))).toBe(false);
    expect(used.get('routes')).toBeDefined();
    for (const page of FIRST_TEXT_PAGES) expect(existsSync(pageFile(page)), page).toBe(true);
  });

  it('holds every namespace the first pages use', () => {
    const missing = [...used].filter(([name]) => !(name in zhHansFirst)).map(([name, where]) => `${name} (${where})`);
    expect(missing).toEqual([]);
  });

  it('holds no namespace only other pages use', () => {
    expect(Object.keys(zhHansFirst).filter((name) => !used.has(name))).toEqual([]);
  });
});
