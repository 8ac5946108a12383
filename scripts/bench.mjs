// `npm run bench`: figures, not assertions. Starts the built server with the demo on a fresh
// embedded database in a throwaway DATA_DIR, adds synthetic pieces, orders and bills, and
// drives it with autocannon from this process over loopback. Each read scenario alternates
// with the bare Fastify + pg yardstick (scripts/bench-bare.mjs, its own process, same
// database) and prints requests/s, p50 and p99 (medians of the rounds) and the ratio. Then
// start-up, a few writes, memory, the member app's initial JavaScript and, when
// scripts/lighthouse.mjs exists, its figures. Bounded in time; talks only to 127.0.0.1.
//   BENCH_SECONDS (5) per run, BENCH_ROUNDS (3), BENCH_CONNECTIONS (20), BENCH_PRODUCTS (5000),
//   BENCH_ONLY=list,info (scenario names, to iterate on a few), BENCH_NODE_ARGS for the server
//   (--cpu-prof), BENCH_SERVER=path/to/main.js (another build, for before and after), BENCH_PORT
//   (8097: the server's; the bare route takes the next one)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import util from 'node:util';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { searchGramsOf } from '../apps/server/dist/modules/catalogue/search-grams.js';
import { departmentText } from '../apps/server/dist/modules/catalogue/product-search.service.js';
import { storedTerms } from '../apps/server/dist/modules/search/search-terms.js';
import { cpuOf, initialJs, median, printRow, rssOf, waitUp } from './bench-helpers.mjs';
import { ADMIN_PASSWORD, createBenchServer } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 20);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const ONLY = process.env.BENCH_ONLY?.split(',');
// Another build of the server to measure (an older checkout's apps/server/dist/main.js).
const SERVER = process.env.BENCH_SERVER ?? 'apps/server/dist/main.js';
const PORT = Number(process.env.BENCH_PORT ?? 8097);
const BARE_PORT = PORT + 1;
const bareBase = `http://127.0.0.1:${BARE_PORT}`;
const bench = createBenchServer({
  root,
  port: PORT,
  server: SERVER,
  nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
});
const { base, spawnChild, stop, call, databaseUrl } = bench;
const startServer = bench.start;

/** Synthetic pieces beside the demo's, with the demo's pictures and descriptions, so pages go deep. */
async function addProducts(client, n) {
  const { rows: demo } = await client.query(
    'SELECT category_id, cover, images, description, era, material, dimensions, provenance, tags FROM products ORDER BY id',
  );
  // Each category's department in words, as the server indexes a product's terms with it.
  const { rows: categories } = await client.query(
    'SELECT c.id, c.name, p.name AS parent FROM categories c LEFT JOIN categories p ON p.id = c.parent_id',
  );
  const department = new Map(categories.map((c) => [c.id, departmentText(c)]));
  const motifs = ['青花缠枝莲纹', '粉彩花鸟纹', '龙凤纹', '山水人物', '松鹤延年', '婴戏图', '折枝花卉', '素面'];
  const forms = ['赏瓶', '梅瓶', '碗', '盘', '笔筒', '香炉', '玉佩', '如意', '铜镜', '砚台'];
  const now = Date.now();
  for (let start = 0; start < n; start += 500) {
    const values = [];
    const params = [];
    for (let i = start; i < Math.min(n, start + 500); i++) {
      const d = demo[i % demo.length];
      const title = `${d.era} ${motifs[(i * 7) % motifs.length]}${forms[(i * 3) % forms.length]} ${i}`;
      const price = 10_000 + ((i * 7919) % 5_000_000);
      const listed = new Date(now - (n - i) * 60_000);
      const row = [d.category_id, title, d.cover, JSON.stringify(d.images), price, price * 2, d.era, d.material];
      row.push(d.dimensions, d.provenance, JSON.stringify(d.tags), d.description);
      const terms = storedTerms({ title, era: d.era, material: d.material, department: department.get(d.category_id) });
      row.push(searchGramsOf(title, d.era, d.material), terms, listed, listed, (i * 31) % 500);
      const p = params.length;
      values.push(`(${row.map((_, k) => `$${p + k + 1}`).join(', ')}, 5, true)`);
      params.push(...row);
    }
    await client.query(
      `INSERT INTO products (category_id, title, cover, images, price, market_price, era, material, dimensions,
         provenance, tags, description, search_grams, search_terms, created_at, updated_at, sales, stock, on_sale)
       VALUES ${values.join(',')}`,
      params,
    );
  }
  // As a catalogue that has been up a while: statistics and the visibility map (index-only counts) in place.
  await client.query('VACUUM ANALYZE');
}

