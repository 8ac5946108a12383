// `npm run bench`, the live streams at a house's scale: figures, not assertions. Starts the
// built server with the demo on a throwaway data folder, its stream limit raised by its own
// configuration (STREAM_LIMIT) and the loopback trusted as a proxy (TRUST_PROXY=127.0.0.1),
// so that the guests' streams come from BENCH_STREAMS (10000) addresses named in
// X-Forwarded-For (10.x.y.z: one guest's limit of 6 streams an address is the server's as
// configured). The streams are plain sockets (the request written by hand) held by BENCH_STREAM_WORKERS (2)
// child processes of this script; then BENCH_STREAM_BIDS (30) bids on the lot they all watch,
// one after the last has reached every stream, and for every bid and every stream the time
// from sending the bid (and from its 200) to that stream reading the new price. Prints
// p50/p99/max, how many events arrived, and the server's memory a stream (its RSS with the
// streams open less before, over the streams). Talks only to 127.0.0.1.
import { fork } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { cpuOf, cpuSplitOf, rssOf, waitUp } from './bench-helpers.mjs';
import { fundedBidders, houseLot, pct, postBid } from './bench-house.mjs';
import { ADMIN_PASSWORD, createBenchServer } from './bench-server.mjs';

const now = () => performance.timeOrigin + performance.now();

if (process.env.BENCH_STREAM_WORKER) await worker();
else await main();

/** A child: opens its share of the streams, notes when each lot event arrives on each. */
async function worker() {
  const base = process.env.BENCH_BASE;
  const lotId = process.env.BENCH_LOT;
  const from = Number(process.env.BENCH_FROM);
  const count = Number(process.env.BENCH_COUNT);
  const { hostname, port } = new URL(base);
  const arrivals = new Map(); // bidCount → arrival times (ms since the epoch, fractional)
  const sockets = [];
  let failed = 0;

  const note = (bidCount, at) => {
    let list = arrivals.get(bidCount);
    if (!list) arrivals.set(bidCount, (list = []));
    list.push(at);
    if (list.length === count) process.send({ type: 'seen', bidCount });
  };

  // A plain socket with the request written by hand: the load generator shares the server's two
  // cores, so each stream costs it as little as a phone's would cost the phone (no HTTP client
  // machinery, no decoding beyond Latin-1, the price's bid count read in place).
  const open = (i) =>
    new Promise((resolve) => {
      const n = from + i;
      const socket = net.connect({ host: hostname, port: Number(port) });
      socket.setNoDelay(true);
      sockets.push(socket);
      let head = true;
      let first = true;
      let tail = '';
      const fail = () => {
        if (!first) return;
        first = false;
        failed++;
        socket.destroy();
        resolve();
      };
      socket.on('connect', () =>
        socket.write(
          `GET /v1/iyd/auction/stream?ids=${lotId} HTTP/1.1\r\nHost: ${hostname}\r\nAccept: text/event-stream\r\n` +
            `X-Forwarded-For: 10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}\r\n\r\n`,
        ),
      );
      socket.on('data', (chunk) => {
        const at = now();
        let text = tail + chunk.toString('latin1');
        let from = 0;
        if (head) {
          const headEnd = text.indexOf('\r\n\r\n');
          if (headEnd < 0) {
            tail = text;
            return;
          }
          if (!text.startsWith(' 200 ', 8)) return fail();
          head = false;
          from = headEnd + 4;
        }
        let end;
        while ((end = text.indexOf('\n\n', from)) >= 0) {
          if (text.startsWith('event: lot', from)) {
            const k = text.indexOf('"bidCount":', from);
            if (k >= 0 && k < end) note(parseInt(text.slice(k + 11, k + 22), 10), at);
            if (first) {
              first = false;
              resolve();
            }
          }
          from = end + 2;
        }
        tail = text.slice(from);
      });
      socket.on('error', fail);
    });

  let next = 0;
  await Promise.all(
    Array.from({ length: 50 }, async () => {
      while (next < count) await open(next++);
    }),
  );
  process.send({ type: 'open', failed });
  process.on('message', (m) => {
    if (m.type === 'report') {
      const out = {};
      for (const [k, v] of arrivals) out[k] = v;
      process.send({ type: 'report', arrivals: out });
    } else if (m.type === 'close') {
      for (const socket of sockets) socket.destroy();
      process.exit(0);
    }
  });
}

