import { defaultSettings, ruleSlugs } from '@antique/shared';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, type TestApp } from '../../test/harness.js';
import { createContentRepository } from './content.repository.js';
import { defaultRules, legacyDefaultRuleHashes } from './default-rules.js';
import { fillRule } from './rule-placeholders.js';

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
    expect((await t.call('GET', '/v1/admin/rules', { token: op })).data).toHaveLength(ruleSlugs.length);
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

describe('the rules members read', () => {
  it('lists the house’s rules for anyone, agreement first, titles only', async () => {
    const r = await t.call('GET', '/v1/iyd/rule/list');
    expect(r.code).toBe(200);
    expect(r.data.map((rule: { id: string }) => rule.id)).toEqual([...ruleSlugs]);
    expect(r.data[1]).toEqual({ id: 'privacy', title: '隐私政策', updatedAt: expect.any(Number) });
    for (const rule of r.data) expect(Object.keys(rule).sort()).toEqual(['id', 'title', 'updatedAt']);
  });

  it('reads its numbers from the settings in force: a new withdrawal minimum shows at once', async () => {
    // Back to the house's first text (an earlier test rewrote it), saved as an operator would.
    const first = defaultRules.find((r) => r.slug === 'withdraw')!;
    const reset = await t.call('PUT', '/v1/admin/rules/withdraw', {
      token: op,
      body: { title: first.title, content: first.content },
    });
    expect(reset.code, reset.msg).toBe(200);
    const before = await t.call('GET', '/v1/iyd/rule', { query: { id: 'withdraw' } });
    expect(before.data.content).toContain('最低 100 元、最高 50,000 元，每日最多申请 3 次');
    expect(before.data.content).toContain('手续费为提现金额的 0.5%，最低 2 元');

    const settings = (await t.call('GET', '/v1/admin/settings', { token: admin })).data;
    const put = await t.call('PUT', '/v1/admin/settings', {
      token: admin,
      body: {
        withdraw: { ...settings.withdraw, minAmount: 25_050, feeBps: 75 },
        bidDepositBps: 1500,
        softCloseSeconds: 90,
        increments: [
          [200_000, 2_000],
          [null, 10_000],
        ],
      },
    });
    expect(put.code, put.msg).toBe(200);

    const after = await t.call('GET', '/v1/iyd/rule', { query: { id: 'withdraw' } });
    expect(after.data.content).toContain('最低 250.50 元、最高 50,000 元');
    expect(after.data.content).toContain('手续费为提现金额的 0.75%');
    expect(after.data.content).not.toContain('{{');
    const auction = (await t.call('GET', '/v1/iyd/rule', { query: { id: 'auction' } })).data.content as string;
    expect(auction).toContain('冻结最高价的 15%');
    expect(auction).toContain('结束前 90 秒内有人出价，结束时间顺延至该出价后 90 秒');
    expect(auction).toContain('当前价低于 2,000 元：20 元；2,000 元及以上：100 元');
    // The operator still edits the placeholders, not the numbers.
    const raw = (await t.call('GET', '/v1/admin/rules/withdraw', { token: op })).data.content as string;
    expect(raw).toContain('最低 {{withdrawMinYuan}} 元');

    await t.call('PUT', '/v1/admin/settings', {
      token: admin,
      body: {
        withdraw: settings.withdraw,
        bidDepositBps: 1000,
        softCloseSeconds: 120,
        increments: settings.increments,
      },
    });
  });

  it('lists the placeholders for the console with what they read today', async () => {
    const r = await t.call('GET', '/v1/admin/rules/placeholders', { token: op });
    expect(r.code).toBe(200);
    const byKey = Object.fromEntries(r.data.map((p: { key: string }) => [p.key, p]));
    expect(byKey.withdrawMinYuan).toEqual({ key: 'withdrawMinYuan', label: '单笔提现最低金额（元）', value: '100' });
    expect(byKey.bidDepositPercent.value).toBe('10');
    expect(byKey.incrementTable.value).toBe(
      '当前价低于 1,000 元：10 元；低于 5,000 元：50 元；低于 20,000 元：200 元；低于 100,000 元：500 元；100,000 元及以上：1,000 元',
    );
    const finance = await operatorToken(t, 'finance');
    expect((await t.call('GET', '/v1/admin/rules/placeholders', { token: finance })).status).toBe(403);
  });

  it('keeps the placeholders an operator writes, and refuses one it does not know, changing nothing', async () => {
    const saved = await t.call('PUT', '/v1/admin/rules/pick', {
      token: op,
      body: { title: '提货规则', content: '<p>发货 <strong>{{pickAutoReceiveDays}}</strong> 天后自动确认收货。</p>' },
    });
    expect(saved.code, saved.msg).toBe(200);
    expect(saved.data.content).toBe('<p>发货 <strong>{{pickAutoReceiveDays}}</strong> 天后自动确认收货。</p>');
    const member = await t.call('GET', '/v1/iyd/rule', { query: { id: 'pick' } });
    expect(member.data.content).toBe('<p>发货 <strong>10</strong> 天后自动确认收货。</p>');

    const bad = await t.call('PUT', '/v1/admin/rules/pick', {
      token: op,
      body: { title: '提货规则', content: '<p>最低 {{withdrawMinimum}} 元</p>' },
    });
    expect([bad.status, bad.data?.field]).toEqual([400, 'content']);
    expect(bad.msg).toContain('占位符');
    expect((await t.call('GET', '/v1/admin/rules/pick', { token: op })).data.content).toBe(saved.data.content);
  });

  it('gives a rule still reading its first text (numbers written out) the placeholders at the next start', async () => {
    const repo = createContentRepository(t.db);
    const current = (await repo.rule('delegate'))!;
    // The first text is the default filled with the default settings, word for word.
    const sha = (text: string) => createHash('sha256').update(text).digest('hex');
    for (const rule of defaultRules.filter(
      (r) => r.slug !== 'agreement' && r.slug !== 'privacy' && r.slug !== 'about',
    )) {
      expect(sha(fillRule(rule.content, defaultSettings, { now: 0 })), rule.slug).toBe(
        legacyDefaultRuleHashes[rule.slug],
      );
    }
    const first = fillRule(current.content, defaultSettings, { now: 0 });
    await repo.replaceRuleContent('delegate', current.content, first);
    await repo.replaceRuleContent('privacy', (await repo.rule('privacy'))!.content, '<p>已编辑 8% 的隐私政策</p>');

    await t.services.content.seedRules();
    expect((await repo.rule('delegate'))!.content).toBe(current.content);
    expect((await repo.rule('privacy'))!.content).toBe('<p>已编辑 8% 的隐私政策</p>');
  });
});
