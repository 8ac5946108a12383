// `npm run bench`, a house of realistic size: figures, not assertions. Starts the built server
// with the demo on a throwaway data folder and loads, through SQL (multi-row INSERTs, then
// VACUUM ANALYZE as autovacuum leaves a settled house), BENCH_PRODUCTS (100000) pieces with
// their search terms, BENCH_MEMBERS (10000) members, and BENCH_LOTS (1000) closed lots with
// BENCH_LOT_BIDS (100) bids each in their history: each history made by the shared rules
// (placeBid), hash-chained as the server chains it, every bidder's standing and deposit
// (settled) beside it; the lots closed unsold (reserve not met), so no orders are owed.
// Prints how long each part took, then on 127.0.0.1:
//  1. the read scenarios at that size, BENCH_CONNECTIONS (10) connections for BENCH_SECONDS
//     (5) each: requests/s, p50, p99;
//  2. the hot lot: BENCH_BIDDERS (200) funded bidders bidding at once for BENCH_BID_SECONDS
//     (10), each max above those sent before; accepted bids a second; then the invariants:
//     the price never falls and each step is the rules' (a replay of the bid log through
//     placeBid equals every stored bid and the lot), every accepted bid is in the history,
//     the chain verifies, each bidder's deposit is the rules' and what their wallet holds
//     frozen, every wallet reconciles with its ledger.
//   BENCH_NODE_ARGS for the server (--cpu-prof), BENCH_SKIP=reads,hot (parts to leave out)
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import {
  DEFAULT_AUCTION_RULES,
  bidHashInput,
  GENESIS_HASH,
  incrementAt,
  initialBidState,
  maskPhone,
  nextMinimum,
  placeBid,
} from '@antique/shared';
import { searchGramsOf } from '../apps/server/dist/modules/catalogue/search-grams.js';
import { itemTerms } from '../apps/server/dist/modules/search/search-terms.js';
import { cpuOf, rssOf, treeCpuOf, waitUp } from './bench-helpers.mjs';
import { fundedBidders, houseLot, pct, postBid, replay } from './bench-house.mjs';
import { ADMIN_PASSWORD, createBenchServer } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 10_000);
const LOTS = Number(process.env.BENCH_LOTS ?? 1_000);
const LOT_BIDS = Number(process.env.BENCH_LOT_BIDS ?? 100);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const BID_SECONDS = Number(process.env.BENCH_BID_SECONDS ?? 10);
const SKIP = process.env.BENCH_SKIP?.split(',') ?? [];
// Run as a script; imported (scripts/bench-replica.ts), only its pieces, and no server of its own.
const isScript = process.argv[1] === fileURLToPath(import.meta.url);
const bench =
  isScript &&
  createBenchServer({
    root,
    port: 8102,
    // Another build of the server to measure (a copy of apps/server/dist that others' rebuilds leave alone).
    server: process.env.BENCH_SERVER ?? 'apps/server/dist/main.js',
    nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  });
const sha = (text) => crypto.createHash('sha256').update(text).digest('hex');
const secs = (t0) => ((performance.now() - t0) / 1000).toFixed(1);

/** Rows in multi-row INSERTs of as many rows as PostgreSQL's 65,535 parameters allow. */
export async function insertRows(client, table, columns, rows, returning = '') {
  const per = Math.floor(60_000 / columns.length);
  const out = [];
  for (let start = 0; start < rows.length; start += per) {
    const values = [];
    const params = [];
    for (const row of rows.slice(start, start + per)) {
      values.push(`(${row.map((_, k) => `$${params.length + k + 1}`).join(', ')})`);
      params.push(...row);
    }
    const r = await client.query(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')} ${returning}`,
      params,
    );
    out.push(...r.rows);
  }
  return out;
}

/**
 * Runs the load with the tables' other indexes dropped and then made again from their
 * own definitions (pg_indexes), as a bulk load is done: building a GIN index once is far
 * cheaper than growing it row by row. Unique indexes stay throughout (the running server's
 * demo relies on them for ON CONFLICT).
 */
