// `npm run bench`: figures, not assertions. Starts the built server on a fresh embedded
// database, measures start-up, API latency and throughput on loopback, memory, and the
// member app's initial JavaScript. Bounded in count and time; talks only to 127.0.0.1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 8097;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-bench-'));

function startServer() {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      CAPTCHA_TEST_CODE: 'bench',
      ADMIN_PASSWORD: 'bench-admin-pass',
      LOG_LEVEL: 'error',
      RATE_LIMITS: 'off',
      DEMO_DATA: '0',
    },
    stdio: 'inherit',
  });
  return { child, t0 };
}

async function waitUp() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

async function call(method, url, body, token) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return res.json();
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
    `${name.padEnd(34)} ${String(total).padStart(5)} req  c=${String(concurrency).padStart(2)}  ${(total / secs).toFixed(0).padStart(5)} req/s  p50 ${pct(50)} ms  p95 ${pct(95)} ms  p99 ${pct(99)} ms  errors ${errors}`,
  );
}

function rssOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)[1]) / 1024;
  } catch {
    return NaN;
  }
}

function initialJs(dir) {
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(?:admin\/)?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const buf = fs.readFileSync(path.join(dir, f));
    raw += buf.length;
    gz += zlib.gzipSync(buf, { level: 9 }).length;
  }
  return { files: files.length, raw, gz };
}

const first = startServer();
await waitUp();
console.log(`first start (initdb + migrations): ${(performance.now() - first.t0).toFixed(0)} ms`);
first.child.kill('SIGTERM');
await new Promise((r) => first.child.on('exit', r));
const { child, t0 } = startServer();
await waitUp();
console.log(`second start (existing data):      ${(performance.now() - t0).toFixed(0)} ms`);
console.log(`server RSS idle:                   ${rssOf(child.pid).toFixed(0)} MiB`);

const admin = (await call('POST', '/v1/admin/login', { username: 'admin', password: 'bench-admin-pass' })).data.token;
const phones = Array.from({ length: 40 }, (_, i) => `1370000${String(i).padStart(4, '0')}`);
const tokens = [];
for (const phone of phones) {
  const cap = await call('GET', '/v1/iyd/captcha');
  await call('POST', '/v1/iyd/send', { phone, scene: 'register', captchaId: cap.data.captchaId, captchaCode: 'bench' });
  const box = await call('GET', `/v1/admin/sms/outbox?phone=${phone}`, undefined, admin);
  const code = /\d{6}/.exec(box.data.list[0].content)[0];
  tokens.push(
    (await call('POST', '/v1/iyd/member/register', { phone, smsCode: code, password: 'Bench1234' })).data.token,
  );
}
const members = (await call('GET', '/v1/admin/members?pageSize=50', undefined, admin)).data.list;

await load('GET /member/info', 3000, 20, (i) =>
  call('GET', '/v1/iyd/member/info', undefined, tokens[i % tokens.length]),
);
await load('GET /captcha', 500, 10, () => call('GET', '/v1/iyd/captcha'));
await load('POST /member/login (scrypt)', 200, 4, (i) =>
  call('POST', '/v1/iyd/member/login', { phone: phones[i % phones.length], password: 'Bench1234' }),
);
await load('POST admin deposit (ledger)', 1000, 20, (i) =>
  call(
    'POST',
    `/v1/admin/members/${members[i % members.length].id}/deposit`,
    { amount: 100 + i, remark: 'bench' },
    admin,
  ),
);
console.log(`server RSS after load:             ${rssOf(child.pid).toFixed(0)} MiB`);
const rec = await call('GET', '/v1/admin/reconcile', undefined, admin);
console.log(`reconciliation after load:         ok=${rec.data.ok} wallets=${rec.data.wallets}`);

for (const app of ['web', 'admin']) {
  const dir = path.join(root, 'apps', app, 'dist');
  if (!fs.existsSync(dir)) continue;
  const s = initialJs(dir);
  console.log(
    `${app} initial JS:  ${s.files} files, ${(s.raw / 1024).toFixed(0)} KiB, ${(s.gz / 1024).toFixed(0)} KiB gzip`,
  );
}

child.kill('SIGTERM');
await new Promise((r) => child.on('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
