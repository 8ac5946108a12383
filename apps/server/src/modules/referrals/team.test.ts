import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, registerMember, uploadImage, type TestApp } from '../../test/harness.js';
import { inviteUrlOf } from './team.service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const codeOf = async (token: string) =>
  (await t.call('GET', '/v1/iyd/member/info', { token })).data.inviteCode as string;

/** Submits a real name for the member and has an operator approve it. */
async function verify(m: { id: number; token: string }) {
  const front = await uploadImage(t, m.token, 'idcard');
  const back = await uploadImage(t, m.token, 'idcard');
  const submitted = await t.call('POST', '/v1/iyd/member/auth', {
    token: m.token,
    body: {
      realName: '林婉清',
      idNumber: '11010519491231002X',
      frontImage: front.res.data.url,
      backImage: back.res.data.url,
    },
  });
  expect(submitted.code).toBe(200);
  const op = await operatorToken(t, 'support');
  const r = await t.call('POST', `/v1/admin/realname/${m.id}/review`, { token: op, body: { approve: true } });
  expect(r.data.status).toBe('verified');
}

describe('team', () => {
  it('shows the code, the register link with it, the direct invitees and the referral rewards', async () => {
    const inviter = await registerMember(t);
    const code = await codeOf(inviter.token);
    const a = await registerMember(t, { inviteCode: code });
    const b = await registerMember(t, { inviteCode: code });
    // b's own invitee is not the inviter's team: one level only.
    const grandchild = await registerMember(t, { inviteCode: await codeOf(b.token) });
    await verify(a);
    // A referral reward of 12.34 yuan and one of 0.66, and a deposit that is no reward.
    await t.services.transaction(async (tx) => {
      for (const [amount, orderNo] of [
        [1_234, 'T1'],
        [66, 'T2'],
      ] as const) {
        await t.services.wallet.move(tx, {
          memberId: inviter.id,
          type: 'referral_reward',
          amount,
          memo: { code: 'REFERRAL_REWARD', params: { orderNo } },
          refType: 'order',
          refId: 1,
        });
      }
    });
    const finance = await operatorToken(t);
    await t.call('POST', `/v1/admin/members/${inviter.id}/deposit`, {
      token: finance,
      body: { amount: 50_000, remark: '测试入账' },
    });

    const info = await t.call('GET', '/v1/iyd/team/info', { token: inviter.token });
    expect(info.code).toBe(200);
    expect(info.data).toEqual({
      inviteCode: code,
      inviteUrl: `http://localhost:80/#/pages/register/register?inviteCode=${code}`,
      directCount: 2,
      rewardTotal: 1_300,
    });

    const list = await t.call('GET', '/v1/iyd/team/list', { token: inviter.token, query: { page: 1, pageSize: 10 } });
    expect(list.data).toMatchObject({ total: 2, page: 1, pageSize: 10, hasMore: false });
    // Newest first, phones masked, verified or not.
    expect(list.data.list).toEqual([
      {
        id: b.id,
        nickname: expect.any(String),
        avatar: expect.any(String),
        phone: `${b.phone.slice(0, 3)}****${b.phone.slice(7)}`,
        vipLevel: 0,
        joinedAt: expect.any(Number),
        realNameVerified: false,
      },
      expect.objectContaining({
        id: a.id,
        phone: `${a.phone.slice(0, 3)}****${a.phone.slice(7)}`,
        realNameVerified: true,
      }),
    ]);
    expect(JSON.stringify(list.data)).not.toContain(a.phone);
    expect(list.data.list.map((m: { id: number }) => m.id)).not.toContain(grandchild.id);
  });

  it('pages the team', async () => {
    const inviter = await registerMember(t);
    const code = await codeOf(inviter.token);
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) ids.push((await registerMember(t, { inviteCode: code })).id);
    const page = async (p: number) =>
      (await t.call('GET', '/v1/iyd/team/list', { token: inviter.token, query: { page: p, pageSize: 2 } })).data;
    const first = await page(1);
    const second = await page(2);
    expect(first).toMatchObject({ total: 3, page: 1, pageSize: 2, hasMore: true });
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2, hasMore: false });
    expect([...first.list, ...second.list].map((m: { id: number }) => m.id)).toEqual([...ids].reverse());
    expect((await page(3)).list).toEqual([]);
    // The page size by default, and bad paging refused with the field named.
    expect((await t.call('GET', '/v1/iyd/team/list', { token: inviter.token })).data).toMatchObject({
      page: 1,
      pageSize: 10,
      total: 3,
    });
    for (const query of [{ page: 0 }, { pageSize: 51 }, { page: 'x' }] as Record<string, string | number>[]) {
      const bad = await t.call('GET', '/v1/iyd/team/list', { token: inviter.token, query });
      expect(bad.status).toBe(400);
      expect(bad.data.reason).toBe('VALIDATION');
      expect(bad.data.field).toBe(Object.keys(query)[0]);
    }
  });

  it('shows an empty team for a member who invited no one', async () => {
    const m = await registerMember(t);
    const info = await t.call('GET', '/v1/iyd/team/info', { token: m.token });
    expect(info.data).toMatchObject({ inviteCode: await codeOf(m.token), directCount: 0, rewardTotal: 0 });
    const list = await t.call('GET', '/v1/iyd/team/list', { token: m.token });
    expect(list.data).toEqual({ list: [], total: 0, page: 1, pageSize: 10, hasMore: false });
  });

  it('is for members only', async () => {
    for (const path of ['/v1/iyd/team/info', '/v1/iyd/team/list']) {
      expect((await t.call('GET', path)).code).toBe(301);
      expect((await t.call('GET', path, { token: 'not-a-token' })).code).toBe(301);
      expect((await t.call('GET', path, { token: await operatorToken(t) })).code).toBe(301);
    }
    const m = await registerMember(t);
    await t.call('POST', '/v1/iyd/member/logout', { token: m.token });
    expect((await t.call('GET', '/v1/iyd/team/info', { token: m.token })).code).toBe(302);
  });
});

