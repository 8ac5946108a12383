import { namedEndpoints } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, machineStreamLimit } from '../config.js';
import { createTestApp, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMITS: 'on', RATE_LIMIT_PER_MINUTE: '1000' });
  t.app.get('/v1/iyd/__boom', async () => {
    throw new Error('secret internals: password=hunter2');
  });
});

describe('the envelope', () => {
  it('carries X-Server-Time and a request id on every response', async () => {
    const before = t.clock.now();
    const r = await t.call('GET', '/v1/iyd/captcha');
    const serverTime = Number(r.headers['x-server-time']);
    expect(serverTime).toBeGreaterThanOrEqual(before);
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await t.call('GET', '/v1/iyd/nothing-here');
    expect(missing.headers['x-server-time']).toBeDefined();
  });

  it('answers an unknown path with a 404 envelope of its own reason', async () => {
    const r = await t.call('GET', '/v1/iyd/nothing-here');
    expect(r).toMatchObject({ status: 404, code: 404, msg: '请求的地址不存在', data: { reason: 'ROUTE_NOT_FOUND' } });
  });

  it('hides internals of an unexpected error behind 500 and a request id', async () => {
    const r = await t.call('GET', '/v1/iyd/__boom');
    expect(r).toMatchObject({ status: 500, code: 500, msg: '系统繁忙，请稍后再试', data: { reason: 'INTERNAL' } });
    expect(JSON.stringify(r)).not.toContain('hunter2');
    expect(r.data.requestId).toBe(r.headers['x-request-id']);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/iyd/member/login',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400, data: { reason: 'VALIDATION' } });
  });

  it('speaks English when the request prefers it', async () => {
    const r = await t.call('GET', '/v1/iyd/member/info', { headers: { 'accept-language': 'en' } });
    expect(r.msg).toBe('Please log in');
  });

  it('sends security headers', async () => {
    const r = await t.call('GET', '/v1/iyd/captcha');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['content-security-policy']).toContain("default-src 'self'");
    expect(r.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('rate-limits captcha requests from one address with 429 and retryAfter', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await t.call('GET', '/v1/iyd/captcha')).code);
    expect(codes.slice(0, 25).every((c) => c === 200)).toBe(true);
    const last = await t.call('GET', '/v1/iyd/captcha');
    expect([last.status, last.code, last.data.reason]).toEqual([429, 429, 'RATE_LIMITED']);
    expect(last.data.retryAfter).toBeGreaterThan(0);
  });

  it('serves the OpenAPI document and its browsable page', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/v1/openapi.json' });
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/v1/iyd/member/login', '/v1/iyd/send', '/v1/admin/members/{id}/deposit']),
    );
    expect(
      spec.paths['/v1/iyd/member/register'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('inviteCode');
    // Every call declared in @antique/shared is served, under its feature, additions marked.
    for (const { name, feature, endpoint: e } of namedEndpoints) {
      const op = spec.paths[`${e.base}${e.path}`]?.[e.method.toLowerCase()];
      expect(op, name).toMatchObject({ operationId: name, tags: [feature], summary: e.summary });
      if (e.addition) expect(op.description, name).toMatch(/^Addition: /);
    }
    expect(spec.paths['/v1/admin/members/{id}/deposit'].post.description).toContain('Idempotency-Key');
    const page = await t.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });

  it('answers the update check of the native shell', async () => {
    const r = await t.call('GET', '/v1/iyd/index', { query: { version: '1.0.0', channel: 'App' } });
    expect(r.data).toMatchObject({ update: 0, version: '1.0.0' });
  });

  it('serves rules by slug without a token', async () => {
    await t.services.content.seedRules();
    const r = await t.call('GET', '/v1/iyd/rule', { query: { id: 'agreement' } });
    expect(r.data).toMatchObject({ id: 'agreement', title: '用户服务协议' });
    expect(r.data.content).toContain('<h3>');
    expect((await t.call('GET', '/v1/iyd/rule', { query: { id: 'nope' } })).status).toBe(404);
    expect((await t.call('GET', '/v1/iyd/rule', { query: { id: '../etc' } })).status).toBe(400);
  });
});

