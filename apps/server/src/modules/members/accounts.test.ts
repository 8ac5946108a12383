import { beforeAll, describe, expect, it } from 'vitest';
import {
  PASSWORD,
  TEST_CAPTCHA,
  captcha,
  createTestApp,
  lastSmsCode,
  newPhone,
  operatorToken,
  registerMember,
  sendCode,
  uploadImage,
  type TestApp,
} from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

describe('captcha and send', () => {
  it('hands out an SVG captcha', async () => {
    const r = await t.call('GET', '/v1/iyd/captcha');
    expect(r.code).toBe(200);
    expect(r.data.captchaId).toMatch(/^[0-9a-f-]{36}$/);
    expect(r.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('texts a code after the captcha, then enforces the 60 s cooldown', async () => {
    const phone = newPhone();
    const body = { phone, scene: 'register', captchaId: await captcha(t), captchaCode: TEST_CAPTCHA };
    const first = await t.call('POST', '/v1/iyd/send', { body });
    expect(first).toMatchObject({ code: 200, data: { expiresIn: 300, resendIn: 60 } });
    expect(await lastSmsCode(t, phone)).toMatch(/^\d{6}$/);
    const again = await t.call('POST', '/v1/iyd/send', { body: { ...body, captchaId: await captcha(t) } });
    expect(again.status).toBe(429);
    expect(again.data.reason).toBe('SMS_COOLDOWN');
    expect(again.data.retryAfter).toBeGreaterThan(0);
    t.clock.advance(60_000);
    const later = await t.call('POST', '/v1/iyd/send', { body: { ...body, captchaId: await captcha(t) } });
    expect(later.code).toBe(200);
  });

  it('caps a phone at 10 codes a day', async () => {
    // Eleven sends span about 11 minutes: start at the next noon in China (04:00 UTC) so
    // the day the limit counts cannot end in the middle.
    const day = 86_400_000;
    const noon = Math.floor(t.clock.now() / day) * day + 4 * 3_600_000;
    t.clock.set(noon > t.clock.now() ? noon : noon + day);
    const phone = newPhone();
    for (let i = 0; i < 10; i++) await sendCode(t, phone, 'register');
    const r = await t.call('POST', '/v1/iyd/send', {
      body: { phone, scene: 'register', captchaId: await captcha(t), captchaCode: TEST_CAPTCHA },
    });
    expect(r.status).toBe(429);
    expect(r.data.reason).toBe('SMS_DAILY_LIMIT');
  });

  it('refuses a wrong captcha, and a captcha used once already', async () => {
    const phone = newPhone();
    const id = await captcha(t);
    const wrong = await t.call('POST', '/v1/iyd/send', {
      body: { phone, scene: 'register', captchaId: id, captchaCode: 'zzzz' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.data).toMatchObject({ reason: 'CAPTCHA_INVALID', field: 'captchaCode' });
    const reused = await t.call('POST', '/v1/iyd/send', {
      body: { phone, scene: 'register', captchaId: id, captchaCode: TEST_CAPTCHA },
    });
    expect(reused.data.reason).toBe('CAPTCHA_INVALID');
    const outbox = await t.services.sms.outbox({ phone, page: 1, pageSize: 10 });
    expect(outbox.total).toBe(0);
  });

  it('refuses an expired captcha', async () => {
    const id = await captcha(t);
    t.clock.advance(5 * 60_000 + 1000);
    const r = await t.call('POST', '/v1/iyd/send', {
      body: { phone: newPhone(), scene: 'register', captchaId: id, captchaCode: TEST_CAPTCHA },
    });
    expect(r.data.reason).toBe('CAPTCHA_INVALID');
  });

  it('names the field of a bad phone number, in Chinese or English', async () => {
    const body = { phone: '12345', scene: 'register', captchaId: 'x', captchaCode: 'y' };
    const zh = await t.call('POST', '/v1/iyd/send', { body });
    expect(zh.status).toBe(400);
    expect(zh.data).toEqual({ reason: 'VALIDATION', field: 'phone' });
    expect(zh.msg).toBe('请输入正确的11位手机号');
    const en = await t.call('POST', '/v1/iyd/send', { body, headers: { 'accept-language': 'en-US,en;q=0.9' } });
    expect(en.msg).toBe('Enter a valid 11-digit mobile number');
  });

  it('answers a member’s phone and a stranger’s alike, for every scene, and counts both against the same limits', async () => {
    const member = (await registerMember(t)).phone;
    const stranger = newPhone();
    t.clock.advance(61_000);
    const send = async (phone: string, scene: string) => {
      const r = await t.call('POST', '/v1/iyd/send', {
        body: { phone, scene, captchaId: await captcha(t), captchaCode: TEST_CAPTCHA },
      });
      return { status: r.status, code: r.code, msg: r.msg, data: r.data };
    };
    for (const scene of ['register', 'password', 'trade']) {
      const pair = [await send(member, scene), await send(stranger, scene)];
      expect(pair[0]).toEqual({ status: 200, code: 200, msg: 'ok', data: { expiresIn: 300, resendIn: 60 } });
      expect(pair[1]).toEqual(pair[0]);
      // Asked again at once: the same cooldown for both.
      const again = [await send(member, scene), await send(stranger, scene)];
      expect(again[0]).toMatchObject({ status: 429, data: { reason: 'SMS_COOLDOWN', retryAfter: 60 } });
      expect(again[1]).toEqual(again[0]);
      t.clock.advance(61_000);
    }
  });

  it('texts a member who asks to register that they have an account, and a stranger asking for a reset nothing', async () => {
    const { phone } = await registerMember(t);
    t.clock.advance(61_000);
    await sendCode(t, phone, 'register');
    const [text] = (await t.services.sms.outbox({ phone, page: 1, pageSize: 1 })).list;
    expect(text).toMatchObject({ scene: 'account_exists' });
    expect(text!.content).toContain('已注册');
    expect(text!.content).toContain('忘记密码');
    expect(text!.content).not.toMatch(/\d{6}/);
    await expect(lastSmsCode(t, phone)).rejects.toThrow(/no SMS/);

    const stranger = newPhone();
    await sendCode(t, stranger, 'password');
    await sendCode(t, stranger, 'trade');
    expect((await t.services.sms.outbox({ phone: stranger, page: 1, pageSize: 10 })).total).toBe(0);
    // Nothing a stranger could type resets a password there.
    const reset = await t.call('POST', '/v1/iyd/member/password/reset', {
      body: { phone: stranger, smsCode: '123456', password: 'Renewed123' },
    });
    expect(reset.data).toEqual({ reason: 'SMS_CODE_INVALID', field: 'smsCode' });
  });
});

describe('register and login', () => {
  it('registers with an SMS code and lands logged in, with a masked phone', async () => {
    const phone = newPhone();
    await sendCode(t, phone, 'register');
    const r = await t.call('POST', '/v1/iyd/member/register', {
      body: { phone, smsCode: await lastSmsCode(t, phone), password: PASSWORD },
    });
    expect(r.code).toBe(200);
    expect(r.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.data.expiresAt).toBeGreaterThan(t.clock.now() + 29 * 86_400_000);
    const info = await t.call('GET', '/v1/iyd/member/info', { token: r.data.token });
    expect(info.data).toMatchObject({
      phone: `${phone.slice(0, 3)}****${phone.slice(7)}`,
      vipLevel: 0,
      realNameStatus: 'none',
      hasTradePassword: false,
      balance: 0,
      frozen: 0,
    });
    expect(info.data.inviteCode).toMatch(/^[A-Z0-9]{6,8}$/);
  });

  it('stores the token only as a hash and the password only as scrypt', async () => {
    const m = await registerMember(t);
    // What is stored, read as the database holds it.
    const stored = await t.db.execute(`SELECT password_hash FROM members WHERE id = ${m.id}`);
    expect(stored.rows[0]).toMatchObject({ password_hash: expect.stringMatching(/^scrypt\$/) });
    const sessions = await t.db.execute(`SELECT token_hash FROM member_sessions WHERE member_id = ${m.id}`);
    expect(JSON.stringify(sessions.rows)).not.toContain(m.token);
  });

  it('refuses a wrong SMS code, and kills the code after 5 wrong tries', async () => {
    const phone = newPhone();
    await sendCode(t, phone, 'register');
    const code = await lastSmsCode(t, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/v1/iyd/member/register', {
        body: { phone, smsCode: wrong, password: PASSWORD },
      });
      expect(r.status).toBe(400);
      expect(r.data).toMatchObject({ reason: 'SMS_CODE_INVALID', field: 'smsCode' });
    }
    const right = await t.call('POST', '/v1/iyd/member/register', {
      body: { phone, smsCode: code, password: PASSWORD },
    });
    expect(right.data.reason).toBe('SMS_CODE_INVALID');
  });

  it('refuses an SMS code older than 5 minutes', async () => {
    const phone = newPhone();
    await sendCode(t, phone, 'register');
    t.clock.advance(5 * 60_000);
    const r = await t.call('POST', '/v1/iyd/member/register', {
      body: { phone, smsCode: await lastSmsCode(t, phone), password: PASSWORD },
    });
    expect(r.data.reason).toBe('SMS_CODE_INVALID');
  });

  it('requires letters and digits in the password', async () => {
    const r = await t.call('POST', '/v1/iyd/member/register', {
      body: { phone: newPhone(), smsCode: '123456', password: 'onlyletters' },
    });
    expect(r.status).toBe(400);
    expect(r.data.field).toBe('password');
  });

  it('links an invitee to the inviter, and refuses an unknown invite code', async () => {
    const inviter = await registerMember(t);
    const info = await t.call('GET', '/v1/iyd/member/info', { token: inviter.token });
    const invitee = await registerMember(t, { inviteCode: info.data.inviteCode.toLowerCase() });
    const detail = await t.call('GET', `/v1/admin/members/${invitee.id}`, { token: await operatorToken(t, 'support') });
    expect(detail.data.inviter).toMatchObject({ id: inviter.id });

    const phone = newPhone();
    await sendCode(t, phone, 'register');
    const bad = await t.call('POST', '/v1/iyd/member/register', {
      body: { phone, smsCode: await lastSmsCode(t, phone), password: PASSWORD, inviteCode: 'NOSUCH9' },
    });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ reason: 'INVITE_CODE_INVALID', field: 'inviteCode' });
  });

  it('judges the SMS code before the phone: a wrong code is SMS_CODE_INVALID for a member and a stranger alike', async () => {
    const { phone } = await registerMember(t);
    t.clock.advance(61_000);
    const stranger = newPhone();
    await sendCode(t, phone, 'register');
    await sendCode(t, stranger, 'register');
    const register = (p: string) =>
      t.call('POST', '/v1/iyd/member/register', { body: { phone: p, smsCode: '123456', password: PASSWORD } });
    const pair = [await register(phone), await register(stranger)];
    expect(pair[0]).toMatchObject({ status: 400, data: { reason: 'SMS_CODE_INVALID', field: 'smsCode' } });
    expect(pair[1].status).toBe(pair[0].status);
    expect(pair[1].msg).toBe(pair[0].msg);
    expect(pair[1].data).toEqual(pair[0].data);
    // Without any code sent, too.
    const cold = [await register((await registerMember(t)).phone), await register(newPhone())];
    expect(cold[0].data).toEqual({ reason: 'SMS_CODE_INVALID', field: 'smsCode' });
    expect(cold[1].data).toEqual(cold[0].data);
  });

  it('answers PHONE_TAKEN only to the right code of a phone registered since it was sent', async () => {
    const phone = newPhone();
    await sendCode(t, phone, 'register');
    const code = await lastSmsCode(t, phone);
    await t.services.members.create({ phone, password: PASSWORD, nickname: '先到者' });
    const r = await t.call('POST', '/v1/iyd/member/register', { body: { phone, smsCode: code, password: PASSWORD } });
    expect(r.status).toBe(409);
    expect(r.data).toMatchObject({ reason: 'PHONE_TAKEN', field: 'phone' });
  });

  it('logs in, and locks a phone out for 15 minutes after 5 failures', async () => {
    const { phone } = await registerMember(t);
    const good = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD } });
    expect(good.code).toBe(200);
    for (let i = 0; i < 5; i++) {
      const r = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: 'Wrong1234' } });
      expect(r.status).toBe(422);
      expect(r.data).toMatchObject({ reason: 'LOGIN_FAILED', remaining: 4 - i });
    }
    const locked = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD } });
    expect(locked.status).toBe(429);
    expect(locked.data.reason).toBe('RATE_LIMITED');
    expect(locked.data.retryAfter).toBeGreaterThan(800);
    t.clock.advance(15 * 60_000 + 1000);
    const after = await t.call('POST', '/v1/iyd/member/login', { body: { phone, password: PASSWORD } });
    expect(after.code).toBe(200);
  });

  it('answers an unknown phone the same as a wrong password', async () => {
    const r = await t.call('POST', '/v1/iyd/member/login', { body: { phone: newPhone(), password: PASSWORD } });
    expect(r.status).toBe(422);
    expect(r.data.reason).toBe('LOGIN_FAILED');
  });
});

