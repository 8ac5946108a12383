import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorImage, operatorToken, registerMember, type TestApp } from '../../test/harness.js';

let t: TestApp;
let op: string;
let admin: string;
let finance: string;
let support: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, op, finance, support] = await Promise.all([
    operatorToken(t, 'admin'),
    operatorToken(t, 'operator'),
    operatorToken(t, 'finance'),
    operatorToken(t, 'support'),
  ]);
  member = (await registerMember(t)).token;
});

const kinds = [
  { kind: 'notice', admin: '/v1/admin/notices', list: '/v1/iyd/notice/list', info: '/v1/iyd/notice/info' },
  { kind: 'news', admin: '/v1/admin/news', list: '/v1/iyd/news/list', info: '/v1/iyd/news/info' },
] as const;

async function auditActions(action: string) {
  const r = await t.call('GET', '/v1/admin/audit', { token: admin, query: { action, pageSize: 50 } });
  return r.data.list as { action: string; targetId: string; before: unknown; after: unknown }[];
}

describe.each(kinds)('$kind', (k) => {
  it('publishes a sanitised article that guests and members read, newest first', async () => {
    const cover = await operatorImage(t, op, 'content' as 'product');
    const picture = await operatorImage(t, op, 'content' as 'product');
    const first = await t.call('POST', k.admin, {
      token: op,
      body: {
        title: '春季拍卖会预展通知',
        content: `<p onclick="steal()">预展<strong>三天</strong><script>alert(1)</script></p><img src="${picture}" onerror="x()"><a href="javascript:alert(1)">看</a>`,
        cover,
        published: true,
      },
    });
    expect(first.code).toBe(200);
    expect(first.data.content).toBe(
      `<p>预展<strong>三天</strong></p><img src="${picture}" /><a rel="noopener noreferrer" target="_blank">看</a>`,
    );
    expect(first.data.summary).toBe('预展三天看');
    t.clock.advance(1000);
    const second = await t.call('POST', k.admin, {
      token: admin,
      body: { title: '第二篇', summary: '自写摘要', content: '<p>正文</p>', published: true },
    });
    expect(second.data.summary).toBe('自写摘要');

    const guest = await t.call('GET', k.list, { query: { page: 1, pageSize: 10 } });
    expect(guest.status).toBe(200);
    // (the other kind's tests may have left one older article here)
    expect(guest.data.list.map((a: { id: number }) => a.id).slice(0, 2)).toEqual([second.data.id, first.data.id]);
    expect(guest.data.list[1]).toEqual({
      id: first.data.id,
      title: '春季拍卖会预展通知',
      summary: '预展三天看',
      cover,
      publishedAt: first.data.publishedAt,
    });
    expect(guest.data.list[0]).not.toHaveProperty('cover');
    expect(guest.data).toMatchObject({ total: guest.data.list.length, page: 1, pageSize: 10, hasMore: false });
    const paged = await t.call('GET', k.list, { token: member, query: { page: 2, pageSize: 1 } });
    expect(paged.data).toMatchObject({
      total: guest.data.total,
      hasMore: guest.data.total > 2,
      list: [{ id: first.data.id }],
    });

    const info = await t.call('GET', k.info, { token: member, query: { id: first.data.id } });
    expect(info.data).toEqual({
      id: first.data.id,
      title: '春季拍卖会预展通知',
      content: first.data.content,
      cover,
      publishedAt: first.data.publishedAt,
    });
    const [created] = await auditActions(`${k.kind}.create`);
    expect(created).toMatchObject({ targetId: String(second.data.id) });
  });

  it('hides drafts and scheduled articles from members, 404 for them and for unknown ids', async () => {
    const draft = await t.call('POST', k.admin, {
      token: op,
      body: { title: '草稿', content: '<p>未发布</p>' },
    });
    expect(draft.data.published).toBe(false);
    const later = await t.call('POST', k.admin, {
      token: op,
      body: { title: '定时', content: '<p>明天</p>', published: true, publishedAt: t.clock.now() + 86_400_000 },
    });
    for (const id of [draft.data.id, later.data.id, 999_999]) {
      const r = await t.call('GET', k.info, { query: { id } });
      expect([r.status, r.code, r.data?.reason]).toEqual([404, 404, 'NOT_FOUND']);
    }
    const list = await t.call('GET', k.list);
    const ids = list.data.list.map((a: { id: number }) => a.id);
    expect(ids).not.toContain(draft.data.id);
    expect(ids).not.toContain(later.data.id);
    // the other kind's id is unknown here
    const other = kinds.find((x) => x.kind !== k.kind)!;
    const elsewhere = await t.call('POST', other.admin, {
      token: op,
      body: { title: '别处', content: '<p>x</p>', published: true },
    });
    expect((await t.call('GET', k.info, { query: { id: elsewhere.data.id } })).status).toBe(404);
    expect(
      (await t.call('PUT', `${k.admin}/${elsewhere.data.id}`, { token: op, body: { title: 'x', content: '<p>x</p>' } }))
        .status,
    ).toBe(404);

    // the operators see drafts; publishing the draft shows it, stamped now
    const all = await t.call('GET', k.admin, { token: op, query: { keyword: '草稿' } });
    expect(all.data.list.map((a: { id: number }) => a.id)).toEqual([draft.data.id]);
    t.clock.advance(5000);
    const published = await t.call('PUT', `${k.admin}/${draft.data.id}`, {
      token: op,
      body: { title: '草稿已发布', content: '<p>已发布</p>', published: true },
    });
    expect(published.data.publishedAt).toBe(published.data.updatedAt);
    expect((await t.call('GET', k.info, { query: { id: draft.data.id } })).data.title).toBe('草稿已发布');
    const [updated] = await auditActions(`${k.kind}.update`);
    expect(updated).toMatchObject({
      targetId: String(draft.data.id),
      before: { title: '草稿' },
      after: { title: '草稿已发布' },
    });

    // the scheduled one shows once its time comes
    t.clock.advance(86_400_000);
    expect((await t.call('GET', k.info, { query: { id: later.data.id } })).status).toBe(200);
  });

  it('deletes, audited; a second delete is 404', async () => {
    const a = await t.call('POST', k.admin, { token: op, body: { title: '删', content: '<p>x</p>', published: true } });
    expect((await t.call('DELETE', `${k.admin}/${a.data.id}`, { token: op })).data).toBeNull();
    expect((await t.call('GET', k.info, { query: { id: a.data.id } })).status).toBe(404);
    expect((await t.call('DELETE', `${k.admin}/${a.data.id}`, { token: op })).status).toBe(404);
    const [deleted] = await auditActions(`${k.kind}.delete`);
    expect(deleted).toMatchObject({ targetId: String(a.data.id), before: { title: '删' } });
  });

  it('refuses bad input and changes nothing', async () => {
    const before = await t.call('GET', k.admin, { token: op });
    const bad: [Record<string, unknown>, string][] = [
      [{ content: '<p>x</p>' }, 'title'],
      [{ title: '   ', content: '<p>x</p>' }, 'title'],
      [{ title: 'x'.repeat(81), content: '<p>x</p>' }, 'title'],
      [{ title: 'x' }, 'content'],
      [{ title: 'x', content: '<script>alert(1)</script>' }, 'content'],
      [{ title: 'x', content: '<p>x</p>', cover: 'https://evil.example/a.png' }, 'cover'],
      [{ title: 'x', content: '<p>x</p>', published: 'yes' }, 'published'],
      [{ title: 'x', content: '<p>x</p>', summary: 'x'.repeat(201) }, 'summary'],
    ];
    for (const [body, field] of bad) {
      const r = await t.call('POST', k.admin, { token: op, body });
      expect([r.status, r.data.field]).toEqual([400, field]);
    }
    for (const query of [{ id: 'abc' }, { id: 0 }, { id: 2_147_483_648 }]) {
      expect((await t.call('GET', k.info, { query })).status).toBe(400);
    }
    expect((await t.call('GET', k.info)).status).toBe(400);
    expect((await t.call('GET', k.list, { query: { pageSize: 51 } })).status).toBe(400);
    expect((await t.call('GET', k.list, { query: { page: 0 } })).status).toBe(400);
    expect(
      (await t.call('PUT', `${k.admin}/abc`, { token: op, body: { title: 'x', content: '<p>x</p>' } })).status,
    ).toBe(400);
    const after = await t.call('GET', k.admin, { token: op });
    expect(after.data.total).toBe(before.data.total);
  });

  it('lets operators and administrators write; finance, support, members and guests may not', async () => {
    for (const token of [finance, support]) {
      expect((await t.call('GET', k.admin, { token })).status).toBe(403);
      expect((await t.call('POST', k.admin, { token, body: { title: 'x', content: '<p>x</p>' } })).status).toBe(403);
      expect((await t.call('DELETE', `${k.admin}/1`, { token })).status).toBe(403);
    }
    expect((await t.call('GET', k.admin, { token: member })).status).toBe(401);
    expect((await t.call('POST', k.admin, { body: { title: 'x', content: '<p>x</p>' } })).status).toBe(401);
    expect((await t.call('GET', k.admin, { token: admin })).status).toBe(200);
  });
});