async function measure(url, headers, pid) {
  const cpu0 = cpuOf(pid);
  const r = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
  return {
    rps: r.requests.average,
    // The answering process's own CPU time per request (µs): what contention with other work moves least.
    cpu: ((cpuOf(pid) - cpu0) * 1000) / Math.max(1, r.requests.total),
    p50: r.latency.p50,
    p99: r.latency.p99,
    bad: r.non2xx + r.errors + r.timeouts,
    bytes: r.throughput.average / Math.max(1, r.requests.average),
  };
}

const summary = (runs) => ({
  rps: median(runs.map((r) => r.rps)),
  cpu: median(runs.map((r) => r.cpu)),
  p50: median(runs.map((r) => r.p50)),
  p99: median(runs.map((r) => r.p99)),
  bad: runs.reduce((s, r) => s + r.bad, 0),
  bytes: median(runs.map((r) => r.bytes)),
});

async function compare(s) {
  const headers = s.token ? { authorization: `Bearer ${s.token}` } : {};
  const [mine, bare] = await Promise.all(
    [base, bareBase].map(async (b) => (await (await fetch(b + s.path, { headers })).json()).data),
  );
  if (!util.isDeepStrictEqual(mine, bare)) {
    throw new Error(`${s.name}: the bare route answers other data than the server\n${JSON.stringify({ mine, bare })}`);
  }
  // A short warm-up of each, not counted.
  await autocannon({ url: base + s.path, connections: CONNECTIONS, duration: 1, headers });
  await autocannon({ url: bareBase + s.path, connections: CONNECTIONS, duration: 1, headers });
  const a = [];
  const b = [];
  for (let i = 0; i < ROUNDS; i++) {
    a.push(await measure(base + s.path, headers, s.pids.server));
    b.push(await measure(bareBase + s.path, headers, s.pids.bare));
  }
  const server = summary(a);
  const yard = summary(b);
  // Each run against the bare run beside it, so that the machine's drift cancels out.
  const ratio = median(a.map((r, i) => r.rps / b[i].rps));
  printRow(s.name, server, yard, ratio);
  return { name: s.name, server, bare: yard, ratio };
}

async function load(name, total, concurrency, fn) {
  const times = [];
  let next = 0;
  let errors = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        const s = performance.now();
        const r = await fn(i).catch(() => ({ code: -1 }));
        if (r.code !== 200) errors++;
        times.push(performance.now() - s);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  console.log(
    `${name.padEnd(30)} ${String(total).padStart(5)} req  c=${String(concurrency).padStart(2)}  ${(total / secs).toFixed(0).padStart(5)} req/s  p50 ${pct(50)} ms  p99 ${pct(99)} ms  errors ${errors}`,
  );
}