describe('sessions', () => {
  it('answers 301 without a token or with an unknown one', async () => {
    const none = await t.call('GET', '/v1/iyd/member/info');
    expect([none.status, none.code]).toEqual([401, 301]);
    const unknown = await t.call('GET', '/v1/iyd/member/info', { token: 'not-a-real-token' });
    expect(unknown.code).toBe(301);
  });

  it('expires a session after 30 idle days with 302, and keeps a used one alive', async () => {
    const a = await registerMember(t);
    t.clock.advance(29 * 86_400_000);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: a.token })).code).toBe(200);
    t.clock.advance(29 * 86_400_000);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: a.token })).code).toBe(200);
    t.clock.advance(30 * 86_400_000 + 1000);
    const expired = await t.call('GET', '/v1/iyd/member/info', { token: a.token });
    expect([expired.status, expired.code, expired.data.reason]).toEqual([401, 302, 'SESSION_EXPIRED']);
  });

  it('answers requests arriving together each as its own session (their tokens are looked up in one query)', async () => {
    // Registered one after another (each send moves the clock past the cooldown; six at once would
    // age the first codes past their 5 minutes); it is the lookups that go together.
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await registerMember(t));
    const revoked = await registerMember(t);
    await t.call('POST', '/v1/iyd/member/logout', { token: revoked.token });
    const tokens = [...members.map((m) => m.token), revoked.token, 'not-a-real-token', members[0]!.token];
    const answers = await Promise.all(tokens.map((token) => t.call('GET', '/v1/iyd/member/info', { token })));
    expect(answers.map((a) => (a.code === 200 ? a.data.id : a.code))).toEqual([
      ...members.map((m) => m.id),
      302,
      301,
      members[0]!.id,
    ]);
  });

  it('changing the login password revokes every other session (302) and returns a new one', async () => {
    const m = await registerMember(t);
    const other = await t.call('POST', '/v1/iyd/member/login', { body: { phone: m.phone, password: PASSWORD } });
    await sendCode(t, undefined, 'password', m.token);
    const r = await t.call('POST', '/v1/iyd/member/password', {
      token: m.token,
      body: { smsCode: await lastSmsCode(t, m.phone), password: 'NewPassw0rd' },
    });
    expect(r.code).toBe(200);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: other.data.token })).code).toBe(302);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).code).toBe(302);
    expect((await t.call('GET', '/v1/iyd/member/info', { token: r.data.token })).code).toBe(200);
    const oldPw = await t.call('POST', '/v1/iyd/member/login', { body: { phone: m.phone, password: PASSWORD } });
    expect(oldPw.data.reason).toBe('LOGIN_FAILED');
    const newPw = await t.call('POST', '/v1/iyd/member/login', { body: { phone: m.phone, password: 'NewPassw0rd' } });
    expect(newPw.code).toBe(200);
  });

  it('refuses a password change with a wrong code and changes nothing', async () => {
    const m = await registerMember(t);
    const r = await t.call('POST', '/v1/iyd/member/password', {
      token: m.token,
      body: { smsCode: '000000', password: 'NewPassw0rd' },
    });
    expect(r.data.reason).toBe('SMS_CODE_INVALID');
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).code).toBe(200);
  });
});

