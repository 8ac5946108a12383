import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import enFirst from './en.locale';
import enMore from './en.more';
import esFirst from './es.locale';
import esMore from './es.more';
import frFirst from './fr.locale';
import frMore from './fr.more';
import zhHansFirst from './zh-hans.locale';
import zhHansMore from './zh-hans.more';
import zhHantFirst from './zh-hant.locale';
import zhHantMore from './zh-hant.more';

// Each locale's two parts, as the app holds them once both are in.
const en = { ...enFirst, ...enMore };
const es = { ...esFirst, ...esMore };
const fr = { ...frFirst, ...frMore };
const zhHans = { ...zhHansFirst, ...zhHansMore };
const zhHant = { ...zhHantFirst, ...zhHantMore };

// The typed `t` rejects an unknown literal key at typecheck, but not one behind a cast
// (`t(code as 'reasons.X')`) or built from a string; this reads the code as text instead: every
// key written out in a call, and every prefix of a key built from one, exists in all five locales.

type Tree = { [key: string]: string | Tree };
const src = join(dirname(fileURLToPath(import.meta.url)), '../..');
const locales: Record<string, Tree> = { 'zh-Hans': zhHans, 'zh-Hant': zhHant, en, fr, es };

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' || entry.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function lookup(tree: Tree, key: string): string | Tree | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
}

// t('a.b'), i18n.t("a.b"), t(`a.b`) with no placeholder, i18nKey="a.b"
const LITERAL = /(?:\bt|\bi18n\.t)\(\s*(['"`])([\w-]+(?:\.[\w-]+)+)\1|i18nKey=\{?(['"])([\w-]+(?:\.[\w-]+)+)\3/g;
// t(`a.b.${x}`): the part before the placeholder is a group of keys
const PREFIX = /(?:\bt|\bi18n\.t)\(\s*`([\w-]+(?:\.[\w-]+)*)\.\$\{/g;

const used = sources(src).flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  const where = relative(src, file);
  return [
    ...[...text.matchAll(LITERAL)].map((m) => ({ where, key: (m[2] ?? m[4])!, kind: 'text' as const })),
    ...[...text.matchAll(PREFIX)].map((m) => ({ where, key: m[1]!, kind: 'group' as const })),
  ];
});

describe('locale keys used in the code', () => {
  it('finds the calls (the scan itself works)', () => {
    expect(used.length).toBeGreaterThan(200);
    expect(used).toContainEqual({ where: 'app/app-layout.tsx', key: 'routes', kind: 'group' });
    expect(used).toContainEqual({ where: 'app/app-layout.tsx', key: 'routes.notFound', kind: 'text' });
  });

  it.each(Object.keys(locales))('every key and key group used exists in %s', (name) => {
    const missing = used
      .filter(({ key, kind }) => {
        const node = lookup(locales[name]!, key);
        return kind === 'text' ? typeof node !== 'string' : typeof node !== 'object';
      })
      .map(({ where, key }) => `${where}: ${key}`);
    expect(missing).toEqual([]);
  });
});
