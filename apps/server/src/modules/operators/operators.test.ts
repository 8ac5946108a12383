import { beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, operatorToken, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Addresses come from X-Forwarded-For, and the per-address limits are on: each attempt
  // below comes from an address of its own, so none of them is what stops the guessing.
  t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMITS: 'on' });
  admin = await operatorToken(t);
});

let addressSeq = 0;
const login = (username: string, password: string) =>
  t.call('POST', '/v1/admin/login', {
    body: { username, password },
    headers: { 'x-forwarded-for': `203.0.113.${(addressSeq += 1) % 250}` },
  });

async function newOperator(role = 'support') {
  const username = `clerk_${Math.random().toString(36).slice(2, 8)}`;
  const r = await t.call('POST', '/v1/admin/operators', {
    token: admin,
    body: { username, password: 'operator-pass-1', role },
  });
  expect(r.code).toBe(200);
  return { id: r.data.id as number, username };
}

const locksOf = async (id: number) =>
  (
    (await t.call('GET', '/v1/admin/audit', { token: admin, query: { action: 'operator.lock' } })).data.list as any[]
  ).filter((e) => e.targetId === String(id));

describe('operator lockout', () => {
  it('locks an account after 5 failures from 5 addresses for 15 minutes, audited once, the right password refused meanwhile', async () => {
    const op = await newOperator();
    for (let i = 0; i < 5; i++) {
      const r = await login(op.username, 'wrong-password-1');
      expect([r.status, r.data.reason]).toEqual([422, 'OPERATOR_LOGIN_FAILED']);
    }
    const sixth = await login(op.username, 'wrong-password-1');
    expect([sixth.status, sixth.data.reason]).toEqual([429, 'OPERATOR_LOCKED']);
    const right = await login(op.username, 'operator-pass-1');
    expect([right.status, right.data.reason]).toEqual([429, 'OPERATOR_LOCKED']);
    expect(right.msg).toBe('登录失败次数过多，账号已暂时锁定，请稍后再试');
    expect(right.data.retryAfter).toBeGreaterThan(14 * 60);
    expect(right.data.retryAfter).toBeLessThanOrEqual(15 * 60);

    const [entry, ...more] = await locksOf(op.id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      operatorId: null,
      targetType: 'operator',
      ip: expect.stringMatching(/^203\.0\.113\./),
    });
    expect(entry.after).toMatchObject({ failures: 5 });

    // Others are not locked out with it.
    expect((await login('admin', ADMIN_PASSWORD)).code).toBe(200);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(op.username, 'operator-pass-1')).code).toBe(200);
  });

  it('judges 5 of 12 parallel wrong passwords from 12 addresses and refuses the rest', async () => {
    const op = await newOperator();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(op.username, 'wrong-password-1')));
    expect(answers.filter((r) => r.data.reason === 'OPERATOR_LOGIN_FAILED')).toHaveLength(5);
    expect(answers.filter((r) => r.data.reason === 'OPERATOR_LOCKED')).toHaveLength(7);
    expect(await locksOf(op.id)).toHaveLength(1);
    expect((await login(op.username, 'operator-pass-1')).status).toBe(429);
  });

  it('forgets failures older than the window, and a right password clears the count', async () => {
    const op = await newOperator();
    for (let i = 0; i < 4; i++) await login(op.username, 'wrong-password-1');
    t.clock.advance(15 * 60_000 + 1000);
    for (let i = 0; i < 4; i++) await login(op.username, 'wrong-password-1');
    expect((await login(op.username, 'operator-pass-1')).code).toBe(200);
    for (let i = 0; i < 4; i++) await login(op.username, 'wrong-password-1');
    expect((await login(op.username, 'operator-pass-1')).code).toBe(200);
    expect(await locksOf(op.id)).toEqual([]);
  });

  it('lifts the lock when an admin sets a new password', async () => {
    const op = await newOperator();
    for (let i = 0; i < 5; i++) await login(op.username, 'wrong-password-1');
    expect((await login(op.username, 'operator-pass-1')).status).toBe(429);
    const r = await t.call('PUT', `/v1/admin/operators/${op.id}`, {
      token: admin,
      body: { password: 'operator-pass-2' },
    });
    expect(r.code).toBe(200);
    expect((await login(op.username, 'operator-pass-2')).code).toBe(200);
  });

  it('answers an unknown name as a wrong password, however often', async () => {
    for (let i = 0; i < 8; i++) {
      const r = await login('nobody_here', 'wrong-password-1');
      expect([r.status, r.data.reason]).toEqual([422, 'OPERATOR_LOGIN_FAILED']);
    }
  });
});

describe('money is finance’s', () => {
  const money = [
    ['GET', '/v1/admin/ledger'],
    ['GET', '/v1/admin/reconcile'],
    ['GET', '/v1/admin/export/bills'],
    ['GET', '/v1/admin/export/orders'],
  ] as const;

  it('refuses support the ledger, the reconciliation and the exports with 403', async () => {
    const support = await operatorToken(t, 'support');
    for (const [method, url] of money) {
      const r = await t.call(method, url, { token: support });
      expect([url, r.status, r.data.reason]).toEqual([url, 403, 'FORBIDDEN']);
    }
  });

  it('serves them to finance and admin', async () => {
    const finance = await operatorToken(t, 'finance');
    for (const token of [finance, admin]) {
      for (const [method, url] of money) {
        const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
        expect([url, res.statusCode]).toEqual([url, 200]);
      }
    }
  });
});
