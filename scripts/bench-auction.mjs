// `npm run bench`, the auction part: figures, not assertions. Starts the built server with the
// demo on a throwaway data folder, adds verified, funded bidders, and measures on 127.0.0.1:
//  1. accepted bids a second on one hot lot from BENCH_BIDDERS (200) bidders bidding at once
//     for BENCH_BID_SECONDS (10), the crowd outbidding itself (each max above those before it);
//     then checks the invariants: the lot's price, leader and bid count equal a replay of its
//     bid log through the shared rules, the chain verifies, every wallet reconciles;
//  2. bid to screen: BENCH_STREAMS (1000) open `auction/stream` clients on one lot and
//     BENCH_STREAM_BIDS (40) bids one after another; for every bid and every client, the time
//     from sending the bid to that client reading its `lot` event. Prints p50/p99/max.
//   BENCH_DEPOSITS (20): 10,000,000-yuan deposits a bidder; BENCH_SERVER: another build's
//   apps/server/dist/main.js (before and after); BENCH_NODE_ARGS for the server (--cpu-prof).
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { DEFAULT_AUCTION_RULES, incrementAt, initialBidState, placeBid, verifyChain } from '@antique/shared';
import { cpuOf, median, rssOf, treeCpuOf, waitUp } from './bench-helpers.mjs';
import { ADMIN_PASSWORD, createBenchServer } from './bench-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BIDDERS = Number(process.env.BENCH_BIDDERS ?? 200);
const BID_SECONDS = Number(process.env.BENCH_BID_SECONDS ?? 10);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const STREAM_BIDS = Number(process.env.BENCH_STREAM_BIDS ?? 40);
const DEPOSITS = Number(process.env.BENCH_DEPOSITS ?? 20);
const bench = createBenchServer({
  root,
  port: 8099,
  // Another build of the server to measure (an older checkout's apps/server/dist/main.js).
  ...(process.env.BENCH_SERVER ? { server: process.env.BENCH_SERVER } : {}),
  nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
});
const { base, call } = bench;
const sha256 = async (text) => crypto.createHash('sha256').update(text).digest('hex');

/** Members with a verified identity each and the demo member's password (funded by the caller). */
async function addBidders(client, n) {
  const { rows } = await client.query("SELECT password_hash FROM members WHERE phone = '13800000001'");
  const hash = rows[0].password_hash;
  const now = new Date();
  const values = [];
  const params = [];
  for (let i = 0; i < n; i++) {
    const phone = `139${String(10_000_000 + i).slice(-8)}`;
    const row = [
      phone,
      hash,
      `竞买人${i}`,
      `B${String(i).padStart(7, '0')}`,
      `测试${i}`,
      `11010119900101${String(1000 + i).slice(-4)}`,
      now,
    ];
    const p = params.length;
    values.push(`($${p + 1}, $${p + 2}, $${p + 3}, $${p + 4}, 'verified', $${p + 5}, $${p + 6}, $${p + 7})`);
    params.push(...row);
  }
  const { rows: made } = await client.query(
    `INSERT INTO members (phone, password_hash, nickname, invite_code, real_name_status, real_name, id_number, created_at)
     VALUES ${values.join(',')} RETURNING id, phone`,
    params,
  );
  return made;
}

async function pool(items, concurrency, fn) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const i = next++;
        await fn(items[i], i);
      }
    }),
  );
}

