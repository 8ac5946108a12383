// A rolling deployment behind Debian's nginx: deploy/nginx-antique-house.conf (rendered with
// this test's ports) in front of two instances on a throwaway Debian PostgreSQL. While 20
// members browse, bid and watch a live lot through nginx, each instance in turn is stopped
// (SIGTERM) and started again on its port. No request may fail, every stream reconnects and
// sees the final price, every acknowledged bid is in the lot's history, the lot closes once.
// Then the per-address limits, through nginx: the client's address, never a forged one.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, CAPTCHA, startInstance, type Instance } from './support/instances.js';
import { debianPgBin, freePort, has, nginxBin, startCluster, type Cluster } from './support/system.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MEMBERS = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The site file of deploy/, on this test's ports, inside a minimal nginx.conf of a temp prefix. */
function renderNginx(prefix: string, listen: number, upstreams: number[], down?: number): string {
  let site = fs.readFileSync(path.join(root, 'deploy/nginx-antique-house.conf'), 'utf8');
  site = site
    .replace('server 127.0.0.1:8081', `server 127.0.0.1:${upstreams[0]}`)
    .replace('server 127.0.0.1:8082', `server 127.0.0.1:${upstreams[1]}`)
    // what deploy/rolling-restart.sh does to the site before restarting an instance
    .replace(new RegExp(`(server 127\\.0\\.0\\.1:${down}\\b[^;]*);`), '$1 down;')
    .replace(/^\s*listen \[::\]:80;\n/m, '')
    .replace(/listen 80;/, `listen 127.0.0.1:${listen};`);
  expect(site).toContain(`127.0.0.1:${upstreams[1]}`);
  const tmp = path.join(prefix, 'tmp');
  for (const d of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) fs.mkdirSync(path.join(tmp, d), { recursive: true });
  // Run as root, nginx's workers are `nobody`: they write the temp folders.
  fs.chmodSync(tmp, 0o777);
  for (const d of fs.readdirSync(tmp)) fs.chmodSync(path.join(tmp, d), 0o777);
  return `worker_processes 1;
error_log ${prefix}/error.log warn;
events { worker_connections 2048; }
http {
  access_log ${prefix}/access.log;
  client_body_temp_path ${tmp}/body;
  proxy_temp_path ${tmp}/proxy;
  fastcgi_temp_path ${tmp}/fastcgi;
  uwsgi_temp_path ${tmp}/uwsgi;
  scgi_temp_path ${tmp}/scgi;
${site}
}
`;
}

interface Answer {
  status: number;
  body: { code?: number; msg?: string; data?: any } | undefined;
  text: string;
}

/** An HTTP client from one loopback address (a member's phone), keeping its connections alive. */
function clientFrom(localAddress: string, base: string) {
  const agent = new http.Agent({ keepAlive: true, localAddress, maxSockets: 4 });
  const call = (
    method: string,
    url: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string>; raw?: Buffer } = {},
    retried = false,
  ): Promise<Answer> =>
    new Promise<Answer>((resolve, reject) => {
      const payload = opts.raw ?? (opts.body !== undefined ? Buffer.from(JSON.stringify(opts.body)) : undefined);
      const req = http.request(
        `${base}${url}`,
        {
          method,
          agent,
          headers: {
            ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
            ...(opts.raw ? { 'content-type': 'image/png' } : {}),
            ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
            ...(payload ? { 'content-length': String(payload.length) } : {}),
            ...opts.headers,
          },
        },
        (res) => {
          let text = '';
          res.setEncoding('utf8');
          res.on('data', (d) => (text += d));
          res.on('end', () => {
            let body: Answer['body'];
            try {
              body = JSON.parse(text) as Answer['body'];
            } catch {
              body = undefined;
            }
            resolve({ status: res.statusCode!, body, text });
          });
          res.on('error', reject);
        },
      );
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept-alive connection that nginx closed as this request left (an old worker after
        // a reload): nothing was answered, so a phone's browser sends it again, as here once.
        if (req.reusedSocket && err.code === 'ECONNRESET' && !retried) resolve(call(method, url, opts, true));
        else reject(err);
      });
      req.end(payload);
    });
  return { call, agent };
}