describe('profile', () => {
  it('updates the nickname within 1 to 20 characters', async () => {
    const m = await registerMember(t);
    const r = await t.call('POST', '/v1/iyd/member/info', { token: m.token, body: { nickname: '雅集藏家' } });
    expect(r.data.nickname).toBe('雅集藏家');
    const long = await t.call('POST', '/v1/iyd/member/info', { token: m.token, body: { nickname: '一'.repeat(21) } });
    expect(long.status).toBe(400);
    expect(long.data.field).toBe('nickname');
    const empty = await t.call('POST', '/v1/iyd/member/info', { token: m.token, body: {} });
    expect(empty.status).toBe(400);
  });

  it('takes only an avatar this member uploaded', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    const mine = await uploadImage(t, m.token, 'avatar');
    const theirs = await uploadImage(t, other.token, 'avatar');
    const ok = await t.call('POST', '/v1/iyd/member/info', { token: m.token, body: { avatar: mine.res.data.url } });
    expect(ok.data.avatar).toBe(mine.res.data.url);
    const stolen = await t.call('POST', '/v1/iyd/member/info', {
      token: m.token,
      body: { avatar: theirs.res.data.url },
    });
    expect(stolen.data).toMatchObject({ reason: 'VALIDATION', field: 'avatar' });
    const foreign = await t.call('POST', '/v1/iyd/member/info', {
      token: m.token,
      body: { avatar: 'https://evil.example/x.png' },
    });
    expect(foreign.status).toBe(400);
  });
});

