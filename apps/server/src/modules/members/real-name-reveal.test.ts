import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, registerMember, uploadImage, type TestApp } from '../../test/harness.js';

const ID = '11010519491231002X';
const NAME = '欧阳娜娜';

let t: TestApp;
let admin: string;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorToken(t, 'admin');
  support = await operatorToken(t, 'support');
});

/** A member who has sent their name, ID number and ID photos for review. */
async function submitted() {
  const m = await registerMember(t);
  const front = await uploadImage(t, m.token, 'idcard');
  const back = await uploadImage(t, m.token, 'idcard');
  const r = await t.call('POST', '/v1/iyd/member/auth', {
    token: m.token,
    body: { realName: NAME, idNumber: ID, frontImage: front.res.data.url, backImage: back.res.data.url },
  });
  expect(r.code).toBe(200);
  return m;
}

const reveal = (token: string, memberId: number | string) =>
  t.call('POST', `/v1/admin/realname/${memberId}/reveal`, { token, body: {} });

const reveals = async (memberId: number) => {
  const r = await t.call('GET', '/v1/admin/audit', { token: admin, query: { action: 'realname.reveal' } });
  return (r.data.list as { targetId: string }[]).filter((a) => a.targetId === String(memberId));
};

describe('revealing a real-name submission for the review', () => {
  it('gives support the name and ID number in full, and audits who looked at whose, never the values', async () => {
    const m = await submitted();
    const r = await reveal(support, m.id);
    expect([r.status, r.data]).toEqual([200, { realName: NAME, idNumber: ID }]);

    const audit = await reveals(m.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'realname.reveal', targetType: 'member', targetId: String(m.id) });
    expect((audit[0] as { operatorName: string }).operatorName).toMatch(/^support_/);
    expect((audit[0] as { createdAt: number }).createdAt).toBeGreaterThan(0);
    const written = JSON.stringify(audit[0]);
    expect(written).not.toContain(NAME);
    expect(written).not.toContain(ID);
    expect(written).not.toContain(ID.slice(6, 14));

    // Each reveal is its own entry; the administrator may reveal too.
    expect((await reveal(admin, m.id)).data).toEqual({ realName: NAME, idNumber: ID });
    expect(await reveals(m.id)).toHaveLength(2);
  });

  it('still reveals after the decision (a verified name may be checked again), still audited', async () => {
    const m = await submitted();
    await t.call('POST', `/v1/admin/realname/${m.id}/review`, { token: support, body: { approve: true } });
    expect((await reveal(support, m.id)).data).toEqual({ realName: NAME, idNumber: ID });
    expect(await reveals(m.id)).toHaveLength(1);
  });

  it('refuses operator and finance with 403 and audits nothing', async () => {
    const m = await submitted();
    for (const role of ['operator', 'finance'] as const) {
      const r = await reveal(await operatorToken(t, role), m.id);
      expect([r.status, r.data?.reason], role).toEqual([403, 'FORBIDDEN']);
      expect(JSON.stringify(r)).not.toContain(NAME);
    }
    expect(await reveals(m.id)).toHaveLength(0);
  });

  it('is 404 for a member who submitted nothing and for no member at all', async () => {
    const none = await registerMember(t);
    for (const id of [none.id, 999_999]) {
      const r = await reveal(support, id);
      expect([r.status, r.data?.reason], String(id)).toEqual([404, 'NOT_FOUND']);
    }
    expect(await reveals(none.id)).toHaveLength(0);
    expect((await reveal(support, 'abc')).status).toBe(400);
  });

  it('leaves them masked everywhere else after a reveal', async () => {
    const m = await submitted();
    await reveal(support, m.id);
    const queue = await t.call('GET', '/v1/admin/realname', { token: support, query: { status: 'pending' } });
    const row = queue.data.list.find((x: { memberId: number }) => x.memberId === m.id);
    expect(row).toMatchObject({ realName: '欧**娜', idNumber: '1101**********002X' });
    const detail = await t.call('GET', `/v1/admin/members/${m.id}`, { token: support });
    expect(detail.data).toMatchObject({ realName: '欧**娜', idNumber: '1101**********002X' });
    const list = await t.call('GET', '/v1/admin/members', { token: support, query: { keyword: m.phone } });
    expect(list.data.list[0].realName).toBe('欧**娜');
    const info = await t.call('GET', '/v1/iyd/member/info', { token: m.token });
    expect(info.data.realName).toBe('欧**娜');
    for (const body of [queue, detail, list, info].map((r) => JSON.stringify(r.data))) {
      expect(body).not.toContain(NAME);
      expect(body).not.toContain(ID);
    }
  });
});