/** A house lot of a piece of inventory made for the run (a lot is always one unit of a product). */
async function houseLot(admin, cover, minutes) {
  const now = Date.now();
  const categoryId = (await call('GET', '/v1/iyd/category/list')).data[0].id;
  const piece = await call(
    'POST',
    '/v1/admin/products',
    {
      title: `压测拍品 ${new Date(now).toISOString().slice(11, 19)}`,
      categoryId,
      cover,
      images: [cover],
      price: 100_000,
      marketPrice: 100_000,
      stock: 1,
      description: '<p>压测用拍品</p>',
      era: '',
      material: '',
      dimensions: '',
      provenance: '',
      tags: [],
      onSale: false,
    },
    admin,
  );
  if (piece.code !== 200) throw new Error(`piece not created: ${piece.msg}`);
  const r = await call(
    'POST',
    '/v1/admin/lots',
    { productId: piece.data.id, startPrice: 10_000, startsAt: now, endsAt: now + minutes * 60_000 },
    admin,
  );
  if (r.code !== 200) throw new Error(`lot not created: ${r.msg}`);
  return r.data;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/** A lot's bids replayed through the shared rules (the lot's own snapshot of them). */
async function replay(client, lotId) {
  const { rows: lots } = await client.query('SELECT * FROM lots WHERE id = $1', [lotId]);
  const lot = lots[0];
  const rules = { ...DEFAULT_AUCTION_RULES, ...lot.rules };
  const spec = {
    startPrice: Number(lot.start_price),
    reserve: lot.reserve_price === null ? null : Number(lot.reserve_price),
    startsAt: lot.starts_at.getTime(),
    plannedEnd: lot.planned_end.getTime(),
    consignor: lot.consignor_key,
  };
  const { rows: bids } = await client.query('SELECT * FROM bids WHERE lot_id = $1 ORDER BY seq', [lotId]);
  let state = initialBidState(spec);
  const standing = new Map();
  let mismatches = 0;
  for (const b of bids) {
    const out = placeBid(
      spec,
      state,
      standing.get(b.bidder_key) ?? null,
      { bidder: b.bidder_key, maxBid: Number(b.max_bid), at: b.at.getTime() },
      rules,
    );
    if (!out.accepted || out.currentPrice !== Number(b.price_after) || out.publicAmount !== Number(b.amount))
      mismatches++;
    if (out.accepted) {
      state = out.state;
      standing.set(b.bidder_key, out.mine);
    }
  }
  const chain = await verifyChain(
    lotId,
    bids.map((b) => ({
      seq: b.seq,
      bidderId: b.bidder_public,
      amount: Number(b.amount),
      at: b.at.getTime(),
      prevHash: b.prev_hash,
      hash: b.hash,
    })),
    sha256,
  );
  return {
    bids: bids.length,
    mismatches,
    chain,
    same:
      state.currentPrice === Number(lot.current_price) &&
      state.bidCount === lot.bid_count &&
      (state.leader?.bidder ?? null) === lot.leader_key &&
      (state.leader?.maxBid ?? null) === (lot.leader_max_bid === null ? null : Number(lot.leader_max_bid)),
  };
}

/**
 * A bid over node:http with one kept-alive socket a bidder: the load generator shares the
 * box's two cores with the server and PostgreSQL, so it must cost as little as it can.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
function postBid(token, body) {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/v1/iyd/auction/match`,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** The embedded PostgreSQL's postmaster (its backends are its children). */
const postmasterPid = () =>
  Number(fs.readFileSync(path.join(bench.dataDir, 'pg/postmaster.pid'), 'utf8').split('\n')[0]);

async function hotLot(admin, tokens, cover, client) {
  const lot = await houseLot(admin, cover, 60);
  let accepted = 0;
  let tooLow = 0;
  let other = 0;
  const times = [];
  // The crowd outbids itself: every bid sent states a max a few increments above every max
  // sent before it (the order they reach the lot's lock in may differ a little), so nearly
  // every bid is one the rules accept: what the engine does with a lot everyone wants.
  let ceiling = lot.nextMinimum;
  const until = performance.now() + BID_SECONDS * 1000;
  const pgPid = postmasterPid();
  const cpu0 = cpuOf(bench.serverPid);
  const pg0 = treeCpuOf(pgPid);
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    tokens.map(async (token) => {
      while (performance.now() < until) {
        ceiling += 3 * incrementAt(ceiling, DEFAULT_AUCTION_RULES.increments);
        const s = performance.now();
        const r = await postBid(token, { id: lot.id, maxBid: ceiling });
        times.push(performance.now() - s);
        if (r.code === 200) accepted++;
        else if (r.data?.reason === 'BID_TOO_LOW') tooLow++;
        else if (++other < 4) console.log(`  refused: ${r.code} ${r.msg}`);
      }
    }),
  );
  const secs = (performance.now() - t0) / 1000;
  const n = Math.max(1, times.length);
  const cpuPerBid = ((cpuOf(bench.serverPid) - cpu0) * 1000) / n;
  const pgPerBid = ((treeCpuOf(pgPid) - pg0) * 1000) / n;
  const own = process.cpuUsage(own0);
  const clientPerBid = (own.user + own.system) / n;
  times.sort((a, b) => a - b);
  console.log(
    `hot lot, ${BIDDERS} bidders, ${BID_SECONDS} s: ${(accepted / secs).toFixed(0)} accepted bids/s (${accepted} accepted, ${tooLow} BID_TOO_LOW, ${other} other), ` +
      `answer p50 ${pct(times, 50).toFixed(0)} ms p99 ${pct(times, 99).toFixed(0)} ms, ` +
      `${(times.length / secs).toFixed(0)} bids/s answered; CPU a bid: server ${cpuPerBid.toFixed(0)} µs, ` +
      `PostgreSQL ${pgPerBid.toFixed(0)} µs, this load generator ${clientPerBid.toFixed(0)} µs`,
  );
  const r = await replay(client, lot.id);
  const rec = await call('GET', '/v1/admin/reconcile', undefined, admin);
  console.log(
    `  invariants: replay of ${r.bids} bids ${r.same && r.mismatches === 0 ? 'equals' : `DIFFERS from (${r.mismatches} bids)`} the lot; ` +
      `chain ${r.chain.ok ? 'verifies' : `BROKEN at ${r.chain.seq}`}; wallets reconcile ${rec.data.ok} (${rec.data.wallets} wallets)`,
  );
}