describe('trade password', () => {
  it('is set with an SMS code, then checked with a 5-try lockout of 30 minutes', async () => {
    const m = await registerMember(t);
    await expect(t.services.members.verifyTradePassword(m.id, '123456')).rejects.toMatchObject({
      reason: 'TRADE_PASSWORD_NOT_SET',
    });
    await sendCode(t, undefined, 'trade', m.token);
    const bad = await t.call('POST', '/v1/iyd/member/password/trade', {
      token: m.token,
      body: { smsCode: '000000', tradePassword: '12345' },
    });
    expect(bad.data.field).toBe('tradePassword');
    const r = await t.call('POST', '/v1/iyd/member/password/trade', {
      token: m.token,
      body: { smsCode: await lastSmsCode(t, m.phone), tradePassword: '135790' },
    });
    expect(r.data).toEqual({ hasTradePassword: true });
    expect((await t.call('GET', '/v1/iyd/member/info', { token: m.token })).data.hasTradePassword).toBe(true);

    await expect(t.services.members.verifyTradePassword(m.id, '135790')).resolves.toBeUndefined();
    for (let i = 1; i <= 4; i++) {
      await expect(t.services.members.verifyTradePassword(m.id, '000000')).rejects.toMatchObject({
        reason: 'TRADE_PASSWORD_WRONG',
        extra: { remaining: 5 - i },
      });
    }
    await expect(t.services.members.verifyTradePassword(m.id, '000000')).rejects.toMatchObject({
      reason: 'TRADE_PASSWORD_LOCKED',
    });
    await expect(t.services.members.verifyTradePassword(m.id, '135790')).rejects.toMatchObject({
      reason: 'TRADE_PASSWORD_LOCKED',
    });
    t.clock.advance(30 * 60_000 + 1000);
    await expect(t.services.members.verifyTradePassword(m.id, '135790')).resolves.toBeUndefined();
  });
});