describe('caching', () => {
  it('marks every API answer no-store, success or error, members’ and operators’', async () => {
    const answers = [
      await t.call('GET', '/v1/iyd/category/list'),
      await t.call('GET', '/v1/iyd/member/info'),
      await t.call('POST', '/v1/iyd/member/login', { body: { phone: '13800000000', password: 'x' } }),
      await t.call('GET', '/v1/iyd/nothing-here'),
      await t.call('GET', '/v1/admin/me'),
    ];
    for (const r of answers) expect(r.headers['cache-control']).toBe('no-store');
  });

  it('leaves other addresses to say their own', async () => {
    // the probes say never to keep them (http/health.ts)
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).headers['cache-control']).toBe('no-store');
    expect((await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).headers['cache-control']).toBeUndefined();
  });
});

describe('configuration', () => {
  it('refuses CAPTCHA_TEST_CODE and the development secret in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', CAPTCHA_TEST_CODE: 'abcd', APP_SECRET: 'x'.repeat(40) })).toThrow(
      /CAPTCHA_TEST_CODE/,
    );
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/APP_SECRET/);
    const live = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://paimai.example.com' };
    expect(loadConfig(live).PORT).toBe(8080);
  });

  it('hashes passwords at scrypt 2^15 unless a test run lowers it, never lower in production', () => {
    const live = { NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40), PUBLIC_URL: 'https://paimai.example.com' };
    expect(loadConfig(live).PASSWORD_HASH_COST).toBe(15);
    expect(() => loadConfig({ ...live, PASSWORD_HASH_COST: '10' })).toThrow(
      /PASSWORD_HASH_COST: must be at least 15 in production/,
    );
    expect(loadConfig({ ...live, PASSWORD_HASH_COST: '16' }).PASSWORD_HASH_COST).toBe(16);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).PASSWORD_HASH_COST).toBe(10);
    for (const bad of ['9', '21', 'high'])
      expect(() => loadConfig({ PASSWORD_HASH_COST: bad }), bad).toThrow(/PASSWORD_HASH_COST/);
  });

  it('requires PUBLIC_URL in production, an http(s) origin without a path', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', APP_SECRET: 'x'.repeat(40) })).toThrow(/PUBLIC_URL: must be set/);
    for (const bad of ['paimai.example.com', 'javascript:alert(1)', 'https://paimai.example.com/app', 'ftp://x.cn']) {
      expect(() => loadConfig({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL/);
    }
    expect(loadConfig({ PUBLIC_URL: 'https://paimai.example.com/' }).PUBLIC_URL).toBe('https://paimai.example.com/');
    // Development keeps the request's origin.
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
  });

  it('sizes the live streams of an instance by its open-file limit and memory, unless STREAM_LIMIT says', () => {
    const gib = 1024 ** 3;
    expect(machineStreamLimit(20_000, 24 * gib)).toBe(10_000);
    expect(machineStreamLimit(1024, 24 * gib)).toBe(512);
    expect(machineStreamLimit(1_000_000, gib)).toBe(4096);
    expect(machineStreamLimit(64, gib)).toBe(100);
    expect(machineStreamLimit(1_000_000, 64 * gib)).toBe(20_000);
    expect(loadConfig({ STREAM_LIMIT: '250' }).streamLimit).toBe(250);
    expect(loadConfig({}).streamLimit).toBe(machineStreamLimit());
    expect(() => loadConfig({ STREAM_LIMIT: '0' })).toThrow(/STREAM_LIMIT/);
    expect(() => loadConfig({ STREAMS_PER_ADDRESS: 'many' })).toThrow(/STREAMS_PER_ADDRESS/);
  });
});
