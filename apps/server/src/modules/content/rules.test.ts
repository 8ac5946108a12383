import { ruleSlugs } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.services.content.seedRules();
  [admin, op] = await Promise.all([operatorToken(t, 'admin'), operatorToken(t, 'operator')]);
});

describe('the house’s rules in the console', () => {
  it('lists the six rules in their fixed order and opens one', async () => {
    const list = await t.call('GET', '/v1/admin/rules', { token: op });
    expect(list.code).toBe(200);
    expect(list.data.map((r: { id: string }) => r.id)).toEqual([...ruleSlugs]);
    expect(list.data[0]).toEqual({ id: 'agreement', title: '用户服务协议', updatedAt: expect.any(Number) });
    const one = await t.call('GET', '/v1/admin/rules/privacy', { token: admin });
    const member = await t.call('GET', '/v1/iyd/rule', { query: { id: 'privacy' } });
    expect(one.data).toEqual({ ...member.data, updatedAt: list.data[1].updatedAt });
  });

  it('saves a rule sanitised; members read the clean text; audited', async () => {
    const before = (await t.call('GET', '/v1/admin/rules/withdraw', { token: op })).data;
    t.clock.advance(5000);
    const at = t.clock.now();
    const saved = await t.call('PUT', '/v1/admin/rules/withdraw', {
      token: op,
      body: {
        title: ' 提现规则（2027版） ',
        content:
          '<h3 onclick="x()">提现</h3><p>每日最多<strong>3</strong>笔<script>alert(1)</script></p>' +
          '<img src="https://img.example.com/a.png" onerror="steal()"><a href="javascript:alert(1)">详情</a>',
      },
    });
    expect(saved.code).toBe(200);
    const clean =
      '<h3>提现</h3><p>每日最多<strong>3</strong>笔</p><img src="https://img.example.com/a.png" />' +
      '<a rel="noopener noreferrer" target="_blank">详情</a>';
    expect(saved.data).toEqual({
      id: 'withdraw',
      title: '提现规则（2027版）',
      content: clean,
      updatedAt: expect.any(Number),
    });
    expect(saved.data.updatedAt).toBeGreaterThanOrEqual(at);
    for (const bad of ['<script', 'onerror', 'onclick', 'javascript:']) expect(saved.data.content).not.toContain(bad);

    const member = await t.call('GET', '/v1/iyd/rule', { query: { id: 'withdraw' } });
    expect(member.data).toEqual({ id: 'withdraw', title: '提现规则（2027版）', content: clean });
    expect((await t.call('GET', '/v1/admin/rules', { token: op })).data[5]).toEqual({
      id: 'withdraw',
      title: '提现规则（2027版）',
      updatedAt: saved.data.updatedAt,
    });
    const audit = await t.call('GET', '/v1/admin/audit', { token: admin, query: { action: 'rule.update' } });
    expect(audit.data.list[0]).toMatchObject({ targetType: 'rule', targetId: 'withdraw', before, after: saved.data });
  });

  it('refuses bad input by field and unknown rules with 404, changing nothing', async () => {
    const before = (await t.call('GET', '/v1/admin/rules/auction', { token: op })).data;
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '', content: '<p>x</p>' }, 'title'],
      [{ title: '规'.repeat(61), content: '<p>x</p>' }, 'title'],
      [{ content: '<p>x</p>' }, 'title'],
      [{ title: '竞拍规则', content: '' }, 'content'],
      [{ title: '竞拍规则', content: '<script>alert(1)</script>' }, 'content'],
      [{ title: '竞拍规则', content: `<p>${'a'.repeat(100_000)}</p>` }, 'content'],
      [{ title: '竞拍规则', content: 7 }, 'content'],
    ];
    for (const [body, field] of cases) {
      const r = await t.call('PUT', '/v1/admin/rules/auction', { token: op, body });
      expect([r.status, r.data?.field], field).toEqual([400, field]);
    }
    expect((await t.call('GET', '/v1/admin/rules/auction', { token: op })).data).toEqual(before);

    for (const method of ['GET', 'PUT'] as const) {
      const r = await t.call(method, '/v1/admin/rules/refund', {
        token: op,
        ...(method === 'PUT' ? { body: { title: '退款', content: '<p>x</p>' } } : {}),
      });
      expect([r.status, r.code, r.data?.reason]).toEqual([404, 404, 'NOT_FOUND']);
    }
    expect((await t.call('GET', '/v1/admin/rules/Not%20A%20Slug', { token: op })).status).toBe(400);
    expect((await t.call('GET', '/v1/admin/rules', { token: op })).data).toHaveLength(6);
  });

  it('belongs to operators and administrators: support and finance get 403', async () => {
    for (const role of ['support', 'finance'] as const) {
      const token = await operatorToken(t, role);
      expect((await t.call('GET', '/v1/admin/rules', { token })).status).toBe(403);
      expect((await t.call('GET', '/v1/admin/rules/privacy', { token })).status).toBe(403);
      const put = await t.call('PUT', '/v1/admin/rules/privacy', {
        token,
        body: { title: '隐私', content: '<p>x</p>' },
      });
      expect(put.status).toBe(403);
    }
  });
});