describe('real-name verification', () => {
  const ID = '11010519491231002X';

  it('checks the GB 11643 check digit', async () => {
    const m = await registerMember(t);
    const front = await uploadImage(t, m.token, 'idcard');
    const back = await uploadImage(t, m.token, 'idcard');
    const r = await t.call('POST', '/v1/iyd/member/auth', {
      token: m.token,
      body: {
        realName: '张三',
        idNumber: '110105194912310021',
        frontImage: front.res.data.url,
        backImage: back.res.data.url,
      },
    });
    expect(r.status).toBe(400);
    expect(r.data.field).toBe('idNumber');
  });

  it('needs ID photos the member uploaded', async () => {
    const m = await registerMember(t);
    const avatar = await uploadImage(t, m.token, 'avatar');
    const r = await t.call('POST', '/v1/iyd/member/auth', {
      token: m.token,
      body: { realName: '张三', idNumber: ID, frontImage: avatar.res.data.url, backImage: avatar.res.data.url },
    });
    expect(r.data).toMatchObject({ reason: 'VALIDATION', field: 'frontImage' });
  });

  it('goes pending, is approved by an operator, and shows a masked name', async () => {
    const m = await registerMember(t);
    const front = await uploadImage(t, m.token, 'idcard');
    const back = await uploadImage(t, m.token, 'idcard');
    const body = {
      realName: '欧阳娜娜',
      idNumber: ID.toLowerCase(),
      frontImage: front.res.data.url,
      backImage: back.res.data.url,
    };
    const r = await t.call('POST', '/v1/iyd/member/auth', { token: m.token, body });
    expect(r.data).toEqual({ realNameStatus: 'pending' });
    const again = await t.call('POST', '/v1/iyd/member/auth', { token: m.token, body });
    expect([again.status, again.data.reason]).toEqual([409, 'REAL_NAME_PENDING']);

    const op = await operatorToken(t, 'support');
    const queue = await t.call('GET', '/v1/admin/realname', { token: op, query: { status: 'pending' } });
    const row = queue.data.list.find((x: { memberId: number }) => x.memberId === m.id);
    expect(row).toMatchObject({ realName: '欧**娜', idNumber: '1101**********002X' });
    expect(row.frontImage).toMatch(/^\/files\/idcard\/.+\?expires=\d+&sig=/);
    const img = await t.app.inject({ method: 'GET', url: row.frontImage });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');

    const approve = await t.call('POST', `/v1/admin/realname/${m.id}/review`, { token: op, body: { approve: true } });
    expect(approve.data.status).toBe('verified');
    const twice = await t.call('POST', `/v1/admin/realname/${m.id}/review`, { token: op, body: { approve: true } });
    expect([twice.status, twice.data.reason]).toEqual([409, 'REAL_NAME_NOT_PENDING']);
    const info = await t.call('GET', '/v1/iyd/member/info', { token: m.token });
    expect(info.data).toMatchObject({ realNameStatus: 'verified', realName: '欧**娜' });
    const after = await t.call('POST', '/v1/iyd/member/auth', { token: m.token, body });
    expect(after.data.reason).toBe('REAL_NAME_VERIFIED');
  });

  it('a rejection carries its reason, and the member may submit again', async () => {
    const m = await registerMember(t);
    const front = await uploadImage(t, m.token, 'idcard');
    const back = await uploadImage(t, m.token, 'idcard');
    const body = { realName: '张三', idNumber: ID, frontImage: front.res.data.url, backImage: back.res.data.url };
    await t.call('POST', '/v1/iyd/member/auth', { token: m.token, body });
    const op = await operatorToken(t, 'support');
    const noReason = await t.call('POST', `/v1/admin/realname/${m.id}/review`, { token: op, body: { approve: false } });
    expect(noReason.data.field).toBe('reason');
    expect(noReason.msg).toBe('请填写原因');
    await t.call('POST', `/v1/admin/realname/${m.id}/review`, {
      token: op,
      body: { approve: false, reason: '照片模糊' },
    });
    const info = await t.call('GET', '/v1/iyd/member/info', { token: m.token });
    expect(info.data).toMatchObject({ realNameStatus: 'rejected', realNameReason: '照片模糊' });
    const again = await t.call('POST', '/v1/iyd/member/auth', { token: m.token, body });
    expect(again.data.realNameStatus).toBe('pending');
  });
});