describe('contact', () => {
  const contact = {
    phone: '400-820-1688',
    wechat: 'shigu_kefu',
    email: 'service@shigu.example',
    serviceHours: '周一至周日 9:00–21:00',
    address: '上海市黄浦区南京东路 100 号',
    qrCode: '',
    notes: '充值：转账至本行对公账户，备注您的手机号。\n提现：仅可提至您本人名下的账户。',
  };

  it('is empty until an operator saves it, then guests read it; audited', async () => {
    const empty = await t.call('GET', '/v1/iyd/contact');
    expect(empty.data).toEqual({
      phone: '',
      wechat: '',
      email: '',
      serviceHours: '',
      address: '',
      qrCode: '',
      notes: '',
    });
    const qrCode = await operatorImage(t, op, 'content' as 'product');
    const saved = await t.call('PUT', '/v1/admin/contact', { token: op, body: { ...contact, qrCode } });
    // (the console's answer adds the bank account, empty here)
    expect(saved.data).toMatchObject({ ...contact, qrCode });
    expect((await t.call('GET', '/v1/iyd/contact')).data).toEqual({ ...contact, qrCode });
    expect((await t.call('GET', '/v1/iyd/contact', { token: member })).data.phone).toBe('400-820-1688');
    expect((await t.call('GET', '/v1/admin/contact', { token: op })).data.qrCode).toBe(qrCode);
    const changed = await t.call('PUT', '/v1/admin/contact', {
      token: admin,
      body: { ...contact, phone: '021-6321 0000' },
    });
    expect(changed.data.phone).toBe('021-6321 0000');
    const [last] = await auditActions('contact.update');
    expect(last).toMatchObject({ before: { phone: '400-820-1688' }, after: { phone: '021-6321 0000' } });
  });

  it('refuses bad input and changes nothing; only operators and administrators write', async () => {
    const before = (await t.call('GET', '/v1/iyd/contact')).data;
    const bad: [Record<string, unknown>, string][] = [
      [{ ...contact, phone: '<b>1</b>' }, 'phone'],
      [{ ...contact, email: 'not-an-email' }, 'email'],
      [{ ...contact, qrCode: 'https://evil.example/qr.png' }, 'qrCode'],
      [{ ...contact, notes: 'x'.repeat(4001) }, 'notes'],
      [{ ...contact, wechat: undefined }, 'wechat'],
    ];
    for (const [body, field] of bad) {
      const r = await t.call('PUT', '/v1/admin/contact', { token: op, body });
      expect([r.status, r.data.field]).toEqual([400, field]);
    }
    for (const token of [finance, support]) {
      expect((await t.call('PUT', '/v1/admin/contact', { token, body: contact })).status).toBe(403);
    }
    expect((await t.call('PUT', '/v1/admin/contact', { token: member, body: contact })).status).toBe(401);
    expect((await t.call('GET', '/v1/iyd/contact')).data).toEqual(before);
  });

  const bank = {
    bankName: '中国工商银行上海南京东路支行',
    bankAccountName: '上海拾古拍卖有限公司',
    bankAccountNo: '1001 2345 6789 0123 456',
    bankNotes: '转账附言请填写您注册的手机号。',
  };

  it('keeps the house’s bank account with the contact page: edited by operators, audited, kept by a save that leaves it out', async () => {
    const saved = await t.call('PUT', '/v1/admin/contact', { token: op, body: { ...contact, ...bank } });
    expect(saved.data).toEqual({ ...contact, ...bank });
    expect((await t.call('GET', '/v1/admin/contact', { token: op })).data).toEqual({ ...contact, ...bank });
    const [first] = await auditActions('contact.update');
    expect(first).toMatchObject({ after: bank });

    // A client that knows nothing of the account (an older console) keeps it.
    const without = await t.call('PUT', '/v1/admin/contact', {
      token: op,
      body: { ...contact, phone: '400-000-0000' },
    });
    expect(without.data).toMatchObject({ phone: '400-000-0000', ...bank });

    const moved = await t.call('PUT', '/v1/admin/contact', {
      token: admin,
      body: { ...contact, ...bank, bankAccountNo: '6222 0000 1111 2222' },
    });
    expect(moved.data.bankAccountNo).toBe('6222 0000 1111 2222');
    const [last] = await auditActions('contact.update');
    expect(last).toMatchObject({
      before: { bankAccountNo: '1001 2345 6789 0123 456' },
      after: { bankAccountNo: '6222 0000 1111 2222' },
    });

    // Cleared all together: members are sent to the contact page instead.
    const cleared = await t.call('PUT', '/v1/admin/contact', {
      token: op,
      body: { ...contact, bankName: '', bankAccountName: '', bankAccountNo: '', bankNotes: '' },
    });
    expect(cleared.data).toMatchObject({ bankName: '', bankAccountName: '', bankAccountNo: '' });
  });

  it('refuses half an account or a number that is not digits, and changes nothing', async () => {
    await t.call('PUT', '/v1/admin/contact', { token: op, body: { ...contact, ...bank } });
    const before = (await t.call('GET', '/v1/admin/contact', { token: op })).data;
    const bad: [Record<string, unknown>, string][] = [
      [{ ...contact, ...bank, bankAccountNo: '' }, 'bankAccountNo'],
      [{ ...contact, ...bank, bankName: '  ' }, 'bankName'],
      [{ ...contact, bankAccountName: '上海拾古拍卖有限公司' }, 'bankName'],
      [{ ...contact, ...bank, bankAccountNo: '1001-2345<script>' }, 'bankAccountNo'],
      [{ ...contact, ...bank, bankAccountNo: '1'.repeat(41) }, 'bankAccountNo'],
      [{ ...contact, ...bank, bankNotes: 'x'.repeat(1001) }, 'bankNotes'],
    ];
    for (const [body, field] of bad) {
      const r = await t.call('PUT', '/v1/admin/contact', { token: op, body });
      expect([r.status, r.data.field]).toEqual([400, field]);
    }
    const half = await t.call('PUT', '/v1/admin/contact', {
      token: op,
      body: { ...contact, ...bank, bankAccountNo: '' },
    });
    expect(half.msg).toContain('户名、账号、开户行须一起填写');
    for (const token of [finance, support]) {
      expect((await t.call('PUT', '/v1/admin/contact', { token, body: { ...contact, ...bank } })).status).toBe(403);
    }
    expect((await t.call('GET', '/v1/admin/contact', { token: op })).data).toEqual(before);
  });
});
