import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp } from '../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const addr = (over: Record<string, unknown> = {}) => ({
  name: '林婉清',
  phone: '13912345678',
  regionCode: '330106',
  detail: '文三路 478 号 2 幢 301',
  ...over,
});

describe('addresses', () => {
  it('fills province, city and district from a GB/T 2260 code and refuses unknown codes', async () => {
    const m = await registerMember(t);
    const r = await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr() });
    expect(r.data).toMatchObject({
      province: '浙江省',
      city: '杭州市',
      district: '西湖区',
      regionCode: '330106',
      isDefault: true,
    });
    for (const regionCode of ['330100', '999999', '33010']) {
      const bad = await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr({ regionCode }) });
      expect(bad.status).toBe(400);
      expect(bad.data.field).toBe('regionCode');
    }
    const badPhone = await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr({ phone: '12345' }) });
    expect(badPhone.data.field).toBe('phone');
    expect((await t.call('GET', '/v1/iyd/address/list', { token: m.token })).data).toHaveLength(1);
  });

  it('keeps exactly one default: the first, a newly chosen one, and after deleting it the newest', async () => {
    const m = await registerMember(t);
    const a = (await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr({ name: '甲' }) })).data;
    const b = (await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr({ name: '乙' }) })).data;
    expect(b.isDefault).toBe(false);
    const c = (await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr({ name: '丙', isDefault: true }) }))
      .data;
    const list = (await t.call('GET', '/v1/iyd/address/list', { token: m.token })).data;
    expect(list.map((x: { name: string; isDefault: boolean }) => [x.name, x.isDefault])).toEqual([
      ['丙', true],
      ['乙', false],
      ['甲', false],
    ]);
    // Unticking "default" on the default does not leave the member without one.
    await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr({ id: c.id, name: '丙', isDefault: false }) });
    expect((await t.call('GET', '/v1/iyd/address', { token: m.token })).data.id).toBe(c.id);
    await t.call('DELETE', `/v1/iyd/address/${c.id}`, { token: m.token });
    expect((await t.call('GET', '/v1/iyd/address', { token: m.token })).data.id).toBe(b.id);
    await t.call('DELETE', `/v1/iyd/address/${b.id}`, { token: m.token });
    await t.call('DELETE', `/v1/iyd/address/${a.id}`, { token: m.token });
    expect((await t.call('GET', '/v1/iyd/address', { token: m.token })).data).toBeNull();
  });

  it('edits an address in place', async () => {
    const m = await registerMember(t);
    const a = (await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr() })).data;
    const r = await t.call('POST', '/v1/iyd/address', {
      token: m.token,
      body: addr({ id: a.id, regionCode: '110101', detail: '东华门大街 1 号' }),
    });
    expect(r.data).toMatchObject({
      id: a.id,
      province: '北京市',
      district: '东城区',
      detail: '东华门大街 1 号',
      isDefault: true,
    });
    expect((await t.call('GET', '/v1/iyd/address/info', { token: m.token, query: { id: a.id } })).data.detail).toBe(
      '东华门大街 1 号',
    );
  });

  it('stops at 20 addresses', async () => {
    const m = await registerMember(t);
    for (let i = 0; i < 20; i++) {
      expect(
        (await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr({ name: `收件人${i}` }) })).code,
      ).toBe(200);
    }
    const r = await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr() });
    expect([r.status, r.data.reason]).toEqual([422, 'ADDRESS_LIMIT']);
  });

  it("cannot see, edit or delete another member's address", async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    const a = (await t.call('POST', '/v1/iyd/address', { token: other.token, body: addr() })).data;
    expect((await t.call('POST', '/v1/iyd/address', { token: m.token, body: addr({ id: a.id }) })).status).toBe(404);
    expect((await t.call('DELETE', `/v1/iyd/address/${a.id}`, { token: m.token })).status).toBe(404);
    expect((await t.call('GET', '/v1/iyd/address/info', { token: m.token, query: { id: a.id } })).status).toBe(404);
    expect((await t.call('GET', '/v1/iyd/address/list', { token: other.token })).data).toHaveLength(1);
  });
});
