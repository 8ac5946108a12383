import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { secondInstance } from '../test/auction-fixtures.js';
import { createTestApp, newPhone, operatorToken, PASSWORD, type TestApp } from '../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    TRUST_PROXY: '1',
    RATE_LIMITS: 'on',
    RATE_LIMIT_PER_ADDRESS: '100',
    RATE_LIMIT_PER_MEMBER: '40',
    RATE_LIMIT_PER_OPERATOR: '50',
  });
});

const NAT = '198.51.100.7';
const from = (address: string, token?: string) => ({
  headers: { 'x-forwarded-for': address },
  ...(token ? { token } : {}),
});

/** Members made by the server and signed in, each with a token. */
async function members(n: number): Promise<{ id: number; token: string }[]> {
  const made = [];
  for (let i = 0; i < n; i++) {
    const m = await t.services.members.create({ phone: newPhone(), password: PASSWORD, nickname: `藏友${i}` });
    const s = await t.services.members.sessions.create(m!.id);
    made.push({ id: m!.id, token: s.token });
  }
  return made;
}

describe('request limits', () => {
  it('lets 30 members behind one carrier address make 900 reads in a minute, while guests there hit the address ceiling', async () => {
    const crowd = await members(30);
    const statuses: number[] = [];
    for (let round = 0; round < 30; round++) {
      const answers = await Promise.all(
        crowd.map((m) => t.call('GET', round % 2 ? '/v1/iyd/member/info' : '/v1/iyd/order/list', from(NAT, m.token))),
      );
      statuses.push(...answers.map((r) => r.status));
    }
    expect(statuses).toHaveLength(900);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);

    // A guest behind the same address shares the address's ceiling (100 a minute here)…
    const guests = [];
    for (let i = 0; i < 101; i++) guests.push((await t.call('GET', '/v1/iyd/category/list', from(NAT))).status);
    expect(guests.slice(0, 100).every((s) => s === 200)).toBe(true);
    expect(guests[100]).toBe(429);
    // …which does not touch the members there.
    expect((await t.call('GET', '/v1/iyd/member/info', from(NAT, crowd[0]!.token))).status).toBe(200);
  });

  it('refuses one member far over its own limit with 429 and retryAfter, from any address', async () => {
    const [m] = await members(1);
    const answers = [];
    for (let i = 0; i < 60; i++) {
      answers.push(await t.call('GET', '/v1/iyd/member/info', from(`192.0.2.${i + 1}`, m!.token)));
    }
    expect(answers.slice(0, 40).every((r) => r.status === 200)).toBe(true);
    const refused = answers.slice(40);
    expect(refused.every((r) => r.status === 429 && r.data.reason === 'RATE_LIMITED')).toBe(true);
    expect(refused[0]!.data.retryAfter).toBeGreaterThan(0);
    expect(refused[0]!.data.retryAfter).toBeLessThanOrEqual(60);
    // Another member is not held back by it.
    const [other] = await members(1);
    expect((await t.call('GET', '/v1/iyd/member/info', from('192.0.2.1', other!.token))).status).toBe(200);
  });

  it('lets exactly its limit through when one member’s calls arrive together', async () => {
    // Their session lookups end together, so every call is counted in one turn: each must
    // be judged on its own count, not on the count the last of them left.
    const [m] = await members(1);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => t.call('GET', '/v1/iyd/member/info', from(`192.0.2.${i + 1}`, m!.token))),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(40);
    expect(answers.filter((r) => r.status === 429 && r.data.reason === 'RATE_LIMITED')).toHaveLength(20);
  });

  it('counts an operator’s calls against the operator', async () => {
    const token = await operatorToken(t);
    const answers = [];
    for (let i = 0; i < 52; i++)
      answers.push((await t.call('GET', '/v1/admin/me', from(`192.0.2.${i + 100}`, token))).status);
    expect(answers.slice(0, 50).every((s) => s === 200)).toBe(true);
    expect(answers.slice(50)).toEqual([429, 429]);
  });

  it('counts tokens that fail per address, against the guests’ ceiling', async () => {
    const answers = [];
    for (let i = 0; i < 101; i++) {
      answers.push((await t.call('GET', '/v1/iyd/member/info', from('203.0.113.200', `forged-${i}`))).status);
    }
    expect(answers.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(answers[100]).toBe(429);
  });

  it('keeps the tight per-address limit on sign-in whoever the phone', async () => {
    const answers = [];
    for (let i = 0; i < 21; i++) {
      answers.push(
        (
          await t.call('POST', '/v1/iyd/member/login', {
            ...from('203.0.113.201'),
            body: { phone: newPhone(), password: PASSWORD },
          })
        ).status,
      );
    }
    expect(answers.slice(0, 20).every((s) => s === 422)).toBe(true);
    expect(answers[20]).toBe(429);
  });
});