async function main() {
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${new Date().toISOString()}`,
  );
  let t0 = performance.now();
  let server = startServer();
  await waitUp(base);
  console.log(`first start (initdb, migrations, demo): ${(performance.now() - t0).toFixed(0)} ms`);
  await stop(server);
  t0 = performance.now();
  server = startServer();
  await waitUp(base);
  console.log(`second start (existing data):           ${(performance.now() - t0).toFixed(0)} ms`);
  console.log(`server RSS idle:                        ${rssOf(server.pid).toFixed(0)} MiB`);

  const url = databaseUrl();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  t0 = performance.now();
  await addProducts(client, PRODUCTS);
  const { rows: counted } = await client.query('SELECT count(*)::int AS n FROM products WHERE on_sale');
  console.log(
    `catalogue: ${counted[0].n} pieces on sale (${PRODUCTS} synthetic, ${(performance.now() - t0).toFixed(0)} ms)`,
  );
  await client.end();

  const admin = (await call('POST', '/v1/admin/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token;
  const login = await call('POST', '/v1/iyd/member/login', { phone: '13800000001', password: 'demo1234' });
  const token = login.data.token;
  const me = (await call('GET', '/v1/iyd/member/info', undefined, token)).data;
  const list = (await call('GET', '/v1/iyd/product/list?pageSize=30')).data.list;
  for (let i = 0; i < 12; i++) {
    await call('POST', '/v1/iyd/order/create', { items: [{ productId: list[i].id, quantity: 1 }] }, token);
  }
  for (let i = 0; i < 30; i++) {
    await call('POST', `/v1/admin/members/${me.id}/deposit`, { amount: 10_000 + i, remark: '银行转账' }, admin);
  }
  const categories = (await call('GET', '/v1/iyd/category/list')).data;
  const parent = categories.find((c) => c.parentId === null && categories.some((k) => k.parentId === c.id));

  // The yardstick sends the server's own security headers, so both answers weigh the same.
  const probe = await fetch(`${base}/healthz`);
  const own = ['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'content-encoding', 'vary'];
  own.push('x-request-id', 'x-server-time');
  const headers = Object.fromEntries([...probe.headers].filter(([k]) => !own.includes(k)));
  const bare = spawnChild('scripts/bench-bare.mjs', {
    PORT: String(BARE_PORT),
    DATABASE_URL: url,
    BENCH_HEADERS: JSON.stringify(headers),
  });
  await waitUp(bareBase);

  const scenarios = [
    { name: 'list', title: 'product list, page 1', path: '/v1/iyd/product/list?page=1&pageSize=10' },
    { name: 'deep', title: 'product list, page 200', path: '/v1/iyd/product/list?page=200&pageSize=10' },
    {
      name: 'keyword',
      title: 'product list, keyword',
      path: `/v1/iyd/product/list?keyword=${encodeURIComponent('青花')}&pageSize=10`,
    },
    { name: 'category', title: 'product list, category', path: `/v1/iyd/product/list?categoryId=${parent.id}` },
    { name: 'info', title: 'product detail', path: `/v1/iyd/product/info?id=${list[3].id}` },
    { name: 'member', title: 'member info', path: '/v1/iyd/member/info', token },
    { name: 'orders', title: 'order list', path: '/v1/iyd/order/list?page=1&pageSize=10', token },
    { name: 'bills', title: 'bills', path: '/v1/iyd/asset/bill?page=1&pageSize=10', token },
  ].filter((s) => !ONLY || ONLY.includes(s.name));

  console.log(
    `\nreads: ${CONNECTIONS} connections, ${SECONDS} s a run, ${ROUNDS} rounds alternating server and bare; medians, ` +
      "cpu = the process's CPU a request, ratio = server/bare requests/s run beside run",
  );
  printRow();
  for (const s of scenarios) await compare({ ...s, name: s.title, pids: { server: server.pid, bare: bare.pid } });

  // The same list page as a phone asks for it (compressed when it pays), server only.
  const gz = await measure(
    `${base}${scenarios[0]?.path ?? '/v1/iyd/product/list'}`,
    { 'accept-encoding': 'gzip, deflate, br' },
    server.pid,
  );
  console.log(
    `product list with Accept-Encoding:  ${gz.rps.toFixed(0)} req/s  p50 ${gz.p50} ms  p99 ${gz.p99} ms  ${gz.bytes.toFixed(0)} B a response`,
  );
  await stop(bare);

  if (!ONLY) {
    console.log('\nwrites and sign-in:');
    await load('GET /captcha', 500, 10, () => call('GET', '/v1/iyd/captcha'));
    await load('POST /member/login (scrypt)', 100, 4, () =>
      call('POST', '/v1/iyd/member/login', { phone: '13800000002', password: 'demo1234' }),
    );
    await load('POST admin deposit (ledger)', 1000, 20, (i) =>
      call('POST', `/v1/admin/members/${me.id}/deposit`, { amount: 100 + i, remark: 'bench' }, admin),
    );
    console.log(`server RSS after load:  ${rssOf(server.pid).toFixed(0)} MiB`);
    const rec = await call('GET', '/v1/admin/reconcile', undefined, admin);
    console.log(`reconciliation:         ok=${rec.data.ok} wallets=${rec.data.wallets}`);

    console.log('');
    for (const app of ['web', 'admin']) {
      const dir = path.join(root, 'apps', app, 'dist');
      if (!fs.existsSync(dir)) continue;
      const s = initialJs(dir);
      console.log(
        `${app} initial JS:  ${s.files} files, ${(s.raw / 1024).toFixed(0)} KiB, ${(s.gz / 1024).toFixed(1)} KiB gzip`,
      );
    }
    const lighthouse = path.join(root, 'scripts/lighthouse.mjs');
    if (fs.existsSync(lighthouse)) {
      console.log('\nLighthouse (scripts/lighthouse.mjs):');
      const lh = spawnChild(lighthouse, { BASE_URL: base });
      await new Promise((r) => lh.on('exit', r));
    }
  }
}

try {
  await main();
} finally {
  await bench.cleanup();
}
