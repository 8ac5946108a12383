import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorToken, type TestApp } from '../../test/harness.js';

let t: TestApp;
let admin: string;
let op: string;
beforeAll(async () => {
  t = await createTestApp();
  [admin, op] = await Promise.all([operatorToken(t, 'admin'), operatorToken(t, 'operator')]);
});

const check = async (version: string) =>
  (await t.call('GET', '/v1/iyd/index', { query: { version, channel: 'App' } })).data as {
    update: number;
    version: string;
    downloadUrl: string;
    updateContent: string;
  };

const policy = {
  latest: '1.2.10',
  minSupported: '1.2.0',
  downloadUrl: 'https://dl.example.com/antique-1.2.10.apk',
  updateContent: '新增拍品结束提醒\n修复若干问题',
};

describe('the app-version policy', () => {
  it('answers the defaults until saved, then drives the update check (numeric versions), audited', async () => {
    const first = await t.call('GET', '/v1/admin/app-version', { token: op });
    expect(first.data).toEqual({
      latest: '1.0.0',
      minSupported: '1.0.0',
      downloadUrl: '',
      updateContent: '',
      updatedAt: null,
    });
    expect(await check('1.0.0')).toEqual({ update: 0, version: '1.0.0', downloadUrl: '', updateContent: '' });

    const before = t.clock.now();
    const saved = await t.call('PUT', '/v1/admin/app-version', { token: op, body: { ...policy, latest: ' 1.2.10 ' } });
    expect(saved.code).toBe(200);
    expect(saved.data).toMatchObject(policy);
    expect(saved.data.updatedAt).toBeGreaterThanOrEqual(before);
    expect((await t.call('GET', '/v1/admin/app-version', { token: admin })).data).toEqual(saved.data);

    const answers = Object.fromEntries(
      await Promise.all(
        ['1.1.9', '1.2', '1.2.0', '1.2.9', '1.2.10', '1.3', '2'].map(async (v) => [v, (await check(v)).update]),
      ),
    );
    expect(answers).toEqual({ '1.1.9': 2, '1.2': 1, '1.2.0': 1, '1.2.9': 1, '1.2.10': 0, '1.3': 0, '2': 0 });
    expect(await check('1.1.9')).toEqual({
      update: 2,
      version: '1.2.10',
      downloadUrl: policy.downloadUrl,
      updateContent: policy.updateContent,
    });

    const audit = await t.call('GET', '/v1/admin/audit', { token: admin, query: { action: 'appVersion.update' } });
    expect(audit.data.list[0]).toMatchObject({
      targetType: 'appVersion',
      before: { latest: '1.0.0', minSupported: '1.0.0', downloadUrl: '', updateContent: '', updatedAt: null },
      after: saved.data,
    });
  });

  it('refuses every bad field by name and changes nothing', async () => {
    const stored = (await t.call('GET', '/v1/admin/app-version', { token: op })).data;
    const cases: [Record<string, unknown>, string][] = [
      [{ ...policy, latest: '1.2.x' }, 'latest'],
      [{ ...policy, latest: '1.2.3.4.5' }, 'latest'],
      [{ ...policy, latest: 12 }, 'latest'],
      [{ ...policy, latest: undefined }, 'latest'],
      [{ ...policy, minSupported: '1.3' }, 'minSupported'],
      [{ ...policy, minSupported: 'v1' }, 'minSupported'],
      [{ ...policy, downloadUrl: 'http://dl.example.com/a.apk' }, 'downloadUrl'],
      [{ ...policy, downloadUrl: 'javascript:alert(1)' }, 'downloadUrl'],
      [{ ...policy, downloadUrl: `https://dl.example.com/${'a'.repeat(500)}` }, 'downloadUrl'],
      [{ ...policy, downloadUrl: '' }, 'downloadUrl'],
      [{ ...policy, updateContent: '说'.repeat(2001) }, 'updateContent'],
      [{ ...policy, updateContent: ['x'] }, 'updateContent'],
    ];
    for (const [body, field] of cases) {
      const r = await t.call('PUT', '/v1/admin/app-version', { token: op, body });
      expect([r.status, r.data?.field], JSON.stringify(body).slice(0, 80)).toEqual([400, field]);
      expect(r.msg).not.toBe('');
    }
    expect((await t.call('GET', '/v1/admin/app-version', { token: op })).data).toEqual(stored);

    // http only for this machine; no address needed while 1.0.0 is the latest
    const local = await t.call('PUT', '/v1/admin/app-version', {
      token: op,
      body: { ...policy, downloadUrl: 'http://127.0.0.1:8080/antique.apk' },
    });
    expect(local.data.downloadUrl).toBe('http://127.0.0.1:8080/antique.apk');
    const none = await t.call('PUT', '/v1/admin/app-version', {
      token: op,
      body: { latest: '1.0.0', minSupported: '1.0', downloadUrl: '' },
    });
    expect(none.data).toMatchObject({ latest: '1.0.0', minSupported: '1.0', downloadUrl: '', updateContent: '' });
    expect((await check('1.0.0')).update).toBe(0);
  });

  it('is the operators’ and administrators’ only', async () => {
    for (const role of ['finance', 'support'] as const) {
      const token = await operatorToken(t, role);
      expect((await t.call('GET', '/v1/admin/app-version', { token })).status).toBe(403);
      expect((await t.call('PUT', '/v1/admin/app-version', { token, body: policy })).status).toBe(403);
    }
  });
});
