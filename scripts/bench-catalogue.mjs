// Search on a 100,000-product catalogue: bulk-loads synthetic antiques into an embedded
// PostgreSQL, then times /product/list keyword searches and sorts in-process
// (app.inject, no network) and prints the plan PostgreSQL chose for a keyword search.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import pg from 'pg';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import {
  connect,
  ensureDatabase,
  lockDataDir,
  runMigrations,
  startEmbeddedPostgres,
} from '../apps/server/dist/db/client.js';
import { searchGramsOf } from '../apps/server/dist/modules/catalogue/search-grams.js';
import { itemTerms } from '../apps/server/dist/modules/search/search-terms.js';

const N = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-bench-catalogue-'));
const log = pino({ level: 'warn' });
const unlock = await lockDataDir(dir);
const server = await startEmbeddedPostgres(dir, log);
await ensureDatabase(server.url('postgres'), 'bench');
const url = server.url('bench');
await runMigrations(url);

const eras = [
  '商',
  '西周',
  '战国',
  '汉',
  '唐',
  '宋',
  '元',
  '明永乐',
  '明宣德',
  '明成化',
  '清康熙',
  '清雍正',
  '清乾隆',
  '清嘉庆',
  '民国',
];
const motifs = [
  '青花缠枝莲纹',
  '粉彩花鸟纹',
  '斗彩鸡缸',
  '龙凤纹',
  '山水人物',
  '松鹤延年',
  '婴戏图',
  '海水龙纹',
  '折枝花卉',
  '素面',
];
const forms = [
  '赏瓶',
  '梅瓶',
  '玉壶春瓶',
  '碗',
  '盘',
  '笔筒',
  '香炉',
  '玉佩',
  '如意',
  '铜镜',
  '方鼎',
  '砚台',
  '圈椅',
  '画轴',
  '鼻烟壶',
];
const departments = ['瓷器', '玉器', '杂项'];
const materials = ['瓷', '玉', '青铜', '黄花梨', '紫檀', '竹', '纸本', '绢本', '端石', '白银'];
const pick = (arr, i) => arr[i % arr.length];

const client = new pg.Client({ connectionString: url });
await client.connect();
const now = new Date();
await client.query(`INSERT INTO categories (name, created_at) VALUES ($2, $1), ($3, $1), ($4, $1)`, [
  now,
  ...departments,
]);
const t0 = performance.now();
const BATCH = 1000;
for (let start = 0; start < N; start += BATCH) {
  const values = [];
  const params = [];
  for (let i = start; i < Math.min(N, start + BATCH); i++) {
    const era = pick(eras, i * 7);
    const material = pick(materials, i * 3);
    const title = `${era} ${pick(motifs, i * 11)}${pick(forms, i * 13)} ${i}`;
    const p = params.length;
    values.push(
      `($${p + 1}, $${p + 2}, '/files/product/202611/AAAAAAAAAAAAAAAAAAAAAA', '[]', $${p + 3}, $${p + 3}, $${p + 4}, $${p + 5}, $${p + 6}, $${p + 7}, true, $${p + 8}, $${p + 9}, $${p + 10}, $${p + 10})`,
    );
    params.push(
      (i % 3) + 1,
      title,
      10_000 + ((i * 7919) % 5_000_000),
      i % 6,
      (i * 31) % 500,
      era,
      material,
      searchGramsOf(title, era, material),
      // The terms the mall's search reads (issue 18), as the house computes them for a product.
      itemTerms({ title, era, material, department: departments[i % 3] }),
      now,
    );
  }
  await client.query(
    `INSERT INTO products (category_id, title, cover, images, price, market_price, stock, sales, era, material, on_sale, search_grams, search_terms, created_at, updated_at) VALUES ${values.join(',')}`,
    params,
  );
}
await client.query('ANALYZE products');
console.log(`loaded ${N.toLocaleString()} products in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const plan = await client.query(
  `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT id FROM products WHERE on_sale AND search_terms @> ARRAY['缠枝莲']::text[] ORDER BY id DESC LIMIT 10`,
);
console.log('plan for a keyword search:');
for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
await client.end();

const { db, pool } = connect(url, 10);
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, RATE_LIMITS: 'off' });
const { app } = await buildApp({ db, config, logger: false });
await app.ready();

async function time(name, url, n = 60) {
  const times = [];
  let total = 0;
  for (let i = 0; i < n; i++) {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url });
    times.push(performance.now() - s);
    total = res.json().data.total;
  }
  times.sort((a, b) => a - b);
  const p = (q) => times[Math.floor(q * (times.length - 1))].toFixed(1);
  console.log(
    `${name.padEnd(40)} p50 ${p(0.5).padStart(6)} ms  p95 ${p(0.95).padStart(6)} ms  (${total.toLocaleString()} matches)`,
  );
}

const q = (s) => `/v1/iyd/product/list?${s}`;
await time('newest, page 1', q('pageSize=10'));
await time('sort by price, page 50', q('sort=price_asc&page=50&pageSize=10'));
await time('sort by sales', q('sort=sales&pageSize=10'));
await time('keyword 缠枝莲 (1 in 10)', q(`keyword=${encodeURIComponent('缠枝莲')}`));
await time('keyword 乾隆 赏瓶 (no such pair)', q(`keyword=${encodeURIComponent('乾隆 赏瓶')}`));
await time('keyword 黄花梨圈椅 (none: pairs apart)', q(`keyword=${encodeURIComponent('黄花梨圈椅')}`));
await time('keyword 12345 (one product)', q('keyword=12345'));
await time('category 1 + keyword 玉', q(`categoryId=1&keyword=${encodeURIComponent('玉')}`));

await app.close();
await pool.end();
await server.stop();
unlock();
fs.rmSync(dir, { recursive: true, force: true });
