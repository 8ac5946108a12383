import { beforeAll, describe, expect, it } from 'vitest';
import { secondInstance } from '../../test/auction-fixtures.js';
import { ADMIN_PASSWORD, TEST_CAPTCHA, createTestApp, operatorToken, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // Addresses come from X-Forwarded-For, and the per-address limits are on: each attempt
  // below comes from an address of its own, so none of them is what stops the guessing.
  t = await createTestApp({ TRUST_PROXY: '1', RATE_LIMITS: 'on' });
  admin = await operatorToken(t);
});

let addressSeq = 0;
const nextAddress = () => `203.0.113.${((addressSeq += 1) % 250) + 1}`;
const login = (username: string, password: string, opts: { captcha?: string; address?: string } = {}) =>
  t.call('POST', '/v1/admin/login', {
    body: { username, password, ...(opts.captcha ? { captchaId: opts.captcha, captchaCode: TEST_CAPTCHA } : {}) },
    headers: { 'x-forwarded-for': opts.address ?? nextAddress() },
  });
/** A captcha of the console's own, as the login page fetches it. */
const captchaId = async () => {
  const r = await t.call('GET', '/v1/admin/captcha', { headers: { 'x-forwarded-for': nextAddress() } });
  expect(r.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
  return r.data.captchaId as string;
};

async function newOperator(role = 'support') {
  const username = `clerk_${Math.random().toString(36).slice(2, 8)}`;
  const r = await t.call('POST', '/v1/admin/operators', {
    token: admin,
    body: { username, password: 'operator-pass-1', role },
  });
  expect(r.code).toBe(200);
  return { id: r.data.id as number, username };
}

describe('operators’ sign-in failures', () => {
  it('after 3 failures asks the username for a captcha instead of locking it; 20 wrong passwords from rotating addresses never keep the right password with a captcha out', async () => {
    const op = await newOperator();
    for (let i = 0; i < 3; i++) {
      const r = await login(op.username, 'wrong-password-1');
      expect([r.status, r.data]).toEqual([422, { reason: 'OPERATOR_LOGIN_FAILED', captchaRequired: i === 2 }]);
    }
    // Without a captcha, even the right password is asked for one (the console shows it).
    const bare = await login(op.username, 'operator-pass-1');
    expect([bare.status, bare.data]).toEqual([422, { reason: 'CAPTCHA_REQUIRED', captchaRequired: true }]);
    expect(bare.msg).toBe('该账号近期登录失败较多，请输入图形验证码后再登录');

    // An attacker keeps failing from 20 addresses, with captchas solved or not.
    for (let i = 0; i < 20; i++) {
      const r = await login(op.username, `guess-${i}-password`, i % 2 ? { captcha: await captchaId() } : {});
      expect(r.status).toBe(422);
      expect(['OPERATOR_LOGIN_FAILED', 'CAPTCHA_REQUIRED']).toContain(r.data.reason);
    }
    const right = await login(op.username, 'operator-pass-1', { captcha: await captchaId() });
    expect(right.code).toBe(200);
    expect(right.data.role).toBe('support');
    // A right sign-in starts the count afresh: no captcha next time.
    expect((await login(op.username, 'operator-pass-1')).code).toBe(200);
    // Others were never held back, and nothing was locked.
    expect((await login('admin', ADMIN_PASSWORD)).code).toBe(200);
  });

  it('refuses a wrong or reused captcha without judging the password', async () => {
    const op = await newOperator();
    for (let i = 0; i < 3; i++) await login(op.username, 'wrong-password-1');
    const id = await captchaId();
    const wrong = await t.call('POST', '/v1/admin/login', {
      body: { username: op.username, password: 'operator-pass-1', captchaId: id, captchaCode: 'nope' },
    });
    expect([wrong.status, wrong.data]).toEqual([400, { reason: 'CAPTCHA_INVALID', field: 'captchaCode' }]);
    // Used up by the wrong answer.
    expect((await login(op.username, 'operator-pass-1', { captcha: id })).data.reason).toBe('CAPTCHA_INVALID');
    const half = await t.call('POST', '/v1/admin/login', {
      body: { username: op.username, password: 'operator-pass-1', captchaId: id },
    });
    expect([half.status, half.data.field]).toEqual([400, 'captchaCode']);
    expect((await login(op.username, 'operator-pass-1', { captcha: await captchaId() })).code).toBe(200);
  });

  it('judges 3 of 12 parallel wrong passwords without a captcha from 12 addresses and asks the rest for one', async () => {
    const op = await newOperator();
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(op.username, 'wrong-password-1')));
    expect(answers.filter((r) => r.data.reason === 'OPERATOR_LOGIN_FAILED')).toHaveLength(3);
    expect(answers.filter((r) => r.data.reason === 'CAPTCHA_REQUIRED')).toHaveLength(9);
  });

  it('pauses an address after 10 failures in the window (429 with retryAfter), whatever the usernames, counted exactly in parallel on two instances', async () => {
    // The requests' own per-address limit (10 a minute on sign-in) is off here: this is the failures' count.
    const u = await createTestApp({ TRUST_PROXY: '1' });
    const token = await operatorToken(u);
    const address = '198.51.100.77';
    const ops: string[] = [];
    for (let i = 0; i < 4; i++) {
      const username = `clerk_${i}_${Math.random().toString(36).slice(2, 6)}`;
      await u.call('POST', '/v1/admin/operators', {
        token,
        body: { username, password: 'operator-pass-1', role: 'finance' },
      });
      ops.push(username);
    }
    // Half the attempts reach a second instance: the address's count is the house's, not an instance's.
    const second = await secondInstance(u, u.clock, { TRUST_PROXY: '1' });
    const attempt = async (username: string, password: string, at = address, app = u.app) => {
      const id = (await u.call('GET', '/v1/admin/captcha')).data.captchaId as string;
      const res = await app.inject({
        method: 'POST',
        url: '/v1/admin/login',
        payload: { username, password, captchaId: id, captchaCode: TEST_CAPTCHA },
        headers: { 'x-forwarded-for': at },
      });
      return {
        status: res.statusCode,
        ...(res.json() as { code: number; data: { reason?: string; retryAfter?: number } }),
      };
    };
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        attempt(ops[i % 4]!, 'wrong-password-1', address, i % 2 ? second.app : u.app),
      ),
    );
    expect(answers.filter((r) => r.data.reason === 'OPERATOR_LOGIN_FAILED')).toHaveLength(10);
    const paused = answers.filter((r) => r.status === 429);
    expect(paused).toHaveLength(6);
    for (const r of paused) {
      expect(r.data.reason).toBe('RATE_LIMITED');
      expect(r.data.retryAfter).toBeGreaterThan(14 * 60);
      expect(r.data.retryAfter).toBeLessThanOrEqual(15 * 60);
    }
    // Even the right password waits there; from another address it signs in.
    expect((await attempt(ops[0]!, 'operator-pass-1')).status).toBe(429);
    expect((await attempt(ops[0]!, 'operator-pass-1', '198.51.100.78')).code).toBe(200);
    // Right sign-ins do not count against an address.
    for (let i = 0; i < 12; i++) expect((await attempt(ops[1]!, 'operator-pass-1', '198.51.100.79')).code).toBe(200);
    u.clock.advance(15 * 60_000 + 1000);
    expect((await attempt(ops[2]!, 'operator-pass-1', address, second.app)).code).toBe(200);
    await second.close();
    await u.app.close();
  });

  it('forgets failures older than the window, and a right password clears the count', async () => {
    const op = await newOperator();
    for (let i = 0; i < 3; i++) await login(op.username, 'wrong-password-1');
    expect((await login(op.username, 'operator-pass-1')).data.reason).toBe('CAPTCHA_REQUIRED');
    t.clock.advance(15 * 60_000 + 1000);
    for (let i = 0; i < 2; i++) await login(op.username, 'wrong-password-1');
    expect((await login(op.username, 'operator-pass-1')).code).toBe(200);
    for (let i = 0; i < 2; i++) await login(op.username, 'wrong-password-1');
    expect((await login(op.username, 'operator-pass-1')).code).toBe(200);
  });

  it('starts the count afresh when an admin sets a new password', async () => {
    const op = await newOperator();
    for (let i = 0; i < 3; i++) await login(op.username, 'wrong-password-1');
    expect((await login(op.username, 'operator-pass-1')).data.reason).toBe('CAPTCHA_REQUIRED');
    const r = await t.call('PUT', `/v1/admin/operators/${op.id}`, {
      token: admin,
      body: { password: 'operator-pass-2' },
    });
    expect(r.code).toBe(200);
    expect((await login(op.username, 'operator-pass-2')).code).toBe(200);
  });

  it('answers an unknown name exactly as a known one, captcha included', async () => {
    const op = await newOperator();
    const answers = async (username: string) => {
      const seen = [];
      for (let i = 0; i < 4; i++) {
        const r = await login(username, 'wrong-password-1');
        seen.push([r.status, r.msg, r.data]);
      }
      const solved = await login(username, 'wrong-password-1', { captcha: await captchaId() });
      seen.push([solved.status, solved.msg, solved.data]);
      return seen;
    };
    const known = await answers(op.username);
    expect(known.map((a) => (a[2] as { reason: string }).reason)).toEqual([
      'OPERATOR_LOGIN_FAILED',
      'OPERATOR_LOGIN_FAILED',
      'OPERATOR_LOGIN_FAILED',
      'CAPTCHA_REQUIRED',
      'OPERATOR_LOGIN_FAILED',
    ]);
    expect(await answers('nobody_here')).toEqual(known);
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
