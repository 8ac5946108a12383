// The member app's install icons (apps/web/public/icons/*.png), drawn from its favicon.svg:
// 192 and 512 px as they are ("any"), 192 and 512 px maskable (the mark inside the central
// safe zone on a full-bleed ground, for launchers that crop to a circle or squircle), and the
// 180 px apple-touch-icon (full-bleed: iOS rounds the corners itself). The PNGs are committed;
// run again after changing the favicon:  node scripts/make-web-icons.mjs
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = path.join(root, 'apps/web/public');
const outDir = path.join(publicDir, 'icons');
const favicon = fs.readFileSync(path.join(publicDir, 'favicon.svg'), 'utf8');

// The favicon's ground (its first rect) and the rest of its drawing.
const ground = /<rect width="64" height="64"[^>]*fill="(#[0-9a-f]{3,8})"\/>/i.exec(favicon);
if (!ground) throw new Error('favicon.svg: expected a 64×64 ground rect first');
const inner = favicon.slice(favicon.indexOf(ground[0]) + ground[0].length, favicon.lastIndexOf('</svg>'));

/** The mark scaled around the centre on a square ground with no rounded corners. */
const fullBleed = (scale) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${ground[1]}"/>` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${inner}</g></svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  // Maskable: the safe zone is the central circle of 80 % of the width.
  { file: 'icon-maskable-192.png', size: 192, svg: fullBleed(0.74) },
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(0.74) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(0.9) },
];

fs.mkdirSync(outDir, { recursive: true });
for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(outDir, file));
  console.log(`apps/web/public/icons/${file} (${size}×${size})`);
}
