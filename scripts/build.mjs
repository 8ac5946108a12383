// Builds what changed: the server with tsc's incremental build, the demo's pictures and
// each front end only when their inputs' hash differs from the one stamped in their dist.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const force = process.argv.includes('--force');
const bin = (name) => path.join(root, 'node_modules/.bin', name);

function hashInputs(paths) {
  const h = crypto.createHash('sha256');
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      for (const e of fs.readdirSync(p).sort()) if (e !== 'node_modules' && e !== 'dist') walk(path.join(p, e));
    } else {
      h.update(path.relative(root, p));
      h.update(fs.readFileSync(p));
    }
  };
  for (const p of paths) walk(path.join(root, p));
  return h.digest('hex');
}

function run(cmd, args, cwd = root) {
  execFileSync(cmd, args, { cwd, stdio: 'inherit' });
}

// Text files of a front end, written beside them as .br (brotli 11) and .gz (gzip 9) for the
// server to send as they are (@fastify/static preCompressed); skipped when already written
// and when compression would not make the file smaller.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
function precompress(dir) {
  let written = 0;
  let before = 0;
  let after = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const file = path.join(d, e.name);
      if (e.isDirectory()) walk(file);
      else if (COMPRESSIBLE.test(e.name)) compressFile(file);
    }
  };
  const compressFile = (file) => {
    const body = fs.readFileSync(file);
    const mtime = fs.statSync(file).mtimeMs;
    for (const [ext, squeeze] of [
      ['.br', (b) => zlib.brotliCompressSync(b, { params: { [zlib.constants.BROTLI_PARAM_SIZE_HINT]: b.length } })],
      ['.gz', (b) => zlib.gzipSync(b, { level: 9 })],
    ]) {
      const out = file + ext;
      if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= mtime) continue;
      const packed = squeeze(body);
      if (packed.length >= body.length) continue;
      fs.writeFileSync(out, packed);
      written += 1;
      if (ext === '.br') {
        before += body.length;
        after += packed.length;
      }
    }
  };
  if (fs.existsSync(dir)) walk(dir);
  return { written, before, after };
}

const t0 = Date.now();
run(bin('tsc'), ['-b', 'packages/shared', 'packages/demo', 'apps/server']);

// The demo's pictures, drawn here once (about 12 s) so that a first start only copies them;
// the package keeps the hash of its drawing code in the manifest. Skipped for DEMO_DATA=0.
if (process.env.DEMO_DATA !== '0') {
  const demo = path.join(root, 'packages/demo/dist/pictures.js');
  const { ensurePictures } = await import(pathToFileURL(demo).href);
  const pictures = await ensurePictures({ force });
  const count = Object.keys(pictures.manifest.pictures).length;
  console.log(
    pictures.rendered
      ? `demo pictures: drew ${count} in ${(pictures.ms / 1000).toFixed(1)} s`
      : `demo pictures: up to date (${count})`,
  );
}

for (const app of ['web', 'admin']) {
  const dir = `apps/${app}`;
  const stamp = path.join(root, dir, 'dist/.build-hash');
  const hash = hashInputs([
    `${dir}/src`,
    `${dir}/public`,
    `${dir}/index.html`,
    `${dir}/vite.config.ts`,
    `${dir}/package.json`,
    'packages/shared/src',
    'package-lock.json',
  ]);
  const dist = path.join(root, dir, 'dist');
  if (!force && fs.existsSync(stamp) && fs.readFileSync(stamp, 'utf8') === hash) {
    // A dist built before precompression gets its copies now; otherwise nothing to do.
    const { written } = precompress(dist);
    console.log(`${app}: up to date${written ? ` (${written} compressed copies written)` : ''}`);
    continue;
  }
  console.log(`${app}: building`);
  const vite = [
    path.join(root, dir, 'node_modules/vite/bin/vite.js'),
    path.join(root, 'node_modules/vite/bin/vite.js'),
  ].find((p) => fs.existsSync(p));
  run(process.execPath, [vite, 'build', '--logLevel', 'warn'], path.join(root, dir));
  const packed = precompress(dist);
  console.log(`${app}: brotli ${(packed.before / 1024).toFixed(0)} KiB → ${(packed.after / 1024).toFixed(0)} KiB`);
  fs.writeFileSync(stamp, hash);
}
console.log(`build done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
