// Lighthouse mobile (its default: a mid-range phone on a slow 4G link, simulated) on the
// member app's login, home, mall, product and live lot pages, several runs each, in Debian's
// Chromium (headless, no sandbox, a fresh profile and cold cache per run). Prints per page the
// median performance and accessibility scores against the targets (95 and 95), the median
// largest contentful paint and total blocking time, and the initial JS: the gzip size (level
// 9, as the build's .gz copies) of every script the page's own load requested.
//   BASE_URL   a running server with the demo (as `npm run bench` passes); without it the
//              built server starts on a throwaway DATA_DIR with demo data on 127.0.0.1
//   LIGHTHOUSE_RUNS (3), LIGHTHOUSE_PAGES=login,home,mall,product,lot (to iterate on a few),
//   LIGHTHOUSE_OUT=dir (keeps each run's JSON report and its trace, for Chromium's performance panel), CHROME_PATH (/usr/bin/chromium)
//   WEB_DIST   another build of the member app to serve and measure (the server reads it too)
//   LIGHTHOUSE_DIRECT=1  measure the server itself over HTTP/1.1; by default, when Debian's nginx
//              and openssl are installed, the pages are measured as deployed: through nginx over
//              TLS and HTTP/2 (deploy/, its TLS lines filled in) with a certificate made for the run
// Exits 0 whatever the scores; non-zero only when it could not measure.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const ONLY = process.env.LIGHTHOUSE_PAGES?.split(',');
const OUT = process.env.LIGHTHOUSE_OUT;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const TARGETS = { performance: 95, accessibility: 95, initialJsKiB: 100 };
const TOKEN_KEY = 'antique_auction_token';
const { DEMO_PASSWORD, demoMembers } = await import(path.join(root, 'packages/demo/dist/members.data.js'));

const median = (values) => {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitUp(base, child) {
  for (let i = 0; i < 1200; i++) {
    if (child?.exitCode !== null && child?.exitCode !== undefined) throw new Error('the server exited');
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      // Still starting.
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${base} did not start`);
}

/** The built server on a throwaway data folder with the demo; stopped and removed on exit. */
async function startServer() {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-lighthouse-'));
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DEMO_DATA: '1',
      LOG_LEVEL: 'error',
      RATE_LIMITS: 'off',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUp(base, child);
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, stop };
}

/**
 * nginx in front of `upstream` over TLS and HTTP/2 on a free loopback port, as README "Deploying"
 * runs the house, with a self-signed certificate made for this run; null when nginx or openssl is
 * missing. Served by Node over HTTP/1.1 a phone fetches six files at a time, so a page's 30–50
 * modules wait in line behind each other's round trips; through nginx they share one connection,
 * as a member's phone receives them.
 */
async function startTlsProxy(upstream) {
  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  if (!nginx || process.env.LIGHTHOUSE_DIRECT === '1') return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-lighthouse-nginx-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
  } catch {
    fs.rmSync(dir, { recursive: true, force: true });
    return null;
  }
  const port = await freePort();
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((k) => `${k}_temp_path ${dir}/${k};`).join(' ');
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log; daemon off;
events { worker_connections 512; }
http {
  access_log off; ${temp}
  upstream house { server ${new URL(upstream).host}; keepalive 16; }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${dir}/cert.pem; ssl_certificate_key ${dir}/key.pem;
    location / {
      proxy_pass http://house; proxy_http_version 1.1; proxy_set_header Connection "";
      proxy_set_header Host $host; proxy_buffering off; proxy_read_timeout 1h;
    }
  }
}
`,
  );
  const child = spawn(nginx, ['-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  const base = `https://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    const up = await new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) return { base, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('nginx did not start in front of the server');
}

async function api(base, url, { method = 'GET', body, token } = {}) {
  const response = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const envelope = await response.json();
  if (envelope.code !== 200) throw new Error(`${method} ${url}: ${envelope.code} ${envelope.msg}`);
  return envelope.data;
}

/** One Lighthouse run in a fresh browser: a member's token in local storage when the page needs one. */
async function measure(url, token) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-lighthouse-profile-'));
  const browser = await puppeteer.launch({
    executablePath: CHROME,
    headless: true,
    userDataDir: profile,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-default-apps',
      '--disable-extensions',
      '--disable-sync',
      '--metrics-recording-only',
      '--mute-audio',
      '--no-default-browser-check',
      '--no-first-run',
      // The certificate nginx serves is made for the run (startTlsProxy).
      '--ignore-certificate-errors',
    ],
  });
  try {
    const page = await browser.newPage();
    if (token) {
      // A file of the same origin that is not the app, so the app's own files stay uncached.
      await page.goto(new URL('/favicon.svg', url).href);
      await page.evaluate((key, value) => window.localStorage.setItem(key, value), TOKEN_KEY, token);
    }
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', disableStorageReset: Boolean(token) },
      { extends: 'lighthouse:default', settings: { onlyCategories: ['performance', 'accessibility'] } },
      page,
    );
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return { lhr, report: result.report, trace: result.artifacts?.Trace };
  } finally {
    await browser.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }
}

/** Lighthouse sometimes loses the trace on a busy machine (NO_NAVSTART, NO_FCP) and asks to run again: up to twice. */
async function measureWithRetry(url, token) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, token);
    } catch (error) {
      if (attempt >= 3 || !/NO_NAVSTART|NO_FCP|NO_LCP|run Lighthouse again/i.test(String(error))) throw error;
      console.error(`lighthouse: ${error.message}; again`);
    }
  }
}

