import crypto from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { movableClock } from '../lib/clock.js';
import {
  ADMIN_PASSWORD,
  createProduct,
  operatorToken,
  registerMember,
  TEST_CAPTCHA,
  injectCaller,
  type TestApp,
} from '../test/harness.js';
import { connect } from './client.js';
import * as schema from './schema/index.js';
import {
  createReadRouting,
  FRESH_COOKIE,
  lagOf,
  lsnOf,
  lsnProbe,
  type ProbeResult,
  type ReadRouting,
} from './replica.js';

// Which side answers is told by the rows: the "replica" here is the test database seen
// through a search_path whose first schema holds copies of the public tables with other
// titles. A real streaming replica (lag, loss) is ops/replica.test.ts; this is the routing.
const REPLICA_APP = 'replica-routing-test';
const MAX_LAG = 1_000;

let t: TestApp;
let routing: ReadRouting;
let probeAnswer: ProbeResult = { lagMs: 0 };
let nowMs = Date.now();
let replicaPool: pg.Pool;
let primaryPool: pg.Pool;
let dbUrl: string;
let admin: string;
let productId: number;
let newsId: number;

async function setUp() {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  await c.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await c.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  dbUrl = u.toString();
  const primary = connect(u.toString(), 10);
  primaryPool = primary.pool;
  const replicaUrl = new URL(dbUrl);
  replicaUrl.host = `127.0.0.1:${await replicaLink.open(u.hostname, Number(u.port || 5432))}`;
  replicaPool = connect(replicaUrl.toString(), 4, {
    application_name: REPLICA_APP,
    options: '-c search_path=replica_copy,public',
  }).pool;
  routing = createReadRouting({
    primary: primary.pool,
    replica: replicaPool,
    maxLagMs: MAX_LAG,
    log: { info: () => undefined, warn: () => undefined },
    asDb: (p) => drizzle(p, { schema }),
    probe: async () => probeAnswer,
    checkEveryMs: 10_000,
    now: () => nowMs,
  });
  await routing.check();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `antique-${name}`),
    CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    RATE_LIMITS: 'off',
  });
  const clock = movableClock();
  const { app, services } = await buildApp({ db: primary.db, reads: routing, config, clock, logger: false });
  await services.operators.ensureFirstAdmin(ADMIN_PASSWORD);
  afterAll(async () => {
    await app.close();
    await routing.close();
    replicaLink.cut();
    await primary.pool.end();
    const d = new pg.Client({ connectionString: adminUrl });
    await d.connect();
    await d.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await d.end();
  });
  return { app, db: primary.db, services, clock, call: injectCaller(app) } satisfies TestApp;
}

/**
 * The replica's address: a TCP relay to the test database that can be cut (every connection
 * dropped, new ones refused) and opened again on the same port, as a replica stopping and starting.
 */
