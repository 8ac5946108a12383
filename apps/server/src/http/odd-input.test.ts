import net, { type AddressInfo } from 'node:net';
import { MAX_EPOCH_MS } from '@antique/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createProduct,
  createTestApp,
  memberWithTradePassword,
  operatorToken,
  registerMember,
  type TestApp,
} from '../test/harness.js';

let t: TestApp;
let admin: string;
let member: { token: string; id: number };
let productId: number;
let orderId: number;
let addressId: number;

const ABOVE_INT = 2 ** 31;
const MAX_INT = 2 ** 31 - 1;

beforeAll(async () => {
  t = await createTestApp();
  admin = await operatorToken(t);
  member = await memberWithTradePassword(t);
  productId = (await createProduct(t, admin)).id;
  const order = await t.call('POST', '/v1/iyd/order/create', {
    token: member.token,
    body: { items: [{ productId, quantity: 1 }] },
  });
  orderId = order.data.id;
  const address = await t.call('POST', '/v1/iyd/address', {
    token: member.token,
    body: { name: '林婉清', phone: '13912345678', regionCode: '330106', detail: '文三路 478 号' },
  });
  addressId = address.data.id;
});

describe('ids beyond PostgreSQL integer', () => {
  const cases = (id: number) =>
    [
      ['GET', `/v1/iyd/product/info?id=${id}`, undefined, 'none', 'id'],
      ['GET', `/v1/iyd/order/info?id=${id}`, undefined, 'member', 'id'],
      ['GET', `/v1/iyd/address/info?id=${id}`, undefined, 'member', 'id'],
      ['DELETE', `/v1/iyd/address/${id}`, undefined, 'member', 'id'],
      ['POST', '/v1/iyd/order/create', { items: [{ productId: id, quantity: 1 }] }, 'member', 'items.0.productId'],
      ['POST', '/v1/iyd/order/confirm', { id, tradePassword: '135790' }, 'member', 'id'],
      ['POST', '/v1/iyd/product/collect', { id, collected: true }, 'member', 'id'],
      [
        'POST',
        '/v1/iyd/address',
        { id, name: '甲', phone: '13912345678', regionCode: '330106', detail: '文三路 1 号' },
        'member',
        'id',
      ],
      ['GET', `/v1/iyd/product/list?categoryId=${id}`, undefined, 'none', 'categoryId'],
      ['GET', `/v1/admin/members/${id}`, undefined, 'admin', 'id'],
      ['POST', `/v1/admin/members/${id}/freeze`, { frozen: true, reason: '风控' }, 'admin', 'id'],
      ['POST', `/v1/admin/members/${id}/deposit`, { amount: 100, remark: '转账' }, 'admin', 'id'],
      ['POST', `/v1/admin/realname/${id}/review`, { approve: true }, 'admin', 'memberId'],
      ['GET', `/v1/admin/orders?memberId=${id}`, undefined, 'admin', 'memberId'],
      ['GET', `/v1/admin/ledger?memberId=${id}`, undefined, 'admin', 'memberId'],
      ['GET', `/v1/admin/audit?operatorId=${id}`, undefined, 'admin', 'operatorId'],
      ['GET', `/v1/admin/products/${id}`, undefined, 'admin', 'id'],
      ['PUT', `/v1/admin/operators/${id}`, { disabled: true }, 'admin', 'id'],
      ['DELETE', `/v1/admin/categories/${id}`, undefined, 'admin', 'id'],
      ['DELETE', `/v1/admin/banners/${id}`, undefined, 'admin', 'id'],
    ] as const;

  const tokenOf = (who: string) => (who === 'member' ? member.token : who === 'admin' ? admin : undefined);

  it('answers 2^31 and 2^53 anywhere an id goes with 400 naming the field', async () => {
    for (const id of [ABOVE_INT, 2 ** 53]) {
      for (const [method, url, body, who, field] of cases(id)) {
        const r = await t.call(method, url, { token: tokenOf(who), body });
        expect([method, url, r.status, r.data]).toEqual([method, url, 400, { reason: 'VALIDATION', field }]);
      }
    }
  });

  it('answers the largest id a record could have with 404, as a missing record', async () => {
    for (const [method, url, body, who] of cases(MAX_INT)) {
      if (url.includes('?memberId=') || url.includes('?operatorId=') || url.includes('?categoryId=')) continue;
      const r = await t.call(method, url, { token: tokenOf(who), body });
      expect([method, url, r.status, r.data?.reason]).toEqual([method, url, 404, 'NOT_FOUND']);
    }
  });

  it('still finds the records whose ids are small', async () => {
    expect((await t.call('GET', `/v1/iyd/product/info?id=${productId}`)).status).toBe(200);
    expect((await t.call('GET', `/v1/iyd/order/info?id=${orderId}`, { token: member.token })).status).toBe(200);
    expect((await t.call('GET', `/v1/iyd/address/info?id=${addressId}`, { token: member.token })).status).toBe(200);
    expect((await t.call('GET', `/v1/admin/members/${member.id}`, { token: admin })).status).toBe(200);
  });
});