/** One stream client: resolves when it is open; calls `onLot(price, at)` for every lot event. */
async function openStream(lotId, onLot) {
  const controller = new AbortController();
  const res = await fetch(`${base}/v1/iyd/auction/stream?ids=${lotId}`, { signal: controller.signal });
  if (res.status !== 200) throw new Error(`stream answered ${res.status}`);
  let buffer = '';
  const decoder = new TextDecoder();
  const read = async () => {
    for await (const chunk of res.body) onChunk(decoder.decode(chunk, { stream: true }));
  };
  const onChunk = (text) => {
    const at = performance.now();
    buffer += text;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = block
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .map((l) => l.slice(6))
        .join('\n');
      if (event === 'lot' && data) onLot(JSON.parse(data), at);
    }
  };
  read().catch(() => undefined);
  return () => controller.abort();
}

async function streams(admin, tokens, cover) {
  const lot = await houseLot(admin, cover, 60);
  const sentAt = new Map();
  const latencies = [];
  let seen = 0;
  const closers = [];
  await pool(
    Array.from({ length: STREAMS }, (_, i) => i),
    50,
    async () => {
      closers.push(
        await openStream(lot.id, (price, at) => {
          const sent = sentAt.get(price.bidCount);
          if (sent === undefined) return;
          latencies.push(at - sent);
          seen++;
        }),
      );
    },
  );
  const rss = rssOf(bench.serverPid);
  let minimum = lot.nextMinimum;
  for (let i = 0; i < STREAM_BIDS; i++) {
    sentAt.set(i + 1, performance.now());
    const r = await call('POST', '/v1/iyd/auction/match', { id: lot.id, maxBid: minimum }, tokens[i % 2]);
    if (r.code !== 200) throw new Error(`bid ${i + 1} refused: ${r.msg}`);
    minimum = r.data.nextMinimum;
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  closers.forEach((close) => close());
  latencies.sort((a, b) => a - b);
  console.log(
    `bid to screen, ${STREAMS} open streams, ${STREAM_BIDS} bids: ${seen} of ${STREAMS * STREAM_BIDS} events read, ` +
      `p50 ${median(latencies).toFixed(0)} ms p99 ${pct(latencies, 99).toFixed(0)} ms max ${latencies.at(-1).toFixed(0)} ms; server RSS with the streams open ${rss.toFixed(0)} MiB`,
  );
}

async function main() {
  const server = bench.start();
  bench.serverPid = server.pid;
  await waitUp(base);
  const client = new pg.Client({ connectionString: bench.databaseUrl() });
  client.on('error', () => undefined);
  await client.connect();
  const admin = (await call('POST', '/v1/admin/login', { username: 'admin', password: ADMIN_PASSWORD })).data.token;
  const bidders = await addBidders(client, Math.max(BIDDERS, 2));
  // Enough that no bidder runs out while the crowd drives the price up for the whole run (at
  // 3,000 accepted a second, 10,000,000 yuan each ran out before its end); a deposit is at
  // most 10,000,000 yuan.
  const deposits = Array.from({ length: DEPOSITS }, () => bidders).flat();
  await pool(deposits, 10, async (b) => {
    const r = await call(
      'POST',
      `/v1/admin/members/${b.id}/deposit`,
      { amount: 1_000_000_000, remark: '压测入账' },
      admin,
    );
    if (r.code !== 200) throw new Error(`deposit: ${r.msg}`);
  });
  const tokens = [];
  await pool(bidders, 4, async (b) => {
    const r = await call('POST', '/v1/iyd/member/login', { phone: b.phone, password: 'demo1234' });
    if (r.code !== 200) throw new Error(`login: ${r.msg}`);
    tokens.push(r.data.token);
  });
  const cover = (await call('GET', '/v1/iyd/product/list?pageSize=1')).data.list[0].cover;
  console.log(
    `\nauctions: ${bidders.length} verified bidders with ${(DEPOSITS * 10_000_000).toLocaleString('en')} yuan each`,
  );
  await hotLot(admin, tokens.slice(0, BIDDERS), cover, client);
  await streams(admin, tokens, cover);
  await client.end();
}

try {
  await main();
} finally {
  await bench.cleanup();
}
