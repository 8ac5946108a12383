import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, operatorImage, operatorToken, uploadImage, type TestApp } from '../../test/harness.js';
import { houseLot, inventoryPiece, verifiedBidder } from '../../test/auction-fixtures.js';

let t: TestApp;
let op: string;
let photo: string;
/** When the piece was examined: a day before the tests start. */
let examinedAt: number;

beforeAll(async () => {
  t = await createTestApp();
  op = await operatorToken(t, 'operator');
  photo = await operatorImage(t, op);
  examinedAt = t.clock.now() - 86_400_000;
});

const report = (over: Record<string, unknown> = {}) => ({
  grade: 'fine',
  notes: '釉面莹润，口沿一处细小窑裂',
  dimensions: '高 30cm，口径 8cm',
  weight: '1.2kg',
  marks: '底书“大清乾隆年制”六字篆书款',
  repairs: '无修复',
  photos: [photo],
  examinedAt,
  certificate: { issuer: '国家文物鉴定中心', number: 'NO.2026-0815', date: '2026-08-15', picture: photo },
  ...over,
});

const productInfo = (id: number) => t.call('GET', '/v1/iyd/product/info', { query: { id } });
const lotInfo = (id: number) => t.call('GET', '/v1/iyd/auction/info', { query: { id } });

describe('condition reports', () => {
  it('saves a product’s report, shown on its page with the examiner and certificate, audited', async () => {
    const product = await inventoryPiece(t, { onSale: true });
    expect((await productInfo(product.id)).data.condition).toBeNull();
    expect((await t.call('GET', `/v1/admin/products/${product.id}/condition`, { token: op })).data).toMatchObject({
      condition: null,
      certificate: null,
      inherited: null,
    });

    const saved = await t.call('PUT', `/v1/admin/products/${product.id}/condition`, { token: op, body: report() });
    expect(saved.code).toBe(200);
    const page = (await productInfo(product.id)).data;
    expect(page.condition).toMatchObject({
      grade: 'fine',
      marks: '底书“大清乾隆年制”六字篆书款',
      photos: [photo],
      examinedAt,
    });
    expect(page.condition.examinedBy).toMatch(/^operator_/);
    expect(page.certificate).toEqual({
      issuer: '国家文物鉴定中心',
      number: 'NO.2026-0815',
      date: '2026-08-15',
      picture: photo,
    });

    // Saved again without a certificate: the certificate is gone, the report replaced.
    await t.call('PUT', `/v1/admin/products/${product.id}/condition`, {
      token: op,
      body: report({ grade: 'good', certificate: null }),
    });
    const again = (await productInfo(product.id)).data;
    expect(again.condition.grade).toBe('good');
    expect(again.certificate).toBeUndefined();

    const audit = await t.call('GET', '/v1/admin/audit', { token: await operatorToken(t), query: { pageSize: 50 } });
    const entries = audit.data.list.filter(
      (e: { action: string; targetId: string }) =>
        e.action === 'product.condition' && e.targetId === String(product.id),
    );
    expect(entries).toHaveLength(2);
  });

  it('shows a lot its product’s report until the lot has its own', async () => {
    const product = await inventoryPiece(t);
    await t.call('PUT', `/v1/admin/products/${product.id}/condition`, {
      token: op,
      body: report({ grade: 'excellent' }),
    });
    const lot = await houseLot(t, op, { productId: product.id });
    const before = (await lotInfo(lot.id)).data;
    expect(before.condition.grade).toBe('excellent');
    expect(before.certificate.number).toBe('NO.2026-0815');
    expect((await t.call('GET', `/v1/admin/lots/${lot.id}/condition`, { token: op })).data).toMatchObject({
      condition: null,
      inherited: { condition: { grade: 'excellent' } },
    });

    const own = await t.call('PUT', `/v1/admin/lots/${lot.id}/condition`, {
      token: op,
      body: report({ grade: 'fair', repairs: '颈部有补釉', certificate: null }),
    });
    expect(own.code).toBe(200);
    expect(own.data.condition.grade).toBe('fair');
    const after = (await lotInfo(lot.id)).data;
    expect(after.condition).toMatchObject({ grade: 'fair', repairs: '颈部有补釉' });
    expect(after.certificate).toBeUndefined();
    // The product's page keeps its own.
    expect((await productInfo(product.id)).data.condition.grade).toBe('excellent');
  });

  it('refuses a bad grade, a picture not the house’s, a date that is no day: 400, nothing changed', async () => {
    const product = await inventoryPiece(t, { onSale: true });
    await t.call('PUT', `/v1/admin/products/${product.id}/condition`, { token: op, body: report() });
    const member = await verifiedBidder(t, { money: 0 });
    const avatar = (await uploadImage(t, member.token, 'avatar')).res.data.url;
    for (const body of [
      report({ grade: 'mint' }),
      report({ photos: [avatar] }),
      report({ photos: ['https://example.com/x.jpg'] }),
      report({ certificate: { issuer: 'x', number: '1', date: '2026-02-30', picture: null } }),
      report({ certificate: { issuer: 'x', number: '1', date: '2026-01-01', picture: avatar } }),
      report({ examinedAt: t.clock.now() + 86_400_000 }),
    ]) {
      const r = await t.call('PUT', `/v1/admin/products/${product.id}/condition`, { token: op, body });
      expect(r.status, JSON.stringify(body)).toBe(400);
    }
    expect((await productInfo(product.id)).data.condition).toMatchObject({ grade: 'fine', photos: [photo] });
    expect((await t.call('PUT', '/v1/admin/products/999999/condition', { token: op, body: report() })).status).toBe(
      404,
    );
    expect((await t.call('PUT', '/v1/admin/lots/999999/condition', { token: op, body: report() })).status).toBe(404);
  });

  it('is the operators’ and admins’ to write: finance and support get 403', async () => {
    const product = await inventoryPiece(t);
    for (const role of ['finance', 'support'] as const) {
      const token = await operatorToken(t, role);
      const put = await t.call('PUT', `/v1/admin/products/${product.id}/condition`, { token, body: report() });
      expect(put.status).toBe(403);
      expect((await t.call('GET', `/v1/admin/products/${product.id}/condition`, { token })).status).toBe(403);
    }
    expect(
      (await t.call('GET', `/v1/admin/products/${product.id}/condition`, { token: op })).data.condition,
    ).toBeNull();
    const admin = await operatorToken(t, 'admin');
    expect(
      (await t.call('PUT', `/v1/admin/products/${product.id}/condition`, { token: admin, body: report() })).code,
    ).toBe(200);
  });
});