/** A valid (checksummed) mainland ID number, distinct by `n`. */
function idNumber(n: number): string {
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const body = `11010119800101${String(100 + n).padStart(3, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  return body + '10X98765432'[sum % 11]!;
}

// A 16×16 PNG: the ID card pictures and the lot's photo.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAAJ0lEQVR42mNk+M9AEmBiIBGMahjVMKphVMOohlENoxpGNYxqGPYaADfmAh+5k6EuAAAAAElFTkSuQmCC',
  'base64',
);

const pgBin = debianPgBin();
const nginx = nginxBin();
const ready = has('nginx', nginx) && has('postgresql', pgBin);

describe.skipIf(!ready)('a rolling restart behind nginx', () => {
  let cluster: Cluster | undefined;
  let proxy: ChildProcess | undefined;
  const instances: Instance[] = [];
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'ops-nginx-'));
  afterAll(async () => {
    proxy?.kill('SIGQUIT');
    await Promise.all(instances.map((i) => i.stop('SIGKILL')));
    cluster?.stop('immediate');
  });

  it('loses no request, no stream update and no bid while each instance restarts in turn; the limits see the client through nginx', async () => {
    const began = Date.now();
    const step = (what: string) => console.log(`[nginx-rolling ${((Date.now() - began) / 1000).toFixed(1)} s] ${what}`);
    cluster = await startCluster(pgBin!, { max_connections: '200' });
    const [front, portA, portB] = [await freePort(), await freePort(), await freePort()];
    const env = {
      DATABASE_URL: cluster.url(),
      TRUST_PROXY: '1',
      SHUTDOWN_GRACE_MS: '2000',
      RATE_LIMIT_PER_ADDRESS: '60',
      DATA_DIR: path.join(prefix, 'data'),
      LOG_LEVEL: process.env.OPS_LOG_LEVEL ?? 'warn',
    };
    step('cluster up');
    [instances[0], instances[1]] = await Promise.all([
      startInstance(env, { port: portA, startMs: 150_000 }),
      startInstance(env, { port: portB, startMs: 150_000 }),
    ]);
    step('instances up');
    const conf = path.join(prefix, 'nginx.conf');
    fs.writeFileSync(conf, renderNginx(prefix, front, [portA, portB]));
    proxy = spawn(
      nginx!,
      ['-p', prefix, '-e', path.join(prefix, 'error.log'), '-c', conf, '-g', `daemon off; pid ${prefix}/nginx.pid;`],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let nginxOut = '';
    proxy.stderr!.on('data', (d) => (nginxOut += d));
    const base = `http://127.0.0.1:${front}`;
    for (let i = 0; i < 50; i++) {
      try {
        if ((await fetch(`${base}/v1/iyd/category/list`)).ok) break;
      } catch {
        /* not yet */
      }
      await sleep(100);
    }
    expect(nginxOut).toBe('');
    // The probes and the metrics are the instances' own, not the public's.
    for (const probe of ['/healthz', '/readyz', '/metrics']) expect((await fetch(base + probe)).status).toBe(404);

    step('nginx up');
    // The operator, from the house's own address.
    const house = clientFrom('127.0.0.1', base);
    const login = await house.call('POST', '/v1/admin/login', {
      body: { username: 'admin', password: ADMIN_PASSWORD },
    });
    expect(login.body?.code, login.text).toBe(200);
    const op = login.body!.data.token as string;
    const okData = (a: Answer) => {
      expect(a.body?.code, a.text).toBe(200);
      return a.body!.data;
    };
    // Bids near the end would extend the lot by two minutes: the test's lot ends when planned.
    okData(await house.call('PUT', '/v1/admin/settings', { token: op, body: { softCloseSeconds: 0 } }));

    // 20 members, each from a phone of its own address: registered, verified, with money.
    const members = await Promise.all(
      Array.from({ length: MEMBERS }, async (_, i) => {
        const phone = `139${String(10_000_000 + i * 7919 + crypto.randomInt(0, 7000)).padStart(8, '0')}`;
        const c = clientFrom(`127.0.0.${20 + i}`, base);
        const captcha = okData(await c.call('GET', '/v1/iyd/captcha'));
        okData(
          await c.call('POST', '/v1/iyd/send', {
            body: { phone, scene: 'register', captchaId: captcha.captchaId, captchaCode: CAPTCHA },
          }),
        );
        const outbox = okData(
          await house.call('GET', `/v1/admin/sms/outbox?phone=${phone}&page=1&pageSize=5`, { token: op }),
        );
        const smsCode = /\d{6}/.exec(outbox.list[0].content as string)![0];
        const token = okData(
          await c.call('POST', '/v1/iyd/member/register', { body: { phone, smsCode, password: 'Passw0rd1' } }),
        ).token as string;
        const id = okData(await c.call('GET', '/v1/iyd/member/info', { token })).id as number;
        const pictures: string[] = [];
        for (let k = 0; k < 2; k++) {
          const target = okData(await c.call('GET', '/v1/iyd/oss?purpose=idcard', { token }));
          const put = okData(
            await c.call('PUT', new URL(target.uploadUrl, base).pathname + new URL(target.uploadUrl, base).search, {
              raw: PNG,
            }),
          );
          pictures.push(put.url as string);
        }
        okData(
          await c.call('POST', '/v1/iyd/member/auth', {
            token,
            body: { realName: '张三', idNumber: idNumber(i), frontImage: pictures[0], backImage: pictures[1] },
          }),
        );
        okData(await house.call('POST', `/v1/admin/realname/${id}/review`, { token: op, body: { approve: true } }));
        okData(
          await house.call('POST', `/v1/admin/members/${id}/deposit`, {
            token: op,
            body: { amount: 100_000_000, remark: `bank transfer ${i}` },
          }),
        );
        return { i, id, token, c };
      }),
    );

    step('members registered');
    // The operator puts a piece up: live now, ending in 35 s (during or after the restarts).
    const categoryId = okData(
      await house.call('POST', '/v1/admin/categories', {
        token: op,
        body: { name: '瓷器', icon: '', parentId: null, sort: 0 },
      }),
    ).id as number;
    const target = okData(await house.call('GET', '/v1/admin/oss?purpose=product', { token: op }));
    const photo = okData(
      await house.call('PUT', new URL(target.uploadUrl, base).pathname + new URL(target.uploadUrl, base).search, {
        raw: PNG,
      }),
    ).url as string;
    const productId = okData(
      await house.call('POST', '/v1/admin/products', {
        token: op,
        body: {
          title: '清乾隆 青花缠枝莲纹梅瓶',
          categoryId,
          cover: photo,
          images: [photo],
          price: 100_000,
          marketPrice: 100_000,
          stock: 1,
          description: '<p>旧藏</p>',
          era: '清',
          material: '瓷',
          dimensions: '高 30cm',
          provenance: '上海私人旧藏',
          tags: [],
          onSale: false,
        },
      }),
    ).id as number;
    const endsAt = Date.now() + 35_000;
    const lotId = okData(
      await house.call('POST', '/v1/admin/lots', {
        token: op,
        body: { productId, startPrice: 10_000, startsAt: Date.now(), endsAt },
      }),
    ).id as number;

    step('lot live');
    // What everyone saw: a request that failed (neither 2xx nor a refusal in the envelope), bids acknowledged.
    const failures: string[] = [];
    const accepted: { memberId: number; maxBid: number }[] = [];
    const refusals: Record<string, number> = {};
    let requests = 0;
    const counted = async (what: string, p: Promise<Answer>) => {
      requests += 1;
      try {
        const a = await p;
        const refusal = a.status >= 400 && a.status < 500 && typeof a.body?.code === 'number' && a.body.data?.reason;
        if (!(a.status >= 200 && a.status < 300) && !refusal)
          failures.push(`${what}: ${a.status} ${a.text.slice(0, 120)}`);
        return a;
      } catch (e) {
        failures.push(`${what}: ${(e as Error).message}`);
        return undefined;
      }
    };

    // Each member's live stream, as the app keeps it: back at once on `reconnect` or a drop.
    let watching = true;
    const streams = members.map((m) => {
      const s = { connects: 0, reconnectEvents: 0, prices: [] as number[], last: undefined as any, refused: 0 };
      const open = () => {
        if (!watching) return;
        s.connects += 1;
        const req = http.get(
          `${base}/v1/iyd/auction/stream?ids=${lotId}`,
          { agent: false, localAddress: `127.0.0.${20 + m.i}`, headers: { authorization: `Bearer ${m.token}` } },
          (res) => {
            if (res.statusCode !== 200) {
              s.refused += 1;
              failures.push(`stream ${m.i}: ${res.statusCode}`);
              res.resume();
              setTimeout(open, 1_000);
              return;
            }
            let buffer = '';
            res.setEncoding('utf8');
            res.on('data', (d: string) => {
              buffer += d;
              let at: number;
              while ((at = buffer.indexOf('\n\n')) >= 0) {
                const block = buffer.slice(0, at);
                buffer = buffer.slice(at + 2);
                const event = /^event: (.*)$/m.exec(block)?.[1];
                const data = /^data: (.*)$/m.exec(block)?.[1];
                if (event === 'lot' && data) {
                  s.last = JSON.parse(data);
                  s.prices.push(s.last.currentPrice as number);
                } else if (event === 'reconnect') {
                  s.reconnectEvents += 1;
                  req.destroy();
                }
              }
            });
            const again = () => setTimeout(open, Math.random() * 250);
            res.on('close', again);
          },
        );
        req.on('error', () => undefined);
      };
      open();
      return s;
    });

    // Browsing and bidding until the restarts are over.
    let trading = true;
    const traffic = members.map(async (m) => {
      while (trading) {
        const info = await counted('lot', m.c.call('GET', `/v1/iyd/auction/info?id=${lotId}`, { token: m.token }));
        await counted('lots', m.c.call('GET', '/v1/iyd/auction/list?page=1&pageSize=10', { token: m.token }));
        await counted('products', m.c.call('GET', '/v1/iyd/product/list?page=1&pageSize=6', { token: m.token }));
        const next = info?.body?.data?.nextMinimum as number | undefined;
        if (next && Math.random() < 0.5) {
          const maxBid = next + crypto.randomInt(0, 3) * 1_000;
          const bid = await counted(
            'bid',
            m.c.call('POST', '/v1/iyd/auction/match', {
              token: m.token,
              body: { id: lotId, maxBid },
              headers: { 'idempotency-key': crypto.randomUUID() },
            }),
          );
          if (bid?.status === 200) accepted.push({ memberId: m.id, maxBid });
          else if (bid?.body?.data?.reason)
            refusals[bid.body.data.reason as string] = (refusals[bid.body.data.reason as string] ?? 0) + 1;
        }
        await sleep(100 + Math.random() * 200);
      }
    });

    await sleep(2_000);
    const shutdownMs: number[] = [];
    /** nginx reloaded with `conf` (SIGHUP), once its old worker has finished what it had. */
    const reload = async (site: string) => {
      fs.writeFileSync(conf, site);
      proxy!.kill('SIGHUP');
      // as deploy/rolling-restart.sh: the old worker finishes the requests it had sent
      await sleep(2_000);
    };
    for (const [k, port] of [portA, portB].entries()) {
      // deploy/rolling-restart.sh: out of nginx first (open-source nginx has no active health
      // checks; a request must never meet the closing listener), restarted, then back in.
      await reload(renderNginx(prefix, front, [portA, portB], port));
      step(`instance ${k + 1} out of nginx`);
      const t0 = Date.now();
      const code = await Promise.race([instances[k]!.stop('SIGTERM'), sleep(15_000).then(() => -2)]);
      shutdownMs.push(Date.now() - t0);
      step(`instance ${k + 1} stopped (${code}) in ${Date.now() - t0} ms`);
      expect(code, instances[k]!.output()).toBe(0);
      instances[k] = await startInstance(env, { port, startMs: 150_000 });
      step(`instance ${k + 1} started again`);
      for (let i = 0; i < 100; i++) {
        if ((await fetch(`${instances[k]!.url}/readyz`)).status === 200) break;
        await sleep(100);
      }
      await reload(renderNginx(prefix, front, [portA, portB]));
      step(`instance ${k + 1} back in nginx`);
    }
    step('restarts done');
    trading = false;
    await Promise.all(traffic);
    const restartsDone = Date.now();

    // The lot closes (once) at its end; every stream sees the final price.
    await sleep(Math.max(0, endsAt - Date.now()) + 1_500);
    let final: any;
    for (let i = 0; i < 50; i++) {
      final = okData(await house.call('GET', `/v1/iyd/auction/info?id=${lotId}`));
      if (final.status !== 'live') break;
      await sleep(200);
    }
    step('lot closed');
    expect(final.status).toBe('sold');
    await sleep(500);
    watching = false;

    const summary = {
      requests,
      failures: failures.length,
      accepted: accepted.length,
      refusals,
      shutdownMs,
      connects: streams.map((s) => s.connects),
      restartsMs: restartsDone - began,
    };
    console.log('nginx rolling restart:', JSON.stringify(summary));
    expect(failures).toEqual([]);
    expect(requests).toBeGreaterThan(200);
    for (const ms of shutdownMs) expect(ms).toBeLessThan(10_000);
    for (const s of streams) {
      // Each instance restarted, so each stream was moved at least once, told to by the server.
      expect(s.reconnectEvents).toBeGreaterThanOrEqual(1);
      expect(s.last).toMatchObject({ id: lotId, currentPrice: final.currentPrice, status: 'sold' });
      // Prices only ever go up on screen.
      expect(s.prices).toEqual([...s.prices].sort((a, b) => a - b));
    }

    // Every acknowledged bid is in the lot's history; one winner, one order.
    const db = new pg.Client({ connectionString: cluster.url() });
    await db.connect();
    const rows = await db.query<{ member_id: number; max_bid: string }>(
      'SELECT member_id, max_bid FROM bids WHERE lot_id = $1',
      [lotId],
    );
    await db.end();
    const recorded = new Set(rows.rows.map((r) => `${r.member_id}:${Number(r.max_bid)}`));
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.filter((b) => !recorded.has(`${b.memberId}:${b.maxBid}`))).toEqual([]);
    expect(final.bidCount).toBe(rows.rowCount);
    const orders = await Promise.all(
      members.map(async (m) => {
        const list = okData(
          await m.c.call('GET', '/v1/iyd/order/list?page=1&pageSize=20&source=auction', { token: m.token }),
        );
        return (list.list as unknown[]).length;
      }),
    );
    expect(orders.reduce((a, b) => a + b, 0)).toBe(1);

    // The per-address limits through nginx (60 a minute an instance): the address nginx appended.
    const guest = (address: string) => clientFrom(address, base);
    const a = guest('127.0.0.200');
    let refusedAt = 0;
    for (let i = 1; i <= 140 && !refusedAt; i++) {
      if ((await a.call('GET', '/v1/iyd/category/list')).status === 429) refusedAt = i;
    }
    expect(refusedAt).toBeGreaterThan(60);
    expect(refusedAt).toBeLessThanOrEqual(122);
    // Until both instances refuse it.
    for (let i = 0; i < 70; i++) await a.call('GET', '/v1/iyd/category/list');
    const limited = await a.call('GET', '/v1/iyd/category/list');
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 429, data: { reason: 'RATE_LIMITED' } });
    // Another address is not limited: the server does not see nginx's address for everyone.
    expect((await guest('127.0.0.201').call('GET', '/v1/iyd/category/list')).status).toBe(200);
    // The limited client writing another address in X-Forwarded-For is still itself.
    for (let i = 0; i < 4; i++) {
      const forged = await a.call('GET', '/v1/iyd/category/list', { headers: { 'x-forwarded-for': '127.0.0.202' } });
      expect(forged.status).toBe(429);
    }
    // And a fresh client naming the limited address is not charged as it.
    for (let i = 0; i < 4; i++) {
      const posing = await guest('127.0.0.203').call('GET', '/v1/iyd/category/list', {
        headers: { 'x-forwarded-for': '127.0.0.200' },
      });
      expect(posing.status).toBe(200);
    }
    // nginx logs each refused connection of a restarting instance; nothing else went wrong behind it.
    const log = fs.readFileSync(path.join(prefix, 'error.log'), 'utf8');
    expect(log).not.toMatch(/no live upstreams|upstream prematurely closed|\[(crit|alert|emerg)\]/);
  }, 420_000);
});
