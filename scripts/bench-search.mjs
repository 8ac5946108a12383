// Search by terms (issue 18) at 100,000 products and 10,000 lots: bulk-loads synthetic
// antiques with their search terms into an embedded PostgreSQL, then times keyword and
// filtered searches of /product/list, /auction/list, /auction/results and a lot's
// comparables in-process (app.inject, no network), and prints the plan of a term search.
//   BENCH_PRODUCTS (100000), BENCH_LOTS (10000), BENCH_RUNS (60) per figure
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
import { itemTerms, queryTerms } from '../apps/server/dist/modules/search/search-terms.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const LOTS = Number(process.env.BENCH_LOTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 60);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-bench-search-'));
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
  '北宋',
  '南宋',
  '元',
  '明永乐',
  '明宣德',
  '明成化',
  '明嘉靖',
  '清康熙',
  '清雍正',
  '清乾隆',
  '清嘉庆',
  '清道光',
  '民国',
];
const wares = ['青花', '粉彩', '斗彩', '五彩', '珐琅彩', '釉里红', '豇豆红', '郎窑红', '龙泉窑', '汝窑', '', '', ''];
const motifs = ['缠枝莲纹', '鱼藻纹', '花鸟', '龙纹', '山水人物', '松鹤', '婴戏', '折枝花卉', '素面', '海水'];
const forms = [
  '碗',
  '盘',
  '梅瓶',
  '玉壶春瓶',
  '赏瓶',
  '罐',
  '笔筒',
  '香炉',
  '杯',
  '洗',
  '方章',
  '手镯',
  '鼻烟壶',
  '圈椅',
];
const materials = ['瓷', '瓷', '瓷', '白玉', '翡翠', '青铜', '黄花梨', '紫檀', '鸡血石', '田黄'];
const departments = [
  ['瓷器', null],
  ['玉器', null],
  ['杂项', null],
  ['青花', 1],
  ['粉彩', 1],
  ['文房', 3],
];
const pick = (arr, i) => arr[i % arr.length];
const titleOf = (i) => `${pick(eras, i * 7)} ${pick(wares, i * 5)}${pick(motifs, i * 11)}${pick(forms, i * 13)} ${i}`;
const categoryOf = (i) => (i % 6) + 1;
const departmentText = (c) => {
  const [name, parent] = departments[c - 1];
  return parent ? `${departments[parent - 1][0]} ${name}` : name;
};

const client = new pg.Client({ connectionString: url });
await client.connect();
const now = new Date();
for (const [name, parent] of departments) {
  await client.query(`INSERT INTO categories (name, parent_id, created_at) VALUES ($1, $2, $3)`, [name, parent, now]);
}

async function insertRows(table, columns, n, rowOf) {
  const BATCH = 500;
  for (let start = 0; start < n; start += BATCH) {
    const values = [];
    const params = [];
    for (let i = start; i < Math.min(n, start + BATCH); i++) {
      const row = rowOf(i);
      values.push(`(${row.map((_, k) => `$${params.length + k + 1}`).join(', ')})`);
      params.push(...row);
    }
    await client.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, params);
  }
}

