import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { picturePlan } from './pictures.js';

const run = promisify(execFile);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'demo-no-fonts-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/**
 * Renders every SVG of a folder to pixels with sharp in a process of its own (fontconfig
 * reads its configuration once per process) and prints a digest of each.
 */
const RENDER = `
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const sharp = require(process.argv[1]);
const dir = process.argv[2];
(async () => {
  const digests = {};
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.svg')).sort()) {
    const pixels = await sharp(path.join(dir, name)).raw().toBuffer();
    digests[name] = crypto.createHash('sha256').update(pixels).digest('hex');
  }
  process.stdout.write(JSON.stringify(digests));
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
`;

async function renderDigests(svgDir: string, env: NodeJS.ProcessEnv): Promise<Record<string, string>> {
  const sharpPath = createRequire(import.meta.url).resolve('sharp');
  const { stdout } = await run(process.execPath, ['-e', RENDER, sharpPath, svgDir], {
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  return JSON.parse(stdout) as Record<string, string>;
}

describe('the pictures on a machine without fonts', () => {
  const plan = picturePlan();

  it('write with outlines only: no picture has a text element or names a font', () => {
    for (const picture of plan) {
      const svg = picture.svg();
      expect(svg.startsWith('<svg'), picture.key).toBe(true);
      expect(svg, picture.key).not.toMatch(/<(text|tspan|textPath)\b|font-(family|size)/);
      fs.writeFileSync(path.join(dir, `${picture.key}.svg`), svg);
    }
  });

  it('come out the same, pixel for pixel, with no font installed at all', async () => {
    // fontconfig with no font folder: what a fresh machine without fonts offers
    const empty = path.join(dir, 'empty-fonts.conf');
    fs.writeFileSync(
      empty,
      `<?xml version="1.0"?><!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd"><fontconfig><cachedir>${dir}/fc-cache</cachedir></fontconfig>`,
    );
    // a picture with real text, to show that the empty configuration does take the fonts away
    fs.writeFileSync(
      path.join(dir, 'probe-text.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="80"><rect width="240" height="80" fill="#ffffff"/><text x="10" y="55" font-size="44">A 中</text></svg>',
    );
    const [withFonts, withoutFonts] = await Promise.all([
      renderDigests(dir, process.env),
      renderDigests(dir, { ...process.env, FONTCONFIG_FILE: empty, FONTCONFIG_PATH: dir }),
    ]);
    expect(withoutFonts['probe-text.svg']).not.toBe(withFonts['probe-text.svg']);
    const pictures = plan.map((p) => `${p.key}.svg`);
    expect(Object.keys(withoutFonts).sort()).toEqual([...pictures, 'probe-text.svg'].sort());
    const differ = pictures.filter((name) => withoutFonts[name] !== withFonts[name]);
    expect(differ).toEqual([]);
  }, 240_000);
});