describe('times beyond what dates hold', () => {
  const now = Date.UTC(2026, 10, 27);
  const cases = (at: number) =>
    [
      ['GET', `/v1/admin/export/withdrawals?to=${at}`, undefined, 'to'],
      ['GET', `/v1/admin/export/withdrawals?from=${at}`, undefined, 'from'],
      ['GET', `/v1/admin/export/orders?from=0&to=${at}`, undefined, 'to'],
      ['GET', `/v1/admin/export/bills?from=${at}`, undefined, 'from'],
      ['POST', '/v1/admin/sessions', { title: '秋拍', cover: '/files/x', startsAt: at }, 'startsAt'],
      ['POST', '/v1/admin/lots', { productId, startPrice: 100, startsAt: now, endsAt: at }, 'endsAt'],
      ['POST', '/v1/admin/notices', { title: '公告', content: '<p>x</p>', publishedAt: at }, 'publishedAt'],
      [
        'POST',
        '/v1/admin/delegations/1/review',
        { approve: true, startPrice: 100, startsAt: at, endsAt: now },
        'startsAt',
      ],
    ] as const;

  it('answers 2^53 − 1, 10^15 and the first moment of 2100 in every time field with 400 naming it', async () => {
    for (const at of [Number.MAX_SAFE_INTEGER, 1e15, MAX_EPOCH_MS + 1]) {
      for (const [method, url, body, field] of cases(at)) {
        const r = await t.call(method, url, { token: admin, body });
        expect([method, url, r.status, r.data]).toEqual([method, url, 400, { reason: 'VALIDATION', field }]);
      }
    }
    const r = await t.call('GET', `/v1/admin/export/withdrawals?to=${Number.MAX_SAFE_INTEGER}`, { token: admin });
    expect(r.msg).toBe('结束时间须为1970年至2099年之间的毫秒时间戳');
  });

  it('takes the last moment it allows', async () => {
    for (const kind of ['withdrawals', 'orders', 'bills']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/v1/admin/export/${kind}?from=0&to=${MAX_EPOCH_MS}`,
        headers: { authorization: `Bearer ${admin}` },
      });
      expect([kind, res.statusCode, res.headers['content-type']]).toEqual([kind, 200, 'text/csv; charset=utf-8']);
    }
    const notice = await t.call('POST', '/v1/admin/notices', {
      token: admin,
      body: { title: '公告', content: '<p>x</p>', publishedAt: MAX_EPOCH_MS },
    });
    expect(notice.status).toBe(200);
  });
});

const product = (over: Record<string, unknown>) => ({
  title: '清乾隆 青花赏瓶',
  categoryId: 1,
  cover: '/files/x',
  images: ['/files/x'],
  price: 100,
  marketPrice: 100,
  stock: 1,
  ...over,
});

describe('text with a NUL character or a lone surrogate', () => {
  it('is refused with 400 naming the field, whatever the field', async () => {
    const m = await registerMember(t);
    const cases = [
      ['POST', '/v1/iyd/member/info', { nickname: '古\u0000董' }, m.token, 'nickname'],
      [
        'POST',
        '/v1/iyd/address',
        { name: '林婉清', phone: '13912345678', regionCode: '330106', detail: '文三路\u0000478 号' },
        m.token,
        'detail',
      ],
      ['POST', '/v1/iyd/order/create', { items: [{ productId, quantity: 1 }], remark: '\u0000' }, m.token, 'remark'],
      ['GET', '/v1/iyd/product/list?keyword=%E7%93%B7%00', undefined, undefined, 'keyword'],
      ['POST', '/v1/iyd/member/login', { phone: '13912345678', password: 'Passw0rd\u00001' }, undefined, 'password'],
      ['POST', '/v1/admin/login', { username: 'ad\u0000min', password: 'x' }, undefined, 'username'],
      ['GET', '/v1/admin/members?keyword=%00', undefined, admin, 'keyword'],
      ['POST', '/v1/admin/products', product({ title: '\u0000清乾隆' }), admin, 'title'],
      ['POST', '/v1/admin/categories', { name: '瓷\u0000器' }, admin, 'name'],
      ['POST', '/v1/admin/categories', { name: '瓷\ud800' }, admin, 'name'],
      ['POST', '/v1/iyd/member/info', { nickname: '\udfff古' }, m.token, 'nickname'],
      ['POST', '/v1/admin/members/1/freeze', { frozen: true, reason: '风控\udbff' }, admin, 'reason'],
    ] as const;
    for (const [method, url, body, token, field] of cases) {
      const r = await t.call(method, url, { token, body });
      expect([method, url, r.status, r.data]).toEqual([method, url, 400, { reason: 'VALIDATION', field }]);
      expect(r.msg).toBe('内容含有不允许的字符');
    }
    // Nothing was changed by the refused calls.
    expect((await t.call('GET', '/v1/iyd/address/list', { token: m.token })).data).toEqual([]);
    expect((await t.call('GET', '/v1/iyd/order/list', { token: m.token })).data.total).toBe(0);
  });

  it('names a NUL inside a list by its place', async () => {
    const r = await t.call('POST', '/v1/admin/products', {
      token: admin,
      body: product({ tags: ['官窑', '御\u0000制'] }),
    });
    expect(r.data).toEqual({ reason: 'VALIDATION', field: 'tags.1' });
  });

  it('keeps other unusual text: emoji, right-to-left marks, astral characters', async () => {
    const m = await registerMember(t);
    const r = await t.call('POST', '/v1/iyd/member/info', { token: m.token, body: { nickname: '👍🏽\u202eمرحبا𠀀' } });
    expect(r.status).toBe(200);
    expect(r.data.nickname).toBe('👍🏽\u202eمرحبا𠀀');
  });
});

describe('an operator update with nothing to change', () => {
  it('is refused with 400 and changes nothing', async () => {
    const created = await t.call('POST', '/v1/admin/operators', {
      token: admin,
      body: { username: 'fuzz_support', password: 'operator-pass-1', role: 'support' },
    });
    const r = await t.call('PUT', `/v1/admin/operators/${created.data.id}`, { token: admin, body: {} });
    expect(r).toMatchObject({ status: 400, msg: '没有要修改的内容', data: { reason: 'VALIDATION' } });
    const list = await t.call('GET', '/v1/admin/operators', { token: admin });
    expect(list.data.find((o: { id: number }) => o.id === created.data.id)).toMatchObject({
      role: 'support',
      disabled: false,
    });
  });
});

describe('answers below the routes', () => {
  const envelopeOf = async (opts: { method: string; url: string; payload?: string; type?: string }) => {
    const res = await t.app.inject({
      method: opts.method as 'GET',
      url: opts.url,
      ...(opts.payload !== undefined ? { payload: opts.payload } : {}),
      headers: opts.type ? { 'content-type': opts.type } : {},
    });
    expect(res.headers['content-type']).toContain('application/json');
    return { status: res.statusCode, ...(res.json() as { code: number; msg: string; data: Record<string, unknown> }) };
  };

  it('tells an unknown path (ROUTE_NOT_FOUND) from a missing record (NOT_FOUND)', async () => {
    for (const url of ['/v1/iyd/nothing-here', '/v1/admin/nothing/1', '/v1/iyd/product/info/1']) {
      expect(await envelopeOf({ method: 'GET', url })).toEqual({
        status: 404,
        code: 404,
        msg: '请求的地址不存在',
        data: { reason: 'ROUTE_NOT_FOUND' },
      });
    }
    const missing = await t.call('GET', `/v1/iyd/product/info?id=${MAX_INT}`);
    expect(missing).toMatchObject({ status: 404, msg: '内容不存在', data: { reason: 'NOT_FOUND' } });
  });

  it('answers a method a path does not have as an unknown route', async () => {
    for (const method of ['PATCH', 'PUT', 'OPTIONS']) {
      const r = await envelopeOf({ method, url: '/v1/iyd/member/info' });
      expect([method, r.status, r.data]).toEqual([method, 404, { reason: 'ROUTE_NOT_FOUND' }]);
    }
  });

  it('answers an over-long path parameter and a bad URL encoding with 400 naming the path', async () => {
    for (const url of [
      `/v1/admin/members/${'1'.repeat(150)}`,
      `/v1/iyd/address/${'9'.repeat(500)}`,
      '/v1/admin/members/%E0%A4%A',
      '/v1/iyd/%',
    ]) {
      const r = await envelopeOf({ method: url.includes('address') ? 'DELETE' : 'GET', url });
      expect([url, r.status, r.code, r.msg, r.data]).toEqual([
        url,
        400,
        400,
        '请求地址不正确',
        { reason: 'VALIDATION', field: 'path' },
      ]);
    }
  });

  it('answers bodies that are not JSON, or too large, with 400 naming the body', async () => {
    const url = '/v1/iyd/member/login';
    const bodies = [
      { payload: '{oops', type: 'application/json', msg: '请求内容须为 JSON' },
      { payload: '', type: 'application/json', msg: '请求内容须为 JSON' },
      { payload: '<a/>', type: 'application/xml', msg: '请求内容须为 JSON' },
      { payload: '{"__proto__":{"admin":true}}', type: 'application/json', msg: '请求内容须为 JSON' },
      { payload: JSON.stringify({ phone: 'x'.repeat(400_000) }), type: 'application/json', msg: '请求内容过大' },
    ];
    for (const b of bodies) {
      const r = await envelopeOf({ method: 'POST', url, ...b });
      expect([b.type, r.status, r.msg, r.data]).toEqual([b.type, 400, b.msg, { reason: 'VALIDATION', field: 'body' }]);
    }
  });

  it('keeps the upload limit its own reason', async () => {
    const oss = await t.call('GET', '/v1/admin/oss', { token: admin, query: { purpose: 'product' } });
    const res = await t.app.inject({ method: 'PUT', url: oss.data.uploadUrl, payload: Buffer.alloc(6 * 1024 * 1024) });
    expect(res.json()).toMatchObject({ code: 400, data: { reason: 'UPLOAD_TOO_LARGE' } });
  });

  it('answers a request the HTTP parser refuses with the envelope too', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const raw = (request: string) =>
      new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(request));
        let answer = '';
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (answer += chunk));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    for (const request of [
      'GET /v1/iyd/captcha HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n',
      'GET /v1/iyd/captcha HTTP/1.1\r\nHost: x\r\nX-Nul: a\u0000b\r\n\r\n',
      'NONSENSE\r\n\r\n',
    ]) {
      const answer = await raw(request);
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
      expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
        code: 400,
        msg: '参数错误',
        data: { reason: 'VALIDATION', field: 'request' },
      });
    }
  });

  it('answers in English when asked', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/iyd/nothing-here',
      headers: { 'accept-language': 'en' },
    });
    expect(res.json()).toMatchObject({ msg: 'No such path', data: { reason: 'ROUTE_NOT_FOUND' } });
  });
});