describe('invite link', () => {
  it('uses the configured public URL, else the request origin', async () => {
    expect(inviteUrlOf('https://paimai.example.com/', 'AB12CD')).toBe(
      'https://paimai.example.com/#/pages/register/register?inviteCode=AB12CD',
    );
    const configured = await createTestApp({ PUBLIC_URL: 'https://paimai.example.com' });
    const m = await registerMember(configured);
    const info = await configured.call('GET', '/v1/iyd/team/info', { token: m.token });
    expect(info.data.inviteUrl).toBe(
      `https://paimai.example.com/#/pages/register/register?inviteCode=${info.data.inviteCode}`,
    );
    // Without one, the address the member reached the server at.
    const local = await registerMember(t);
    const here = await t.call('GET', '/v1/iyd/team/info', {
      token: local.token,
      headers: { host: 'shop.example.cn:8443' },
    });
    expect(here.data.inviteUrl).toBe(
      `http://shop.example.cn:8443/#/pages/register/register?inviteCode=${here.data.inviteCode}`,
    );
    await configured.app.close();
  });

  it('never takes a forged X-Forwarded-Host, nor a Host that is no host name', async () => {
    const m = await registerMember(t);
    const info = (headers: Record<string, string>) => t.call('GET', '/v1/iyd/team/info', { token: m.token, headers });
    // No proxy trusted (TRUST_PROXY=0): the forwarded host and scheme are the client's word, ignored.
    const forged = await info({
      host: 'shop.example.cn',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    });
    expect(forged.data.inviteUrl).toMatch(/^http:\/\/shop\.example\.cn\/#\/pages\/register\/register\?inviteCode=/);
    for (const host of ['evil.example/#x', 'evil.example"><b>', 'user@evil.example', 'evil.example:port']) {
      const r = await info({ host });
      expect([host, r.status, r.msg, r.data]).toEqual([
        host,
        400,
        '请求的主机名不正确',
        { reason: 'VALIDATION', field: 'host' },
      ]);
    }
  });

  it('takes the forwarded host only from a trusted proxy, and ignores every header once PUBLIC_URL is set', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: '10.0.0.2' });
    const m = await registerMember(proxied);
    const from = async (remoteAddress: string, headers: Record<string, string>) => {
      const res = await proxied.app.inject({
        method: 'GET',
        url: '/v1/iyd/team/info',
        remoteAddress,
        headers: { authorization: `Bearer ${m.token}`, ...headers },
      });
      return (res.json() as { data: { inviteUrl: string } }).data.inviteUrl;
    };
    const headers = { host: '10.0.0.9:8080', 'x-forwarded-host': 'paimai.example.com', 'x-forwarded-proto': 'https' };
    expect(await from('10.0.0.2', headers)).toMatch(/^https:\/\/paimai\.example\.com\/#\//);
    expect(await from('198.51.100.4', headers)).toMatch(/^http:\/\/10\.0\.0\.9:8080\/#\//);
    await proxied.app.close();

    const configured = await createTestApp({ PUBLIC_URL: 'https://paimai.example.com', TRUST_PROXY: '1' });
    const c = await registerMember(configured);
    const r = await configured.call('GET', '/v1/iyd/team/info', {
      token: c.token,
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    });
    expect(r.data.inviteUrl).toMatch(/^https:\/\/paimai\.example\.com\/#\//);
    await configured.app.close();
  });
});