async function withoutIndexes(client, tables, load) {
  const { rows } = await client.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.schemaname = 'public' AND i.tablename = ANY($1)
        AND i.indexdef NOT LIKE 'CREATE UNIQUE%'`,
    [tables],
  );
  for (const r of rows) await client.query(`DROP INDEX "${r.indexname}"`);
  const result = await load();
  const t0 = performance.now();
  for (const r of rows) await client.query(r.indexdef);
  console.log(`  ${rows.length} indexes made again: ${secs(t0)} s`);
  return result;
}

export async function loadHouse(client) {
  const all = performance.now();
  const result = await withoutIndexes(client, ['products', 'members', 'holdings', 'lots', 'bids', 'lot_bidders'], () =>
    loadRows(client),
  );
  const t0 = performance.now();
  await client.query('VACUUM ANALYZE');
  console.log(`  VACUUM ANALYZE: ${secs(t0)} s`);
  console.log(`house loaded in ${secs(all)} s`);
  return result;
}

async function loadRows(client) {
  const now = Date.now();
  const { rows: cats } = await client.query('SELECT id, name, parent_id FROM categories');
  const nameOf = new Map(cats.map((c) => [c.id, c.name]));
  const department = (c) => (c.parent_id ? `${nameOf.get(c.parent_id)} ${c.name}` : c.name);
  const { rows: demo } = await client.query(
    'SELECT category_id, cover, images, description, era, material, dimensions, provenance, tags FROM products ORDER BY id',
  );
  const catOf = new Map(cats.map((c) => [c.id, c]));
  const motifs = [
    '青花缠枝莲纹',
    '粉彩花鸟纹',
    '龙凤纹',
    '山水人物',
    '松鹤延年',
    '婴戏图',
    '折枝花卉',
    '素面',
    '鱼藻纹',
  ];
  const forms = ['赏瓶', '梅瓶', '碗', '盘', '笔筒', '香炉', '玉佩', '如意', '铜镜', '砚台', '手镯', '圈椅'];
  const titleOf = (d, i) => `${d.era} ${motifs[(i * 7) % motifs.length]}${forms[(i * 3) % forms.length]} ${i}`;

  let t0 = performance.now();
  const products = [];
  for (let i = 0; i < PRODUCTS; i++) {
    const d = demo[i % demo.length];
    const title = titleOf(d, i);
    const price = 10_000 + ((i * 7919) % 5_000_000);
    const listed = new Date(now - (PRODUCTS - i) * 60_000);
    const terms = itemTerms({
      title,
      era: d.era,
      material: d.material,
      department: department(catOf.get(d.category_id)),
    });
    products.push([
      d.category_id,
      title,
      d.cover,
      JSON.stringify(d.images),
      price,
      price * 2,
      d.era,
      d.material,
      d.dimensions,
      d.provenance,
      JSON.stringify(d.tags),
      d.description,
      searchGramsOf(title, d.era, d.material),
      terms,
      listed,
      listed,
      (i * 31) % 500,
      1 + (i % 5),
      true,
    ]);
  }
  await insertRows(
    client,
    'products',
    [
      'category_id',
      'title',
      'cover',
      'images',
      'price',
      'market_price',
      'era',
      'material',
      'dimensions',
      'provenance',
      'tags',
      'description',
      'search_grams',
      'search_terms',
      'created_at',
      'updated_at',
      'sales',
      'stock',
      'on_sale',
    ],
    products,
  );
  console.log(`  ${PRODUCTS.toLocaleString()} products with their search terms: ${secs(t0)} s`);

  t0 = performance.now();
  const { rows: pw } = await client.query("SELECT password_hash FROM members WHERE phone = '13800000001'");
  const members = [];
  for (let i = 0; i < MEMBERS; i++) {
    const verified = i % 4 !== 3;
    members.push([
      `136${String(10_000_000 + i).slice(-8)}`,
      pw[0].password_hash,
      `藏家${i}`,
      `H${String(i).padStart(7, '0')}`,
      verified ? 'verified' : 'none',
      verified ? `藏家${i}` : null,
      verified ? `11010219800101${String(1000 + (i % 9000)).slice(-4)}` : null,
      new Date(now - (MEMBERS - i) * 3_600_000),
    ]);
  }
  const made = await insertRows(
    client,
    'members',
    ['phone', 'password_hash', 'nickname', 'invite_code', 'real_name_status', 'real_name', 'id_number', 'created_at'],
    members,
    'RETURNING id, phone',
  );
  console.log(`  ${MEMBERS.toLocaleString()} members: ${secs(t0)} s`);

  // The bidders of the history: verified members, each with a bidder key of their own.
  t0 = performance.now();
  const verified = made.filter((_, i) => i % 4 !== 3);
  const bidderOf = (m) => ({ id: m.id, key: sha(`bench-bidder:${m.id}`), public: maskPhone(m.phone) });
  const rules = DEFAULT_AUCTION_RULES;
  const day = 86_400_000;
  const ids = (
    await client.query(`SELECT nextval('lots_id_seq')::int AS id FROM generate_series(1, $1)`, [LOTS])
  ).rows.map((r) => r.id);
  const holdings = await insertRows(
    client,
    'holdings',
    ['title', 'cover', 'images', 'acquired_price', 'acquired_at', 'source', 'status', 'created_at'],
    ids.map((_, i) => {
      const d = demo[i % demo.length];
      return [
        titleOf(d, i + PRODUCTS),
        d.cover,
        JSON.stringify(d.images),
        0,
        new Date(now - 40 * day),
        'house',
        'held',
        new Date(now - 40 * day),
      ];
    }),
    'RETURNING id',
  );
  const lotRows = [];
  const bidRows = [];
  const standingRows = [];
  for (const [i, lotId] of ids.entries()) {
    const d = demo[i % demo.length];
    const title = titleOf(d, i + PRODUCTS);
    const startPrice = 10_000 + ((i * 104_729) % 2_000_000);
    const startsAt = now - 30 * day + i * 30 * 60_000;
    const plannedEnd = startsAt + 2 * day;
    const spec = { startPrice, reserve: null, startsAt, plannedEnd, consignor: null };
    let state = initialBidState(spec);
    let prevHash = GENESIS_HASH;
    const standing = new Map();
    for (let k = 0; k < LOT_BIDS; k++) {
      const b = bidderOf(verified[(i * 37 + k * 101) % verified.length]);
      const mine = standing.get(b.key)?.mine ?? null;
      const minimum = nextMinimum(
        { startPrice, currentPrice: state.currentPrice, bidCount: state.bidCount },
        rules.increments,
        mine && { maxBid: mine.maxBid, leading: state.leader?.bidder === b.key },
      );
      const maxBid = minimum + ((i + k) % 4) * incrementAt(minimum, rules.increments);
      const at = startsAt + (k + 1) * 20 * 60_000;
      const out = placeBid(spec, state, mine, { bidder: b.key, maxBid, at }, rules);
      if (!out.accepted) throw new Error(`history bid refused: ${out.reason}`);
      state = out.state;
      standing.set(b.key, { b, mine: out.mine });
      const bid = { seq: out.seq, bidderId: b.public, amount: out.publicAmount, at, prevHash };
      const hash = sha(bidHashInput(lotId, bid));
      bidRows.push([
        lotId,
        out.seq,
        b.id,
        b.key,
        b.public,
        maxBid,
        out.publicAmount,
        out.currentPrice,
        out.leading,
        new Date(at),
        prevHash,
        hash,
      ]);
      prevHash = hash;
    }
    const closedAt = new Date(state.endsAt + 1000);
    for (const { b, mine } of standing.values())
      standingRows.push([lotId, b.key, b.id, mine.maxBid, mine.seq, new Date(mine.at), mine.deposit, closedAt]);
    const leader = state.leader;
    const terms = itemTerms({
      title,
      era: d.era,
      material: d.material,
      department: department(catOf.get(d.category_id)),
    });
    lotRows.push([
      lotId,
      holdings[i].id,
      d.category_id,
      title,
      d.cover,
      JSON.stringify(d.images),
      d.description,
      d.era,
      d.material,
      startPrice,
      // A reserve above the last max: the lot closed unsold, its deposits released.
      (leader?.maxBid ?? startPrice) + incrementAt(leader?.maxBid ?? startPrice, rules.increments),
      new Date(startsAt),
      new Date(plannedEnd),
      new Date(state.endsAt),
      JSON.stringify(rules),
      'unsold',
      state.currentPrice,
      state.bidCount,
      leader?.bidder ?? null,
      leader ? standing.get(leader.bidder).b.id : null,
      leader?.maxBid ?? null,
      leader?.seq ?? null,
      prevHash === GENESIS_HASH ? null : prevHash,
      closedAt,
      terms,
      new Date(startsAt - day),
    ]);
  }
  await insertRows(
    client,
    'lots',
    [
      'id',
      'holding_id',
      'category_id',
      'title',
      'cover',
      'images',
      'description',
      'era',
      'material',
      'start_price',
      'reserve_price',
      'starts_at',
      'planned_end',
      'ends_at',
      'rules',
      'status',
      'current_price',
      'bid_count',
      'leader_key',
      'leader_member_id',
      'leader_max_bid',
      'leader_seq',
      'last_hash',
      'closed_at',
      'search_terms',
      'created_at',
    ],
    lotRows,
  );
  await insertRows(
    client,
    'bids',
    [
      'lot_id',
      'seq',
      'member_id',
      'bidder_key',
      'bidder_public',
      'max_bid',
      'amount',
      'price_after',
      '"leading"',
      'at',
      'prev_hash',
      'hash',
    ],
    bidRows,
  );
  await insertRows(
    client,
    'lot_bidders',
    ['lot_id', 'bidder_key', 'member_id', 'max_bid', 'seq', 'at', 'deposit', 'deposit_settled_at'],
    standingRows,
  );
  console.log(
    `  ${LOTS.toLocaleString()} closed lots, ${bidRows.length.toLocaleString()} bids in their history, ${standingRows.length.toLocaleString()} standings: ${secs(t0)} s`,
  );
  return { historyLot: ids[Math.floor(ids.length / 2)] };
}

/** The read scenarios against `base`, each warmed for a second, then measured. */
export async function reads(base, token, historyLot) {
  const rows = [
    ['product list, page 1', '/v1/iyd/product/list?page=1&pageSize=10'],
    ['product list, page 200', '/v1/iyd/product/list?page=200&pageSize=10'],
    ['product list, keyword', `/v1/iyd/product/list?keyword=${encodeURIComponent('青花')}&pageSize=10`],
    ['product detail', '/v1/iyd/product/info?id=5000'],
    ['lot list', '/v1/iyd/auction/list?page=1&pageSize=10'],
    ['lot page (100 bids)', `/v1/iyd/auction/info?id=${historyLot}`],
    ['成交结果', '/v1/iyd/auction/results?page=1&pageSize=10'],
    ['member info', '/v1/iyd/member/info', token],
  ];
  console.log(`\nreads at this size: ${CONNECTIONS} connections, ${SECONDS} s each`);
  for (const [name, url, auth] of rows) {
    const headers = auth ? { authorization: `Bearer ${auth}` } : {};
    const p0 = performance.now();
    const probe = await fetch(base + url, { headers });
    // The first answer alone: on a database just started (a new replica) it reads from disk.
    const first = performance.now() - p0;
    if (probe.status !== 200) {
      console.log(`${name.padEnd(26)} answered ${probe.status}: ${(await probe.text()).slice(0, 200)}`);
      continue;
    }
    await autocannon({ url: base + url, connections: CONNECTIONS, duration: 1, headers });
    const r = await autocannon({ url: base + url, connections: CONNECTIONS, duration: SECONDS, headers });
    const bad = r.non2xx + r.errors + r.timeouts;
    console.log(
      `${name.padEnd(26)} ${r.requests.average.toFixed(0).padStart(6)} req/s  p50 ${String(r.latency.p50).padStart(4)} ms  p99 ${String(r.latency.p99).padStart(4)} ms  ` +
        `(${r.requests.total} answered, the first alone ${first.toFixed(0)} ms)${bad ? `  ${bad} failed` : ''}`,
    );
  }
}

async function hotLot(admin, tokens, cover, client, serverPid) {
  const lot = await houseLot(bench, admin, cover, 60);
  let accepted = 0;
  let tooLow = 0;
  let other = 0;
  const times = [];
  // The crowd outbids itself: every bid sent states a max a few increments above every max
  // sent before it, so nearly every bid is one the rules accept.
  let ceiling = lot.nextMinimum;
  const until = performance.now() + BID_SECONDS * 1000;
  // The embedded PostgreSQL's postmaster (its backends are its children).
  const pgPid = Number(fs.readFileSync(path.join(bench.dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0]);
  const cpu0 = cpuOf(serverPid);
  const pg0 = treeCpuOf(pgPid);
  const t0 = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < until) {
        ceiling += 3 * incrementAt(ceiling, DEFAULT_AUCTION_RULES.increments);
        const s = performance.now();
        const r = await postBid(bench.base, token, { id: lot.id, maxBid: ceiling });
        times.push(performance.now() - s);
        if (r.code === 200) accepted++;
        else if (r.data?.reason === 'BID_TOO_LOW') tooLow++;
        else if (++other < 4) console.log(`  refused: ${r.code} ${r.msg}`);
      }
    }),
  );
  const took = (performance.now() - t0) / 1000;
  const n = Math.max(1, times.length);
  times.sort((a, b) => a - b);
  console.log(
    `\nhot lot, ${tokens.length} bidders, ${BID_SECONDS} s: ${(accepted / took).toFixed(0)} accepted bids/s ` +
      `(${accepted} accepted, ${tooLow} BID_TOO_LOW, ${other} other), answer p50 ${pct(times, 50).toFixed(0)} ms ` +
      `p99 ${pct(times, 99).toFixed(0)} ms; CPU a bid: server ${(((cpuOf(serverPid) - cpu0) * 1000) / n).toFixed(0)} µs, ` +
      `PostgreSQL ${(((treeCpuOf(pgPid) - pg0) * 1000) / n).toFixed(0)} µs; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const r = await replay(client, lot.id);
  // Every accepted bid is in the history: as many rows as acceptances, and the lot's count.
  const { rows: lots } = await client.query('SELECT bid_count FROM lots WHERE id = $1', [lot.id]);
  const inHistory = r.bids === accepted && lots[0].bid_count === accepted;
  // Deposits: each standing's deposit is what the rules ask of its max, and each bidder's
  // wallet holds exactly that frozen (these bidders bid on this lot only).
  const { rows: deposits } = await client.query(
    `SELECT count(*) FILTER (WHERE lb.deposit <> w.frozen)::int AS wrong, count(*)::int AS n
       FROM lot_bidders lb JOIN wallets w ON w.member_id = lb.member_id WHERE lb.lot_id = $1`,
    [lot.id],
  );
  const rec = await bench.call('GET', '/v1/admin/reconcile', undefined, admin);
  const ok =
    r.same && r.mismatches === 0 && r.fell === 0 && r.chain.ok && inHistory && deposits[0].wrong === 0 && rec.data.ok;
  console.log(
    `  invariants ${ok ? 'hold' : 'BROKEN'}: replay of ${r.bids} bids ${r.same && r.mismatches === 0 ? 'equals' : `DIFFERS from (${r.mismatches} bids)`} the lot; ` +
      `price fell ${r.fell} times; ${accepted} accepted, ${r.bids} in the history, lot count ${lots[0].bid_count}; ` +
      `chain ${r.chain.ok ? 'verifies' : `BROKEN at ${r.chain.seq}`}; deposits ${deposits[0].n - deposits[0].wrong}/${deposits[0].n} equal to the frozen; ` +
      `wallets reconcile ${rec.data.ok} (${rec.data.wallets} wallets)`,
  );
}

async function main() {
  console.log(
    `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, node ${process.version}, ${new Date().toISOString()}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const server = bench.start();
  await waitUp(bench.base);
  const client = new pg.Client({ connectionString: bench.databaseUrl() });
  client.on('error', () => undefined);
  await client.connect();
  console.log('\nloading a house of realistic size through SQL:');
  const { historyLot } = await loadHouse(client);
  console.log(`server RSS ${rssOf(server.pid).toFixed(0)} MiB`);
  const admin = (await bench.call('POST', '/v1/admin/login', { username: 'admin', password: ADMIN_PASSWORD })).data
    .token;
  const tokens = await fundedBidders(bench, client, admin, Math.max(BIDDERS, 2));
  if (!SKIP.includes('reads')) await reads(bench.base, tokens[0], historyLot);
  if (!SKIP.includes('hot')) {
    const cover = (await bench.call('GET', '/v1/iyd/product/list?pageSize=1')).data.list[0].cover;
    await hotLot(admin, tokens.slice(0, BIDDERS), cover, client, server.pid);
  }
  await client.end();
}

if (isScript) {
  try {
    await main();
  } finally {
    await bench.cleanup();
  }
}