async function main() {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const STREAMS = Number(process.env.BENCH_STREAMS ?? 10_000);
  const WORKERS = Number(process.env.BENCH_STREAM_WORKERS ?? 2);
  const BIDS = Number(process.env.BENCH_STREAM_BIDS ?? 30);
  const bench = createBenchServer({
    root,
    port: 8101,
    // Another build of the server to measure (a copy of apps/server/dist that others' rebuilds leave alone).
    server: process.env.BENCH_SERVER ?? 'apps/server/dist/main.js',
    nodeArgs: process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [],
  });
  const children = [];
  try {
    const server = bench.start({ STREAM_LIMIT: String(STREAMS + 1000), TRUST_PROXY: '127.0.0.1' });
    await waitUp(bench.base);
    const client = new pg.Client({ connectionString: bench.databaseUrl() });
    client.on('error', () => undefined);
    await client.connect();
    const admin = (await bench.call('POST', '/v1/admin/login', { username: 'admin', password: ADMIN_PASSWORD })).data
      .token;
    const tokens = await fundedBidders(bench, client, admin, 2);
    await client.end();
    const cover = (await bench.call('GET', '/v1/iyd/product/list?pageSize=1')).data.list[0].cover;
    const lot = await houseLot(bench, admin, cover, 60);

    // Workers: each its share of the streams, its own addresses.
    const share = Math.ceil(STREAMS / WORKERS);
    const seen = new Map(); // bidCount → workers that have it on every stream
    let onSeen = () => undefined;
    const reports = [];
    const spawnWorkers = (total, offset) =>
      Promise.all(
        Array.from({ length: WORKERS }, (_, w) => {
          const count = Math.min(share, total - w * share);
          if (count <= 0) return Promise.resolve(0);
          const child = fork(fileURLToPath(import.meta.url), [], {
            env: {
              ...process.env,
              BENCH_STREAM_WORKER: '1',
              BENCH_BASE: bench.base,
              BENCH_LOT: String(lot.id),
              BENCH_FROM: String(offset + w * Math.ceil(total / WORKERS)),
              BENCH_COUNT: String(count),
            },
          });
          children.push(child);
          return new Promise((resolve, reject) => {
            child.on('error', reject);
            child.on('exit', (code) => code && reject(new Error(`a stream worker exited with ${code}`)));
            child.on('message', (m) => {
              if (m.type === 'open') resolve(m.failed);
              else if (m.type === 'report') reports.push(m.arrivals);
              else if (m.type === 'seen') {
                seen.set(m.bidCount, (seen.get(m.bidCount) ?? 0) + 1);
                onSeen();
              }
            });
          });
        }),
      );

    const rss0 = rssOf(server.pid);
    const t0 = performance.now();
    const failed = (await spawnWorkers(STREAMS, 0)).reduce((a, b) => a + b, 0);
    const openSecs = (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 2000));
    const rss1 = rssOf(server.pid);
    console.log(
      `\nlive streams: ${STREAMS - failed} of ${STREAMS} opened in ${openSecs.toFixed(1)} s by ${WORKERS} processes ` +
        `(${(STREAMS / openSecs).toFixed(0)} a second, each answered with the lot's price); server RSS ${rss0.toFixed(0)} → ${rss1.toFixed(0)} MiB, ` +
        `${(((rss1 - rss0) * 1024) / Math.max(1, STREAMS - failed)).toFixed(1)} KiB a stream`,
    );

    const sentAt = new Map();
    const ackAt = new Map();
    let minimum = lot.nextMinimum;
    const workers = children.length;
    const cpu0 = cpuSplitOf(server.pid);
    const workersCpu0 = children.reduce((a, c) => a + cpuOf(c.pid), 0);
    const bidsT0 = performance.now();
    for (let i = 1; i <= BIDS; i++) {
      const everywhere = new Promise((resolve) => {
        const timer = setTimeout(resolve, 3000);
        onSeen = () => {
          if ((seen.get(i) ?? 0) >= workers) {
            clearTimeout(timer);
            resolve();
          }
        };
      });
      sentAt.set(i, now());
      const r = await postBid(bench.base, tokens[i % 2], { id: lot.id, maxBid: minimum });
      ackAt.set(i, now());
      if (r.code !== 200) throw new Error(`bid ${i} refused: ${r.msg}`);
      minimum = r.data.nextMinimum;
      await everywhere;
      await new Promise((r) => setTimeout(r, 100));
    }
    const rss2 = rssOf(server.pid);
    // CPU a bid: the server's (its answer and the price written to every stream) and the
    // stream readers' (this machine's load generator), over the pauses between bids too.
    const cpu1 = cpuSplitOf(server.pid);
    const serverUser = (cpu1.user - cpu0.user) / BIDS;
    const serverSystem = (cpu1.system - cpu0.system) / BIDS;
    const readersCpu = (children.reduce((a, c) => a + cpuOf(c.pid), 0) - workersCpu0) / BIDS;
    const bidsSecs = (performance.now() - bidsT0) / 1000;
    children.forEach((c) => c.send({ type: 'report' }));
    while (reports.length < children.length) await new Promise((r) => setTimeout(r, 50));
    const fromSend = [];
    const fromAck = [];
    for (const r of reports)
      for (const [k, times] of Object.entries(r)) {
        const bid = Number(k);
        if (!sentAt.has(bid)) continue;
        for (const at of times) {
          fromSend.push(at - sentAt.get(bid));
          fromAck.push(Math.max(0, at - ackAt.get(bid)));
        }
      }
    fromSend.sort((a, b) => a - b);
    fromAck.sort((a, b) => a - b);
    const f = (v) => v.toFixed(0);
    console.log(
      `bid to screen, ${STREAMS - failed} streams, ${BIDS} bids: ${fromSend.length} of ${(STREAMS - failed) * BIDS} prices read; ` +
        `from the bid sent p50 ${f(pct(fromSend, 50))} ms p99 ${f(pct(fromSend, 99))} ms max ${f(fromSend.at(-1))} ms; ` +
        `from its 200 p50 ${f(pct(fromAck, 50))} ms p99 ${f(pct(fromAck, 99))} ms; server RSS after the bids ${rss2.toFixed(0)} MiB`,
    );
    console.log(
      `  CPU a bid (${bidsSecs.toFixed(1)} s for ${BIDS}): server ${(serverUser + serverSystem).toFixed(0)} ms (${serverUser.toFixed(0)} its own, ${serverSystem.toFixed(0)} in the kernel), the stream readers ${readersCpu.toFixed(0)} ms; ` +
        `load average ${os
          .loadavg()
          .map((l) => l.toFixed(1))
          .join(' ')} on ${os.cpus().length} cores`,
    );
    children.forEach((c) => c.send({ type: 'close' }));
  } finally {
    children.forEach((c) => c.exitCode === null && c.kill());
    await bench.cleanup();
  }
}