const cover = '/files/product/202611/AAAAAAAAAAAAAAAAAAAAAA';
let t0 = performance.now();
await insertRows(
  'products',
  [
    'category_id',
    'title',
    'cover',
    'images',
    'price',
    'market_price',
    'stock',
    'sales',
    'era',
    'material',
    'on_sale',
    'search_terms',
    'created_at',
    'updated_at',
  ],
  PRODUCTS,
  (i) => {
    const title = titleOf(i);
    const era = pick(eras, i * 7);
    const material = pick(materials, i * 3);
    const c = categoryOf(i);
    const price = 10_000 + ((i * 7919) % 5_000_000);
    const terms = itemTerms({ title, era, material, department: departmentText(c) });
    return [c, title, cover, '[]', price, price, i % 6, (i * 31) % 500, era, material, true, terms, now, now];
  },
);
// As autovacuum leaves a settled table: statistics and the visibility map (counts skip the heap).
await client.query('VACUUM ANALYZE products');
console.log(
  `loaded ${PRODUCTS.toLocaleString()} products with their terms in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

// A third of the lots live, a third to come, a third sold (成交结果, comparables).
t0 = performance.now();
const hour = 3_600_000;
// The rules a lot keeps (as the house's default settings make them).
const rules = JSON.stringify({
  increments: [
    [100_000, 1_000],
    [1_000_000, 5_000],
    [null, 20_000],
  ],
  softCloseMs: 120_000,
  softCloseCapMs: 1_800_000,
  depositBps: 1_000,
  premiumBps: 1_000,
  commissionBps: 1_000,
});
await insertRows(
  'lots',
  [
    'holding_id',
    'category_id',
    'title',
    'cover',
    'images',
    'era',
    'material',
    'start_price',
    'starts_at',
    'planned_end',
    'ends_at',
    'rules',
    'status',
    'current_price',
    'bid_count',
    'hammer_price',
    'closed_at',
    'search_terms',
    'created_at',
  ],
  LOTS,
  (i) => {
    const title = titleOf(i * 17 + 3);
    const era = pick(eras, (i * 17 + 3) * 7);
    const material = pick(materials, i * 3);
    const c = categoryOf(i);
    const start = 10_000 + ((i * 104_729) % 2_000_000);
    const phase = i % 3;
    const startsAt = new Date(now.getTime() + (phase === 0 ? -hour : phase === 1 ? hour : -48 * hour - i * 60_000));
    const endsAt = new Date(startsAt.getTime() + 2 * hour + (i % 500) * 60_000);
    const price = phase === 1 ? start : start + (i % 40) * 5_000;
    const terms = itemTerms({ title, era, material, department: departmentText(c) });
    return [
      i + 1,
      c,
      title,
      cover,
      '[]',
      era,
      material,
      start,
      startsAt,
      endsAt,
      endsAt,
      rules,
      phase === 2 ? 'sold' : 'scheduled',
      price,
      phase === 1 ? 0 : (i % 40) + 1,
      phase === 2 ? price : null,
      phase === 2 ? endsAt : null,
      terms,
      now,
    ];
  },
);
await client.query('VACUUM ANALYZE lots');
console.log(
  `loaded ${LOTS.toLocaleString()} lots with their terms in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const terms = queryTerms('青花瓷碗');
const plan = await client.query(
  `EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) SELECT id FROM products WHERE on_sale AND search_terms @> $1::text[] ORDER BY (search_terms @> ARRAY['t:青花'])::int + (search_terms @> ARRAY['t:碗'])::int DESC, id DESC LIMIT 10`,
  [terms],
);
console.log(`plan for 青花瓷碗 (terms ${JSON.stringify(terms)}):`);
for (const r of plan.rows) console.log(`  ${r['QUERY PLAN']}`);
await client.end();

const { db, pool } = connect(url, 10);
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, RATE_LIMITS: 'off' });
const { app } = await buildApp({ db, config, logger: false });
await app.ready();

async function time(name, url) {
  const times = [];
  let total = 0;
  for (let i = 0; i < RUNS; i++) {
    const s = performance.now();
    const res = await app.inject({ method: 'GET', url });
    times.push(performance.now() - s);
    const data = res.json().data;
    total = data.total ?? data.comparables?.length ?? 0;
  }
  times.sort((a, b) => a - b);
  const p = (q) => times[Math.floor(q * (times.length - 1))].toFixed(1);
  console.log(
    `${name.padEnd(46)} p50 ${p(0.5).padStart(6)} ms  p95 ${p(0.95).padStart(6)} ms  (${total.toLocaleString()})`,
  );
}

const e = encodeURIComponent;
const products = (s) => `/v1/iyd/product/list?${s}`;
const lots = (s) => `/v1/iyd/auction/list?${s}`;
console.log(`\nproducts (${PRODUCTS.toLocaleString()})`);
await time('keyword 青花瓷碗', products(`keyword=${e('青花瓷碗')}`));
await time('keyword 康熙 (1 in 18)', products(`keyword=${e('康熙')}`));
await time('keyword 青花 by price, page 20', products(`keyword=${e('青花')}&sort=price_asc&page=20`));
await time('keyword 碗 + department 瓷器 (with children)', products(`keyword=${e('碗')}&categoryId=1`));
await time('era 清 + price 1,000–5,000 yuan', products(`era=${e('清')}&minPrice=100000&maxPrice=500000`));
await time('keyword 田黄方章 (none)', products(`keyword=${e('田黄方章')}`));
await time('keyword 鱼藻 (a word not in the lexicon)', products(`keyword=${e('鱼藻')}`));
console.log(`\nlots (${LOTS.toLocaleString()}: live, to come, sold)`);
await time('live, keyword 青花瓷碗', lots(`status=live&keyword=${e('青花瓷碗')}`));
await time('live, keyword 粉彩, by price', lots(`status=live&keyword=${e('粉彩')}&sort=price`));
await time('upcoming, department 1 + era 明, newest', lots(`status=upcoming&categoryId=1&era=${e('明')}&sort=newest`));
await time('live, price 500–5,000 yuan, ending', lots(`status=live&minPrice=50000&maxPrice=500000&sort=ending`));
await time('成交结果, newest', `/v1/iyd/auction/results`);
await time('成交结果, keyword 青花 + era 清', `/v1/iyd/auction/results?keyword=${e('青花')}&era=${e('清')}`);
await time('a live lot with its comparables', `/v1/iyd/auction/info?id=1`);
await time('a product with its comparables', `/v1/iyd/product/info?id=1`);

await app.close();
await pool.end();
await server.stop();
unlock();
fs.rmSync(dir, { recursive: true, force: true });
