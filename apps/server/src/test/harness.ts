import crypto from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type Services } from '../app.js';
import { loadConfig } from '../config.js';
import { connect, type Db } from '../db/client.js';
import { movableClock, type MovableClock } from '../lib/clock.js';

export const TEST_CAPTCHA = 'test';
export const ADMIN_PASSWORD = 'admin-password-1';
export const TEST_PASSWORD_HASH_COST = '10';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  services: Services;
  clock: MovableClock;
  /** Calls the API; returns the HTTP status, the envelope and the headers. */
  call<T = any>(
    method: string,
    url: string,
    opts?: {
      token?: string;
      body?: unknown;
      query?: Record<string, string | number>;
      headers?: Record<string, string>;
    },
  ): Promise<{ status: number; code: number; msg: string; data: T; headers: Record<string, unknown> }>;
}

const openApps: (() => Promise<void>)[] = [];
/**
 * Closes every app this file made and drops its database: test/setup.ts, after each file's tests.
 * (Not an afterAll registered from inside beforeAll: with the files sharing a worker, those ran
 * only when the worker ended, and the databases of 50 finished files stayed open.)
 */
export async function closeTestApps() {
  for (const close of openApps.splice(0).reverse()) await close();
}

/** A fresh database copied from the migrated template, and the app on top of it. */
export async function createTestApp(env: Record<string, string> = {}, { firstAdmin = true } = {}): Promise<TestApp> {
  const adminUrl = inject('pgAdminUrl');
  const name = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const { db, pool } = connect(u.toString(), 20);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(os.tmpdir(), `antique-${name}`),
    CAPTCHA_TEST_CODE: TEST_CAPTCHA,
    RATE_LIMITS: 'off',
    // scrypt at 2^10 instead of the house's 2^15: at 2^15 hashing was 80% of this suite's time
    // (password-hash.test.ts checks the house's cost itself).
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    ...env,
  });
  const clock = movableClock();
  const { app, services } = await buildApp({ db, config, clock, logger: false });
  if (firstAdmin) await services.operators.ensureFirstAdmin(ADMIN_PASSWORD);
  openApps.push(async () => {
    await app.close();
    await pool.end();
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });

  return { app, db, services, clock, call: injectCaller(app) };
}

/** Calls `app` in process (app.inject) and reads the envelope. */
export function injectCaller(app: TestApp['app']): TestApp['call'] {
  return async (method, url, opts = {}) => {
    const headers: Record<string, string> = { ...(opts.headers ?? {}) };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const req: InjectOptions = { method: method as InjectOptions['method'], url, headers };
    if (opts.body !== undefined) req.payload = opts.body as InjectOptions['payload'];
    if (opts.query) req.query = Object.fromEntries(Object.entries(opts.query).map(([k, v]) => [k, String(v)]));
    const res = await app.inject(req);
    const body = res.json() as { code: number; msg: string; data: any };
    return { status: res.statusCode, code: body.code, msg: body.msg, data: body.data, headers: res.headers };
  };
}

let phoneSeq = 0;
/** A phone number no other test of this file uses. */
export function newPhone(): string {
  phoneSeq += 1;
  // Eleven digits always: the count wraps (a file has its own database; files share a worker).
  return `139${String(process.pid % 10000).padStart(4, '0')}${String(phoneSeq % 10000).padStart(4, '0')}`;
}

export async function captcha(t: TestApp): Promise<string> {
  const r = await t.call('GET', '/v1/iyd/captcha');
  return r.data.captchaId as string;
}

/** The newest code texted to a phone, read from the outbox as an operator would. */
export async function lastSmsCode(t: TestApp, phone: string): Promise<string> {
  const [m] = (await t.services.sms.outbox({ phone, page: 1, pageSize: 1 })).list;
  const code = /\d{6}/.exec(m?.content ?? '')?.[0];
  if (!code) throw new Error(`no SMS for ${phone}`);
  return code;
}

export async function sendCode(t: TestApp, phone: string | undefined, scene: string, token?: string) {
  const r = await t.call('POST', '/v1/iyd/send', {
    token,
    body: { ...(phone ? { phone } : {}), scene, captchaId: await captcha(t), captchaCode: TEST_CAPTCHA },
  });
  if (r.code !== 200) throw new Error(`send failed: ${r.code} ${r.msg}`);
  t.clock.advance(61_000);
  return r;
}

export const PASSWORD = 'Passw0rd1';

