import { beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  createTestApp,
  lastSmsCode,
  newPhone,
  operatorToken,
  registerMember,
  sendCode,
  type TestApp,
} from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const login = (phone: string, password: string) =>
  t.call('POST', '/v1/iyd/member/login', { body: { phone, password } });

describe('sign-in lockout under parallel guesses', () => {
  it('judges 5 of 18 parallel wrong passwords; the rest and then the right one get 429 until the window passes', async () => {
    const { phone } = await registerMember(t);
    const answers = await Promise.all(Array.from({ length: 18 }, () => login(phone, 'Wrong1234')));

    const failed = answers.filter((r) => r.data.reason === 'LOGIN_FAILED');
    const refused = answers.filter((r) => r.status === 429);
    // Exactly five judged, each told how many tries it left; thirteen refused unjudged.
    expect(failed.map((r) => r.data.remaining as number).sort()).toEqual([0, 1, 2, 3, 4]);
    expect(refused).toHaveLength(13);
    expect(failed.every((r) => r.status === 422)).toBe(true);
    expect(refused.every((r) => r.data.reason === 'RATE_LIMITED' && r.data.retryAfter > 0)).toBe(true);

    const right = await login(phone, PASSWORD);
    expect([right.status, right.data.reason]).toEqual([429, 'RATE_LIMITED']);
    expect(right.data.retryAfter).toBeGreaterThan(800);
    t.clock.advance(15 * 60_000 + 1000);
    expect((await login(phone, PASSWORD)).code).toBe(200);
  });

  it('lets many right sign-ins of one member through at once', async () => {
    const { phone } = await registerMember(t);
    const answers = await Promise.all(Array.from({ length: 12 }, () => login(phone, PASSWORD)));
    expect(answers.map((r) => r.code)).toEqual(Array(12).fill(200));
    expect(new Set(answers.map((r) => r.data.token)).size).toBe(12);
  });

  it('counts failures for a phone that is no member the same way', async () => {
    const phone = newPhone();
    const answers = await Promise.all(Array.from({ length: 9 }, () => login(phone, PASSWORD)));
    expect(answers.filter((r) => r.data.reason === 'LOGIN_FAILED').length).toBeLessThanOrEqual(5);
    expect((await login(phone, PASSWORD)).status).toBe(429);
  });
});

describe('logout', () => {
  it('ends this session on the server: the token then answers 302, the member’s other sessions live on', async () => {
    const m = await registerMember(t);
    const other = await login(m.phone, PASSWORD);
    const out = await t.call('POST', '/v1/iyd/member/logout', { token: m.token });
    expect([out.status, out.code, out.data]).toEqual([200, 200, {}]);

    const after = await t.call('GET', '/v1/iyd/member/info', { token: m.token });
    expect([after.status, after.code, after.data.reason]).toEqual([401, 302, 'SESSION_EXPIRED']);
    const again = await t.call('POST', '/v1/iyd/member/logout', { token: m.token });
    expect([again.status, again.code]).toEqual([401, 302]);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: other.data.token })).code).toBe(200);
  });

  it('answers 301 without a token', async () => {
    const r = await t.call('POST', '/v1/iyd/member/logout');
    expect([r.status, r.code]).toEqual([401, 301]);
  });
});

describe('forgot password', () => {
  const reset = (body: Record<string, unknown>) => t.call('POST', '/v1/iyd/member/password/reset', { body });

  it('sets a new password with an SMS code: every session ends, a new one is returned, only the new password signs in', async () => {
    const m = await registerMember(t);
    const other = await login(m.phone, PASSWORD);
    await sendCode(t, m.phone, 'password');
    const r = await reset({ phone: m.phone, smsCode: await lastSmsCode(t, m.phone), password: 'Renewed123' });
    expect(r.code).toBe(200);
    expect(r.data.expiresAt).toBeGreaterThan(t.clock.now());

    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).code).toBe(302);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: other.data.token })).code).toBe(302);
    const me = await t.call('GET', '/v1/iyd/member/info', { token: r.data.token });
    expect(me.data.id).toBe(m.id);
    expect((await login(m.phone, PASSWORD)).data.reason).toBe('LOGIN_FAILED');
    expect((await login(m.phone, 'Renewed123')).code).toBe(200);
  });

  it('uses a code once and refuses a wrong one, changing nothing', async () => {
    const m = await registerMember(t);
    await sendCode(t, m.phone, 'password');
    const code = await lastSmsCode(t, m.phone);
    const wrong = await reset({
      phone: m.phone,
      smsCode: code === '000000' ? '111111' : '000000',
      password: 'Renewed123',
    });
    expect([wrong.status, wrong.data.reason, wrong.data.field]).toEqual([400, 'SMS_CODE_INVALID', 'smsCode']);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).code).toBe(200);
    expect((await reset({ phone: m.phone, smsCode: code, password: 'Renewed123' })).code).toBe(200);
    const reused = await reset({ phone: m.phone, smsCode: code, password: 'Another123' });
    expect(reused.data.reason).toBe('SMS_CODE_INVALID');
    expect((await login(m.phone, 'Renewed123')).code).toBe(200);
  });

  it('answers a phone that is no member exactly as a wrong code', async () => {
    const m = await registerMember(t);
    const body = { smsCode: '123456', password: 'Renewed123' };
    const member = await reset({ ...body, phone: m.phone });
    const stranger = await reset({ ...body, phone: newPhone() });
    expect(stranger.status).toBe(member.status);
    expect(stranger.code).toBe(member.code);
    expect(stranger.msg).toBe(member.msg);
    expect(stranger.data).toEqual(member.data);
    expect(stranger.data).toEqual({ reason: 'SMS_CODE_INVALID', field: 'smsCode' });
  });

  it('follows the password rules and lifts a sign-in lock', async () => {
    const m = await registerMember(t);
    for (let i = 0; i < 5; i++) await login(m.phone, 'Wrong1234');
    expect((await login(m.phone, PASSWORD)).status).toBe(429);
    await sendCode(t, m.phone, 'password');
    const code = await lastSmsCode(t, m.phone);
    const weak = await reset({ phone: m.phone, smsCode: code, password: 'short' });
    expect([weak.status, weak.data.field]).toEqual([400, 'password']);
    expect((await reset({ phone: m.phone, smsCode: code, password: 'Renewed123' })).code).toBe(200);
    expect((await login(m.phone, 'Renewed123')).code).toBe(200);
  });

  it('refuses a frozen member and leaves the password as it was', async () => {
    const m = await registerMember(t);
    const admin = await operatorToken(t);
    await t.call('POST', `/v1/admin/members/${m.id}/freeze`, { token: admin, body: { frozen: true, reason: '风控' } });
    await sendCode(t, m.phone, 'password');
    const r = await reset({ phone: m.phone, smsCode: await lastSmsCode(t, m.phone), password: 'Renewed123' });
    expect([r.status, r.data.reason]).toEqual([403, 'ACCOUNT_FROZEN']);
    await t.call('POST', `/v1/admin/members/${m.id}/freeze`, { token: admin, body: { frozen: false } });
    expect((await login(m.phone, PASSWORD)).code).toBe(200);
  });
});
