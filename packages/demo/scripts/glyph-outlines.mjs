// Derives the outlines of the characters the demo's pictures write (reign marks, coin
// legends, inscriptions) from LXGW WenKai, a kai-style font under the SIL Open Font
// License 1.1, into src/artwork-glyphs.data.ts. Run it after adding writing to the
// catalogue or the drawing code; the pictures test names any character still missing.
//
//   node packages/demo/scripts/glyph-outlines.mjs
//
// The font and the parser are fetched with `npm pack` at pinned versions into a temporary
// folder, so neither is a dependency of the project (the font package is 55 MB).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const FONT_PACKAGE = '@fontsource/lxgw-wenkai@5.3.0';
/** Fontsource's "500" file of LXGW WenKai is the family's Regular, with every CJK glyph. */
const FONT_FILE = 'package/files/lxgw-wenkai-latin-500-normal.woff';
// 2.0.0 leaves the contours of this font's glyphs open and draws them wrong; 1.3.4 does not
const PARSER_PACKAGE = 'opentype.js@1.3.4';

const demo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = path.resolve(demo, '../..');
const out = path.join(demo, 'src/artwork-glyphs.data.ts');
const licenceCopy = path.join(demo, 'OFL-LXGW-WenKai.txt');

// the characters: what the catalogue's pieces write, from the built package
execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', demo], { stdio: 'inherit' });
const { pictureCharacters } = await import(pathToFileURL(path.join(demo, 'dist/pictures.js')).href);
const chars = pictureCharacters();

/**
 * Absolute path data in whole units, without the zero-length lines the parser leaves after
 * curves and before a close, a command letter written only when it changes.
 */
function pathData(commands) {
  let d = '';
  let op = '';
  let at = [NaN, NaN];
  let start = at;
  const num = (v) => {
    const s = String(Math.round(v) || 0);
    return /[\d]$/.test(d) && !s.startsWith('-') ? ` ${s}` : s;
  };
  const emit = (letter, ...xy) => {
    if (letter !== op || letter === 'M') d += letter;
    else if (!xy.length) return;
    for (const v of xy) d += num(v);
    op = letter;
  };
  commands.forEach((c, i) => {
    const to = [Math.round(c.x), Math.round(c.y)];
    if (c.type === 'M') {
      emit('M', ...to);
      start = to;
    } else if (c.type === 'L') {
      const closing = commands[i + 1]?.type === 'Z' && to[0] === start[0] && to[1] === start[1];
      if ((to[0] === at[0] && to[1] === at[1]) || closing) return;
      emit('L', ...to);
    } else if (c.type === 'Q') emit('Q', c.x1, c.y1, ...to);
    else if (c.type === 'C') emit('C', c.x1, c.y1, c.x2, c.y2, ...to);
    else if (c.type === 'Z') {
      d += 'Z';
      op = 'Z';
      return;
    }
    at = to;
  });
  return d;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'glyph-outlines-'));
try {
  const packed = execFileSync('npm', ['pack', FONT_PACKAGE, PARSER_PACKAGE, '--pack-destination', tmp, '--silent'], {
    encoding: 'utf8',
  })
    .trim()
    .split('\n')
    .map((name) => path.join(tmp, name.trim()));
  const [fontTgz, parserTgz] = packed;
  fs.mkdirSync(path.join(tmp, 'font'));
  fs.mkdirSync(path.join(tmp, 'parser'));
  execFileSync('tar', ['-xzf', fontTgz, '-C', path.join(tmp, 'font'), FONT_FILE, 'package/LICENSE']);
  execFileSync('tar', ['-xzf', parserTgz, '-C', path.join(tmp, 'parser'), 'package/dist/opentype.module.js']);
  // an ES module without its package.json beside it: named .mjs so that Node loads it as one
  const parser = path.join(tmp, 'parser/opentype.mjs');
  fs.renameSync(path.join(tmp, 'parser/package/dist/opentype.module.js'), parser);
  const opentype = await import(pathToFileURL(parser).href);

  const bytes = fs.readFileSync(path.join(tmp, 'font', FONT_FILE));
  const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  const names = font.names;
  const licence = names.license?.en ?? '';
  // the outlines are embedded in this project: only a font whose licence allows it will do
  if (!licence.includes('SIL Open Font License')) throw new Error(`unexpected font licence: ${licence}`);
  const family = names.fontFamily.en;
  const version = names.version.en.split(';')[0].replace('Version ', '');
  const copyright = names.copyright.en.split(/\r?\n/);

  // one em is 1000 units; the ideographic em box (typo ascender to descender) is centred on 0 0, y down
  const os2 = font.tables.os2;
  const scale = 1000 / font.unitsPerEm;
  const centre = ((os2.sTypoAscender + os2.sTypoDescender) / 2) * scale;
  const missing = [];
  const entries = [];
  for (const ch of chars) {
    const glyph = font.charToGlyph(ch);
    if (!glyph || glyph.index === 0) {
      missing.push(ch);
      continue;
    }
    const d = pathData(glyph.getPath((-glyph.advanceWidth * scale) / 2, centre, 1000).commands);
    entries.push(`  ${JSON.stringify(ch).replaceAll('"', "'")}: '${d}',`);
  }
  if (missing.length > 0) throw new Error(`${family} has no glyph for ${missing.join(' ')}`);

  const source = `// Generated by scripts/glyph-outlines.mjs: do not edit; run it again instead.
//
// Outlines of ${chars.length} characters of ${family} ${version} (${FONT_PACKAGE}).
${copyright.map((line) => `// ${line}`).join('\n')}
// Licensed under the SIL Open Font License, Version 1.1: see OFL-LXGW-WenKai.txt in this package.

export const glyphFont = { family: '${family}', version: '${version}', licence: 'OFL-1.1' } as const;

/** Path data per character: one em is 1000 units, the em box centred on 0 0, y pointing down. */
export const glyphOutlines: Readonly<Record<string, string>> = {
${entries.join('\n')}
};
`;
  fs.writeFileSync(out, source);
  fs.copyFileSync(path.join(tmp, 'font/package/LICENSE'), licenceCopy);
  execFileSync(path.join(root, 'node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', out], {
    stdio: 'inherit',
  });
  // the built package draws with the new table
  execFileSync(path.join(root, 'node_modules/.bin/tsc'), ['-b', demo], { stdio: 'inherit' });
  console.log(`${path.relative(root, out)}: ${chars.length} characters, ${fs.statSync(out).size} bytes`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