/** Registers a member through the API and returns their token. */
export async function registerMember(t: TestApp, opts: { phone?: string; inviteCode?: string } = {}) {
  const phone = opts.phone ?? newPhone();
  await sendCode(t, phone, 'register');
  const r = await t.call('POST', '/v1/iyd/member/register', {
    body: { phone, smsCode: await lastSmsCode(t, phone), password: PASSWORD, inviteCode: opts.inviteCode },
  });
  if (r.code !== 200) throw new Error(`register failed: ${r.code} ${r.msg}`);
  const info = await t.call('GET', '/v1/iyd/member/info', { token: r.data.token });
  return { phone, token: r.data.token as string, id: info.data.id as number };
}

/**
 * Operators' sign-ins of one test app, one after another: a sign-in in flight counts as a
 * possible failure (so parallel guesses cannot pass the captcha threshold), and tests that
 * fund fifty members at once would otherwise be asked for a captcha.
 */
const signIns = new WeakMap<TestApp, Promise<unknown>>();
function signIn(t: TestApp, username: string, password: string) {
  const run = (signIns.get(t) ?? Promise.resolve()).then(() =>
    t.call('POST', '/v1/admin/login', { body: { username, password } }),
  );
  signIns.set(
    t,
    run.catch(() => undefined),
  );
  return run;
}

export async function operatorToken(t: TestApp, role: 'admin' | 'operator' | 'finance' | 'support' = 'admin') {
  const login = await signIn(t, 'admin', ADMIN_PASSWORD);
  if (role === 'admin') return login.data.token as string;
  const username = `${role}_${crypto.randomBytes(3).toString('hex')}`;
  const created = await t.call('POST', '/v1/admin/operators', {
    token: login.data.token,
    body: { username, password: 'operator-pass-1', role },
  });
  if (created.code !== 200) throw new Error(`operator create failed: ${created.msg}`);
  const r = await signIn(t, username, 'operator-pass-1');
  return r.data.token as string;
}

/** A tiny valid PNG (1×1). */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Uploads an image for the member through /oss and returns its URL. */
export async function uploadImage(t: TestApp, token: string, purpose: 'avatar' | 'idcard', body: Buffer = PNG_1X1) {
  const oss = await t.call('GET', '/v1/iyd/oss', { token, query: { purpose } });
  const res = await t.app.inject({
    method: 'PUT',
    url: oss.data.uploadUrl,
    payload: body,
    headers: { 'content-type': 'image/png' },
  });
  return { oss: oss.data, res: res.json() as { code: number; data: { url: string } } };
}

/** An image uploaded by an operator (product or banner purpose), returning its URL. */
export async function operatorImage(t: TestApp, token: string, purpose: 'product' | 'banner' = 'product') {
  const oss = await t.call('GET', '/v1/admin/oss', { token, query: { purpose } });
  const res = await t.app.inject({ method: 'PUT', url: oss.data.uploadUrl, payload: PNG_1X1 });
  return (res.json() as { data: { url: string } }).data.url;
}

/** A category and a product on sale through the operators' API. */
export async function createProduct(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  let categoryId = overrides.categoryId as number | undefined;
  if (!categoryId) {
    const cat = await t.call('POST', '/v1/admin/categories', {
      token,
      body: { name: `瓷器${crypto.randomBytes(2).toString('hex')}` },
    });
    categoryId = cat.data.id as number;
  }
  const image = await operatorImage(t, token);
  const r = await t.call('POST', '/v1/admin/products', {
    token,
    body: {
      title: '清乾隆 青花缠枝莲纹赏瓶',
      categoryId,
      cover: image,
      images: [image],
      price: 128_000,
      marketPrice: 150_000,
      stock: 5,
      era: '清乾隆',
      material: '瓷',
      dimensions: '高 36.5cm',
      provenance: '私人旧藏',
      description: '<p>器形端庄</p>',
      tags: ['官窑'],
      onSale: true,
      ...overrides,
    },
  });
  if (r.code !== 200) throw new Error(`product create failed: ${r.msg} ${JSON.stringify(r.data)}`);
  return r.data as { id: number; categoryId: number; price: number; stock: number };
}

/** Money for a member, recorded by finance as an offline deposit. */
export async function fund(t: TestApp, memberId: number, amount: number) {
  const finance = await operatorToken(t);
  const r = await t.call('POST', `/v1/admin/members/${memberId}/deposit`, {
    token: finance,
    body: { amount, remark: '测试入账' },
  });
  if (r.code !== 200) throw new Error(`deposit failed: ${r.msg}`);
}

/** A member with a trade password set through the API. */
export async function memberWithTradePassword(t: TestApp, tradePassword = '135790') {
  const m = await registerMember(t);
  await sendCode(t, undefined, 'trade', m.token);
  const r = await t.call('POST', '/v1/iyd/member/password/trade', {
    token: m.token,
    body: { smsCode: await lastSmsCode(t, m.phone), tradePassword },
  });
  if (r.code !== 200) throw new Error(`trade password failed: ${r.msg}`);
  return m;
}
