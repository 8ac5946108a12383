import { beforeAll, describe, expect, it } from 'vitest';
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
