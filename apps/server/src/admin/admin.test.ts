import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PASSWORD,
  PASSWORD,
  createTestApp,
  operatorToken,
  registerMember,
  sendCode,
  type TestApp,
} from '../test/harness.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorToken(t);
});

describe('operator sessions and roles', () => {
  it('logs in the first operator and refuses a wrong password', async () => {
    const bad = await t.call('POST', '/v1/admin/login', { body: { username: 'admin', password: 'nope' } });
    expect([bad.status, bad.data.reason]).toEqual([422, 'OPERATOR_LOGIN_FAILED']);
    const ok = await t.call('POST', '/v1/admin/login', { body: { username: 'admin', password: ADMIN_PASSWORD } });
    expect(ok.data.role).toBe('admin');
    const me = await t.call('GET', '/v1/admin/me', { token: ok.data.token });
    expect(me.data).toMatchObject({ username: 'admin', role: 'admin', disabled: false });
  });

  it('keeps member tokens out of the console and operator tokens out of the member API', async () => {
    const m = await registerMember(t);
    expect((await t.call('GET', '/v1/admin/members', { token: m.token })).code).toBe(301);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: admin })).code).toBe(301);
  });

  it.each([
    ['support', 'POST', '/deposit', 403],
    ['operator', 'GET', '/members', 403],
    ['finance', 'POST', '/realname-review', 403],
    ['support', 'GET', '/audit', 403],
    ['finance', 'GET', '/reconcile', 200],
    ['support', 'GET', '/sms/outbox', 200],
  ])('role %s: %s %s → %i', async (role, _m, what, expected) => {
    const m = await registerMember(t);
    const token = await operatorToken(t, role as 'support');
    const calls: Record<string, () => ReturnType<TestApp['call']>> = {
      '/deposit': () =>
        t.call('POST', `/v1/admin/members/${m.id}/deposit`, { token, body: { amount: 100, remark: 'x' } }),
      '/members': () => t.call('GET', '/v1/admin/members', { token }),
      '/realname-review': () => t.call('POST', `/v1/admin/realname/${m.id}/review`, { token, body: { approve: true } }),
      '/audit': () => t.call('GET', '/v1/admin/audit', { token }),
      '/reconcile': () => t.call('GET', '/v1/admin/reconcile', { token }),
      '/sms/outbox': () => t.call('GET', '/v1/admin/sms/outbox', { token }),
    };
    const r = await calls[what]!();
    expect(r.status).toBe(expected);
    if (expected === 403) expect(r.data.reason).toBe('FORBIDDEN');
  });

  it('an admin manages operators; a disabled operator is logged out at once', async () => {
    const created = await t.call('POST', '/v1/admin/operators', {
      token: admin,
      body: { username: 'cashier_1', password: 'cashier-pass-1', role: 'finance' },
    });
    expect(created.data).toMatchObject({ username: 'cashier_1', role: 'finance', disabled: false });
    const dup = await t.call('POST', '/v1/admin/operators', {
      token: admin,
      body: { username: 'cashier_1', password: 'cashier-pass-1', role: 'finance' },
    });
    expect([dup.status, dup.data.reason]).toEqual([409, 'USERNAME_TAKEN']);
    const weak = await t.call('POST', '/v1/admin/operators', {
      token: admin,
      body: { username: 'x1', password: 'short', role: 'finance' },
    });
    expect(weak.status).toBe(400);
    const login = await t.call('POST', '/v1/admin/login', {
      body: { username: 'cashier_1', password: 'cashier-pass-1' },
    });
    await t.call('PUT', `/v1/admin/operators/${created.data.id}`, { token: admin, body: { disabled: true } });
    expect((await t.call('GET', '/v1/admin/me', { token: login.data.token })).code).toBe(302);
    const again = await t.call('POST', '/v1/admin/login', {
      body: { username: 'cashier_1', password: 'cashier-pass-1' },
    });
    expect(again.data.reason).toBe('OPERATOR_LOGIN_FAILED');
    const list = await t.call('GET', '/v1/admin/operators', { token: admin });
    expect(list.data.map((o: { username: string }) => o.username)).toContain('cashier_1');
  });

  it('an admin cannot disable or demote themselves', async () => {
    const me = await t.call('GET', '/v1/admin/me', { token: admin });
    const r = await t.call('PUT', `/v1/admin/operators/${me.data.id}`, { token: admin, body: { disabled: true } });
    expect(r.status).toBe(422);
  });
});