describe('limits across instances', () => {
  it('counts the tight limits once for the house: sign-ins from one address, spread over two instances and in parallel, pass 20 and no more', async () => {
    const second = await secondInstance(t, t.clock, {
      TRUST_PROXY: '1',
      RATE_LIMITS: 'on',
      RATE_LIMIT_PER_ADDRESS: '100',
    });
    try {
      const login = (app: typeof t.app) =>
        app.inject({
          method: 'POST',
          url: '/v1/iyd/member/login',
          headers: { 'x-forwarded-for': '203.0.113.210' },
          payload: { phone: newPhone(), password: PASSWORD },
        });
      const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(i % 2 ? second.app : t.app)));
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 422)).toHaveLength(20);
      expect(statuses.filter((s) => s === 429)).toHaveLength(10);
      // Either instance refuses the address now, saying when to come back.
      for (const app of [t.app, second.app]) {
        const refused = (await login(app)).json();
        expect(refused).toMatchObject({ code: 429, data: { reason: 'RATE_LIMITED' } });
        expect(refused.data.retryAfter).toBeGreaterThan(0);
        expect(refused.data.retryAfter).toBeLessThanOrEqual(60);
      }
      // Another address, and another route's limit, count apart.
      const other = await second.app.inject({
        method: 'POST',
        url: '/v1/iyd/member/login',
        headers: { 'x-forwarded-for': '203.0.113.211' },
        payload: { phone: newPhone(), password: PASSWORD },
      });
      expect(other.statusCode).toBe(422);
      const captcha = await t.app.inject({ url: '/v1/iyd/captcha', headers: { 'x-forwarded-for': '203.0.113.210' } });
      expect(captcha.statusCode).toBe(200);
    } finally {
      await second.close();
    }
  });
});

/** An address a client could write into X-Forwarded-For to pass for someone new. */
const forged = () =>
  `${crypto.randomInt(1, 224)}.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;

/** Captcha requests (limit 30 a minute per address) arriving from `remoteAddress` with that X-Forwarded-For. */
async function captchas(app: TestApp, n: number, remoteAddress: string, forwardedFor: () => string) {
  const statuses: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await app.app.inject({
      method: 'GET',
      url: '/v1/iyd/captcha',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor() },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('the client address behind proxies (TRUST_PROXY)', () => {
  it('with one hop, counts the address the balancer appended, never the ones the client wrote', async () => {
    const hop = await createTestApp({ TRUST_PROXY: '1', RATE_LIMITS: 'on' });
    const balancer = '10.0.0.2';
    const statuses = await captchas(hop, 36, balancer, () => `${forged()}, 10.77.77.221`);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429, 429, 429, 429, 429]);
    // Another client behind the same balancer is counted apart.
    expect(await captchas(hop, 5, balancer, () => `${forged()}, 10.77.77.222`)).toEqual([200, 200, 200, 200, 200]);
    const refused = await hop.app.inject({
      method: 'GET',
      url: '/v1/iyd/captcha',
      remoteAddress: balancer,
      headers: { 'x-forwarded-for': '10.77.77.221' },
    });
    expect(refused.json()).toMatchObject({ code: 429, data: { reason: 'RATE_LIMITED' } });
    await hop.app.close();
  });

  it('with the proxies listed, trusts only them: a cloud balancer and nginx in front, or a client calling directly', async () => {
    const listed = await createTestApp({ TRUST_PROXY: '127.0.0.1, 192.168.10.0/24', RATE_LIMITS: 'on' });
    // Client 203.0.113.50 → cloud balancer 192.168.10.7 (appends the client) → nginx on 127.0.0.1 (appends the balancer).
    const viaBoth = () => `${forged()}, 203.0.113.50, 192.168.10.7`;
    const statuses = await captchas(listed, 36, '127.0.0.1', viaBoth);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30).every((s) => s === 429)).toBe(true);
    expect(await captchas(listed, 3, '127.0.0.1', () => `${forged()}, 203.0.113.51, 192.168.10.8`)).toEqual([
      200, 200, 200,
    ]);
    // Someone reaching the server directly is counted by their own address, whatever they write.
    const direct = await captchas(listed, 36, '198.51.100.9', () => `${forged()}, 192.168.10.7`);
    expect(direct.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(direct.slice(30).every((s) => s === 429)).toBe(true);
    await listed.app.close();

    // The same two proxies as a hop count.
    const twoHops = await createTestApp({ TRUST_PROXY: '2', RATE_LIMITS: 'on' });
    const counted = await captchas(twoHops, 31, '127.0.0.1', viaBoth);
    expect(counted.at(-1)).toBe(429);
    await twoHops.app.close();
  });

  it('trusts no forwarded address by default', async () => {
    const plain = await createTestApp({ RATE_LIMITS: 'on' });
    const statuses = await captchas(plain, 31, '198.51.100.10', forged);
    expect(statuses.at(-1)).toBe(429);
    await plain.app.close();
  });

  it('refuses a TRUST_PROXY that is none of its forms, naming it', () => {
    for (const bad of ['yes', 'true', '-1', '11', '10.0.0.0/33', '::1/129', '10.0.0.1,', 'nginx', '1.2.3']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.0/8 , fd00::/8,127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      '127.0.0.1',
    ]);
  });
});