/**
 * The gzip size of every script the page's own load asked for (not a service worker's), read
 * from the built files by their path; the server sends brotli where it can, smaller still.
 */
const webDist = path.resolve(process.env.WEB_DIST ?? path.join(root, 'apps/web/dist'));
function initialJsKiB(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  let bytes = 0;
  for (const request of requests) {
    if (request.resourceType !== 'Script' || (request.sessionTargetType ?? 'page') !== 'page') continue;
    const file = path.join(webDist, new URL(request.url).pathname);
    if (!file.startsWith(webDist + path.sep) || !fs.existsSync(file)) continue;
    bytes += zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
  }
  return bytes / 1024;
}
const metric = (lhr, id) => lhr.audits[id]?.numericValue ?? NaN;

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

/** The audits that cost the most, for a page under its target. */
function shortfalls(lhr, category) {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 0.9)
    .sort((a, b) => b.weight * (1 - lhr.audits[b.id].score) - a.weight * (1 - lhr.audits[a.id].score))
    .slice(0, 3)
    .map((ref) => `${ref.id} ${lhr.audits[ref.id].displayValue ?? lhr.audits[ref.id].score}`.trim());
}

const server = process.env.BASE_URL ? null : await startServer();
const upstream = (process.env.BASE_URL ?? server.base).replace(/\/$/, '');
let proxy = null;
try {
  proxy = upstream.startsWith('http:') ? await startTlsProxy(upstream) : null;
  const base = proxy?.base ?? upstream;
  const phone = demoMembers[0].phone;
  const { token } = await api(upstream, '/v1/iyd/member/login', {
    method: 'POST',
    body: { phone, password: DEMO_PASSWORD },
  });
  const products = await api(upstream, '/v1/iyd/product/list?page=1&pageSize=1');
  const productId = products.list[0]?.id;
  if (!productId) throw new Error('the demo has no product');

  // The demo opens its live lots on its first tick after the start: up to a minute.
  let lotId;
  for (let i = 0; i < 60 && !lotId; i++) {
    lotId = (await api(upstream, '/v1/iyd/auction/list?status=live&page=1&pageSize=1')).list[0]?.id;
    if (!lotId) await new Promise((r) => setTimeout(r, 1000));
  }
  if (!lotId) throw new Error('the demo has no live lot');

  const pages = [
    { name: 'login', url: `${base}/#/pages/login/login` },
    { name: 'home', url: `${base}/#/pages/index/index`, token },
    { name: 'mall', url: `${base}/#/pages/mall/mall`, token },
    { name: 'product', url: `${base}/#/pages/product/product?id=${productId}`, token },
    { name: 'lot', url: `${base}/#/pages/auction/auction?id=${lotId}`, token },
  ].filter((p) => !ONLY || ONLY.includes(p.name));
  if (OUT) fs.mkdirSync(OUT, { recursive: true });

  const rows = [];
  for (const page of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr, report, trace } = await measureWithRetry(page.url, page.token);
      if (OUT) fs.writeFileSync(path.join(OUT, `${page.name}-${i + 1}.json`), report);
      if (OUT && trace) fs.writeFileSync(path.join(OUT, `${page.name}-${i + 1}.trace.json`), JSON.stringify(trace));
      runs.push(lhr);
    }
    const perf = runs.map((lhr) => score(lhr, 'performance'));
    const a11y = runs.map((lhr) => score(lhr, 'accessibility'));
    const typical = runs[perf.indexOf(median(perf))] ?? runs[0];
    rows.push({ name: page.name, perf, a11y, typical, runs });
  }

  const mark = (value, target) => `${String(value).padStart(3)} ${value >= target ? 'ok' : '--'}`;
  console.log(
    `${'page'.padEnd(8)} ${'perf'.padStart(6)}  ${'a11y'.padStart(6)}  ${'LCP s'.padStart(5)}  ${'TBT ms'.padStart(6)}  ${'JS KiB gz'.padStart(12)}   runs (perf / a11y)`,
  );
  for (const row of rows) {
    const perf = median(row.perf);
    const a11y = median(row.a11y);
    const lcp = median(row.runs.map((lhr) => metric(lhr, 'largest-contentful-paint'))) / 1000;
    const tbt = median(row.runs.map((lhr) => metric(lhr, 'total-blocking-time')));
    const js = median(row.runs.map(initialJsKiB));
    const jsMark = `${js.toFixed(1).padStart(6)} ${js <= TARGETS.initialJsKiB ? 'ok' : '--'}`;
    console.log(
      `${row.name.padEnd(8)} ${mark(perf, TARGETS.performance)}  ${mark(a11y, TARGETS.accessibility)}  ${lcp.toFixed(2).padStart(5)}  ${tbt.toFixed(0).padStart(6)}  ${jsMark.padStart(12)}   ${row.perf.join(' ')} / ${row.a11y.join(' ')}`,
    );
    if (perf < TARGETS.performance)
      console.log(`         performance: ${shortfalls(row.typical, 'performance').join(', ')}`);
    if (a11y < TARGETS.accessibility)
      console.log(`         accessibility: ${shortfalls(row.typical, 'accessibility').join(', ')}`);
  }
  console.log(
    `medians of ${RUNS} runs; targets: performance ${TARGETS.performance}, accessibility ${TARGETS.accessibility}, initial JS ${TARGETS.initialJsKiB} KiB gzip; load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    proxy
      ? 'served through nginx over TLS and HTTP/2, as deployed (LIGHTHOUSE_DIRECT=1: by the server itself)'
      : `served by ${base} itself`,
  );
} finally {
  await proxy?.stop();
  await server?.stop();
}