describe('members in the console', () => {
  it('lists and finds members by phone, with masked phones', async () => {
    const m = await registerMember(t);
    const r = await t.call('GET', '/v1/admin/members', { token: admin, query: { keyword: m.phone.slice(-6) } });
    expect(r.data.total).toBe(1);
    expect(r.data.list[0]).toMatchObject({
      id: m.id,
      phone: `${m.phone.slice(0, 3)}****${m.phone.slice(7)}`,
      frozen: false,
    });
    const detail = await t.call('GET', `/v1/admin/members/${m.id}`, { token: admin });
    expect(detail.data).toMatchObject({ id: m.id, inviter: null, teamCount: 0 });
    const paged = await t.call('GET', '/v1/admin/members', { token: admin, query: { page: 1, pageSize: 2 } });
    expect(paged.data.list).toHaveLength(2);
    expect(paged.data.hasMore).toBe(true);
    const tooBig = await t.call('GET', '/v1/admin/members', { token: admin, query: { pageSize: 51 } });
    expect(tooBig.data.field).toBe('pageSize');
  });

  it('freezing needs a reason, ends the member sessions (302) and blocks login; unfreezing restores it', async () => {
    const m = await registerMember(t);
    const noReason = await t.call('POST', `/v1/admin/members/${m.id}/freeze`, { token: admin, body: { frozen: true } });
    expect(noReason.data.field).toBe('reason');
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).code).toBe(200);
    const r = await t.call('POST', `/v1/admin/members/${m.id}/freeze`, {
      token: admin,
      body: { frozen: true, reason: '疑似盗号' },
    });
    expect(r.data).toMatchObject({ frozen: true, frozenReason: '疑似盗号' });
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).code).toBe(302);
    const login = await t.call('POST', '/v1/iyd/member/login', { body: { phone: m.phone, password: PASSWORD } });
    expect([login.status, login.data.reason]).toEqual([403, 'ACCOUNT_FROZEN']);
    await t.call('POST', `/v1/admin/members/${m.id}/freeze`, { token: admin, body: { frozen: false } });
    expect((await t.call('POST', '/v1/iyd/member/login', { body: { phone: m.phone, password: PASSWORD } })).code).toBe(
      200,
    );
    const audit = await t.call('GET', '/v1/admin/audit', { token: admin, query: { action: 'member.freeze' } });
    expect(audit.data.list[0]).toMatchObject({
      operatorName: 'admin',
      targetType: 'member',
      targetId: String(m.id),
      before: { frozen: false },
      after: { frozen: true, frozenReason: '疑似盗号' },
    });
  });

  it('the SMS outbox shows texts sent, searchable by phone', async () => {
    const m = await registerMember(t);
    await sendCode(t, undefined, 'trade', m.token);
    const r = await t.call('GET', '/v1/admin/sms/outbox', { token: admin, query: { phone: m.phone } });
    expect(r.data.list).toHaveLength(2);
    expect(r.data.list[0]).toMatchObject({ phone: m.phone, scene: 'trade' });
    expect(r.data.list[0].content).toMatch(/【拾古拍卖】验证码 \d{6}，用于设置交易密码/);
  });

  it('settings are read by finance and changed by admins only, with an audit entry', async () => {
    const finance = await operatorToken(t, 'finance');
    const s = await t.call('GET', '/v1/admin/settings', { token: finance });
    expect(s.data.sms).toEqual({ cooldownSeconds: 60, dailyLimit: 10, codeTtlSeconds: 300, maxTries: 5 });
    expect((await t.call('PUT', '/v1/admin/settings', { token: finance, body: { referralRateBps: 10 } })).status).toBe(
      403,
    );
    const tooHigh = await t.call('PUT', '/v1/admin/settings', { token: admin, body: { referralRateBps: 101 } });
    expect(tooHigh.status).toBe(400);
    const ok = await t.call('PUT', '/v1/admin/settings', { token: admin, body: { referralRateBps: 50 } });
    expect(ok.data.referralRateBps).toBe(50);
    const audit = await t.call('GET', '/v1/admin/audit', { token: admin, query: { action: 'settings.update' } });
    expect(audit.data.list[0]).toMatchObject({ before: { referralRateBps: 0 }, after: { referralRateBps: 50 } });
  });
});
