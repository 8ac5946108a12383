import { beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1, createTestApp, registerMember, uploadImage, type TestApp } from '../../test/harness.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = (await registerMember(t)).token;
});

// The headers that give each type's size: JFIF then a baseline frame (16×16), and a lossless WebP (16×16).
const JPEG = Buffer.from('ffd8ffe000104a46494600010100000100010000ffc0001108001000100301220002110103110100ffd9', 'hex');
const WEBP = Buffer.concat([
  Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f', 'latin1'),
  vp8lSize(16, 16),
]);
function vp8lSize(w: number, h: number) {
  const b = Buffer.alloc(9);
  b.writeUInt32LE(((w - 1) | ((h - 1) << 14)) >>> 0, 0);
  return b;
}
/** A PNG header claiming a size (the body need not be decodable: the size is judged first). */
function pngOfSize(w: number, h: number) {
  const b = Buffer.from(PNG_1X1);
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
}

describe('uploads', () => {
  it('issues a signed, expiring PUT for the member', async () => {
    const r = await t.call('GET', '/v1/iyd/oss', { token, query: { purpose: 'avatar' } });
    expect(r.data).toMatchObject({ method: 'PUT', headers: {}, fields: {}, maxBytes: 5 * 1024 * 1024 });
    expect(r.data.uploadUrl).toMatch(/^\/v1\/iyd\/oss\/upload\?key=avatar%2F\d{6}%2F.+&expires=\d+&sig=/);
    expect(r.data.expiresAt).toBeGreaterThan(t.clock.now());
    expect((await t.call('GET', '/v1/iyd/oss', { query: { purpose: 'avatar' } })).code).toBe(301);
    const bad = await t.call('GET', '/v1/iyd/oss', { token, query: { purpose: 'product' } });
    expect(bad.data.field).toBe('purpose');
  });

  it.each([
    ['PNG', PNG_1X1, 'image/png'],
    ['JPEG', JPEG, 'image/jpeg'],
    ['WebP', WEBP, 'image/webp'],
  ])('stores a %s and serves it publicly as an avatar', async (_n, body, mime) => {
    const { res } = await uploadImage(t, token, 'avatar', body);
    expect(res.code).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: res.data.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe(mime);
    expect(file.rawPayload.equals(body)).toBe(true);
  });

  it('judges by content, not by name or claimed type', async () => {
    const { res } = await uploadImage(t, token, 'avatar', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(res).toMatchObject({ code: 400, data: { reason: 'UPLOAD_INVALID' } });
  });

  it('refuses a picture beyond 12,000 pixels a side or 50 megapixels, or without a size', async () => {
    for (const body of [pngOfSize(12_001, 10), pngOfSize(8_000, 8_000), pngOfSize(0, 10), JPEG.subarray(0, 24)]) {
      const { res } = await uploadImage(t, token, 'avatar', body);
      expect(res.code).toBe(400);
      expect(['UPLOAD_DIMENSIONS', 'UPLOAD_INVALID']).toContain((res.data as unknown as { reason: string }).reason);
    }
    const { res: wide } = await uploadImage(t, token, 'avatar', pngOfSize(12_001, 10));
    expect(wide).toMatchObject({ code: 400, data: { reason: 'UPLOAD_DIMENSIONS' } });
    const { res: ok } = await uploadImage(t, token, 'avatar', pngOfSize(12_000, 4_000));
    expect(ok.code).toBe(200);
  });

  it('refuses more than 5 MiB', async () => {
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const { res } = await uploadImage(t, token, 'avatar', big);
    expect(res).toMatchObject({ code: 400, data: { reason: 'UPLOAD_TOO_LARGE' } });
  });

  it('refuses a tampered signature, an expired URL and a second upload to one URL', async () => {
    const oss = (await t.call('GET', '/v1/iyd/oss', { token, query: { purpose: 'avatar' } })).data;
    const tampered = await t.app.inject({
      method: 'PUT',
      // Its first character changed (to A, or to B when it was A: one signature in 64 starts with A).
      url: oss.uploadUrl.replace(/sig=(.)/, (_: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`),
      payload: PNG_1X1,
    });
    expect(tampered.json()).toMatchObject({ code: 403 });
    const first = await t.app.inject({ method: 'PUT', url: oss.uploadUrl, payload: PNG_1X1 });
    expect(first.json().code).toBe(200);
    const second = await t.app.inject({ method: 'PUT', url: oss.uploadUrl, payload: PNG_1X1 });
    expect(second.json().code).toBe(409);
    const late = (await t.call('GET', '/v1/iyd/oss', { token, query: { purpose: 'avatar' } })).data;
    t.clock.advance(16 * 60_000);
    const expired = await t.app.inject({ method: 'PUT', url: late.uploadUrl, payload: PNG_1X1 });
    expect(expired.json().data.reason).toBe('UPLOAD_EXPIRED');
  });

  it('keeps ID card photos private: only a signed link that has not expired shows them', async () => {
    const { res } = await uploadImage(t, token, 'idcard');
    const signed = res.data.url;
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: signed.split('?')[0] })).statusCode).toBe(404);
    t.clock.advance(11 * 60_000);
    expect((await t.app.inject({ method: 'GET', url: signed })).statusCode).toBe(404);
  });
});