const replicaLink = (() => {
  let server: net.Server | undefined;
  let port = 0;
  let target = { host: '', port: 0 };
  const sockets = new Set<net.Socket>();
  const listen = () =>
    new Promise<number>((resolve) => {
      server = net.createServer((client) => {
        const up = net.connect(target.port, target.host);
        for (const s of [client, up]) {
          sockets.add(s);
          s.on('error', () => undefined);
          s.on('close', () => {
            sockets.delete(s);
            client.destroy();
            up.destroy();
          });
        }
        client.pipe(up).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve((port = (server!.address() as net.AddressInfo).port)));
    });
  return {
    open(host: string, p: number) {
      target = { host, port: p };
      return listen();
    },
    reopen: listen,
    cut() {
      server?.close();
      for (const s of sockets) s.destroy();
    },
  };
})();

/** After the pin of a write has run out. */
const later = () => (nowMs += 60_000);

const productTitle = async (opts: { token?: string; headers?: Record<string, string> } = {}) => {
  const r = await t.call('GET', '/v1/iyd/product/info', { ...opts, query: { id: productId } });
  expect(r.code, r.msg).toBe(200);
  return r.data.title as string;
};
const listTitle = async () => {
  const r = await t.call('GET', '/v1/iyd/product/list', { query: { page: 1, pageSize: 10 } });
  expect(r.code, r.msg).toBe(200);
  return (r.data.list as { id: number; title: string }[]).find((p) => p.id === productId)?.title;
};

beforeAll(async () => {
  t = await setUp();
  admin = await operatorToken(t);
  productId = (await createProduct(t, admin, { title: '清 粉彩花卉纹盘' })).id;
  const news = await t.call('POST', '/v1/admin/news', {
    token: admin,
    body: { title: '秋季拍卖会预展', content: '<p>预展开放</p>', published: true },
  });
  expect(news.code, news.msg).toBe(200);
  newsId = news.data.id as number;
  // The "replica": the same rows under other titles, first on its search_path.
  const c = new pg.Client({ connectionString: dbUrl });
  await c.connect();
  await c.query(`CREATE SCHEMA replica_copy;
    CREATE TABLE replica_copy.products AS SELECT * FROM public.products;
    CREATE TABLE replica_copy.articles AS SELECT * FROM public.articles;
    CREATE TABLE replica_copy.categories AS SELECT * FROM public.categories;
    UPDATE replica_copy.categories SET name = name || '（副本）';
    UPDATE replica_copy.products SET title = title || '（副本）';
    UPDATE replica_copy.articles SET title = title || '（副本）';`);
  await c.end();
  later();
});

describe('public reads with DATABASE_REPLICA_URL', () => {
  it('serves a guest the catalogue, a product page and the news from the replica, the console from the primary', async () => {
    expect(await productTitle()).toBe('清 粉彩花卉纹盘（副本）');
    expect(await listTitle()).toBe('清 粉彩花卉纹盘（副本）');
    const news = await t.call('GET', '/v1/iyd/news/list', { query: { page: 1, pageSize: 10 } });
    expect(news.data.list[0].title).toBe('秋季拍卖会预展（副本）');
    const article = await t.call('GET', '/v1/iyd/news/info', { query: { id: newsId } });
    expect(article.data.title).toBe('秋季拍卖会预展（副本）');

    const console = await t.call('GET', `/v1/admin/products/${productId}`, { token: admin });
    expect(console.data.title).toBe('清 粉彩花卉纹盘');
    const consoleList = await t.call('GET', '/v1/admin/products', { token: admin, query: { page: 1, pageSize: 10 } });
    expect(consoleList.data.list[0].title).toBe('清 粉彩花卉纹盘');
    // The same service call (categories) for a guest and for the console: each from its side.
    const guestCategories = await t.call('GET', '/v1/iyd/category/list');
    expect(guestCategories.data[0].name).toMatch(/^瓷器.*（副本）$/);
    const consoleCategories = await t.call('GET', '/v1/admin/categories', { token: admin });
    expect(consoleCategories.data[0].name).toMatch(/^瓷器[0-9a-f]{4}$/);
    // Work outside a request (a job, start-up) reads the primary.
    expect((await t.services.catalogue.product(productId)).title).toBe('清 粉彩花卉纹盘');
    expect(routing.status()).toMatchObject({ state: 'serving', lagMs: 0 });
    expect(routing.status().replicaReads).toBeGreaterThan(0);
  });

  it('reads a member’s own data on the primary, and everything for a while after they write', async () => {
    const m = await registerMember(t);
    const collect = await t.call('POST', '/v1/iyd/product/collect', {
      token: m.token,
      body: { id: productId, collected: true },
    });
    expect(collect.code, collect.msg).toBe(200);
    // Just written: the product page through the primary, by the member's token on this instance…
    expect(await productTitle({ token: m.token })).toBe('清 粉彩花卉纹盘');
    // …and, on any instance, by the cookie the write's answer set.
    const setCookie = String(collect.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${FRESH_COOKIE}=\\d+; Max-Age=\\d+; Path=/; HttpOnly; SameSite=Lax`));
    const cookie = setCookie.split(';')[0]!;
    expect(await productTitle({ headers: { cookie } })).toBe('清 粉彩花卉纹盘');
    expect(await productTitle()).toBe('清 粉彩花卉纹盘（副本）');

    later();
    // The pin has run out: the page on the replica, the member's own mark on the primary.
    const page = await t.call('GET', '/v1/iyd/product/info', { token: m.token, query: { id: productId } });
    expect(page.data).toMatchObject({ title: '清 粉彩花卉纹盘（副本）', collected: true });
    expect(await productTitle({ headers: { cookie } })).toBe('清 粉彩花卉纹盘（副本）');
    // The member's collection is their own data: the primary's (where the replica has no such row).
    const mine = await t.call('GET', '/v1/iyd/product/list', {
      token: m.token,
      query: { page: 1, pageSize: 10, collected: 1 },
    });
    expect(mine.data.list.map((p: { title: string }) => p.title)).toEqual(['清 粉彩花卉纹盘']);
  });

  it('an operator who just edited reads the member app through the primary too', async () => {
    const edit = await t.call('GET', `/v1/admin/products/${productId}`, { token: admin });
    const saved = await t.call('PUT', `/v1/admin/products/${productId}`, {
      token: admin,
      body: { ...edit.data, title: '清 粉彩花卉纹盘 一对' },
    });
    expect(saved.code, saved.msg).toBe(200);
    const cookie = String(saved.headers['set-cookie']).split(';')[0]!;
    expect(await productTitle({ headers: { cookie } })).toBe('清 粉彩花卉纹盘 一对');
    expect(await productTitle()).toBe('清 粉彩花卉纹盘（副本）');
    later();
  });

  it('sends the reads to the primary while the replica is too far behind, gone or not a standby', async () => {
    probeAnswer = { lagMs: MAX_LAG + 1 };
    await routing.check();
    expect(routing.status()).toMatchObject({ state: 'lagging', lagMs: MAX_LAG + 1 });
    expect(await productTitle()).toBe('清 粉彩花卉纹盘 一对');

    probeAnswer = { lagMs: MAX_LAG - 1 };
    await routing.check();
    expect(await productTitle()).toBe('清 粉彩花卉纹盘（副本）');

    probeAnswer = { unusable: 'unreachable', reason: 'connection refused' };
    await routing.check();
    expect(routing.status()).toMatchObject({ state: 'unreachable', lagMs: null });
    expect(await listTitle()).toBe('清 粉彩花卉纹盘 一对');

    probeAnswer = { unusable: 'not-a-replica', reason: 'not in recovery' };
    await routing.check();
    expect(await listTitle()).toBe('清 粉彩花卉纹盘 一对');

    probeAnswer = { lagMs: 0 };
    await routing.check();
    expect(await listTitle()).toBe('清 粉彩花卉纹盘（副本）');
  });

  it('runs a read that fails on the replica again on the primary: the request never fails', async () => {
    expect(await productTitle()).toBe('清 粉彩花卉纹盘（副本）');
    const before = routing.status().retried;
    // The replica goes away: its connections dropped, new ones refused.
    replicaLink.cut();
    const answers = await Promise.all([productTitle(), productTitle(), listTitle()]);
    expect(answers).toEqual(['清 粉彩花卉纹盘 一对', '清 粉彩花卉纹盘 一对', '清 粉彩花卉纹盘 一对']);
    expect(routing.status().retried).toBeGreaterThan(before);
    expect(routing.status().state).toBe('unreachable');
    // Until a check finds it well again.
    expect(await productTitle()).toBe('清 粉彩花卉纹盘 一对');
    await replicaLink.reopen();
    await routing.check();
    expect(await productTitle()).toBe('清 粉彩花卉纹盘（副本）');
  });

  it('finds that a database which is not a standby is no replica', async () => {
    const probe = lsnProbe(primaryPool, replicaPool, { timeoutMs: 2_000 });
    expect(await probe()).toMatchObject({ unusable: 'not-a-replica' });
  });
});

describe('the replica’s lag', () => {
  it('reads WAL positions', () => {
    expect(lsnOf('0/16B3748')).toBe(0x16b3748n);
    expect(lsnOf('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
  });

  it('is the time since the primary was first seen past what the replica replayed; an idle primary is no lag', () => {
    const samples = [
      { at: 1_000, lsn: 100n },
      { at: 2_000, lsn: 200n },
      { at: 3_000, lsn: 300n },
    ];
    expect(lagOf(samples, 300n, 10_000)).toBe(0);
    // an hour without writes, every one replayed
    expect(lagOf([{ at: 0, lsn: 300n }], 300n, 3_600_000)).toBe(0);
    expect(lagOf(samples, 250n, 3_500)).toBe(500);
    expect(lagOf(samples, 100n, 4_000)).toBe(2_000);
    expect(lagOf(samples, 50n, 4_000)).toBe(3_000);
  });
});
