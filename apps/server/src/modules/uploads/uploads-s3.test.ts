import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import type { S3Storage } from '../../lib/storage-s3.js';
import {
  PNG_1X1,
  createTestApp,
  operatorToken,
  registerMember,
  uploadImage,
  type TestApp,
} from '../../test/harness.js';
import { startS3Gate, type S3Gate } from '../../test/s3-gate.js';
import { copyUploadsToBucket } from './uploads-copy.js';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** A PNG header claiming a size (the size is judged before anything decodes it). */
function pngOfSize(w: number, h: number) {
  const b = Buffer.from(PNG_1X1);
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  return b;
}

type Ticket = {
  uploadUrl: string;
  method: string;
  fields: Record<string, string>;
  key: string;
  url: string;
  maxBytes: number;
};

/** What a phone does with a POST ticket: the fields, the Content-Type, then the file, as a multipart form. */
async function postFile(ticket: Ticket, body: Buffer, type = 'image/png', change: Record<string, string> = {}) {
  const form = new FormData();
  const fields = { ...ticket.fields, ...change };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (!('Content-Type' in fields)) form.append('Content-Type', type);
  form.append('file', new Blob([new Uint8Array(body)], { type }), 'photo');
  return fetch(ticket.uploadUrl, { method: 'POST', body: form });
}

let gate: S3Gate;
let t: TestApp;
/** The house's time, which the bucket's checks of expiry follow (the tests move it). */
let houseNow = () => (t ? t.clock.now() : Date.now());
let s3env: Record<string, string>;

beforeAll(async () => {
  gate = await startS3Gate({ now: () => houseNow() });
  s3env = {
    STORAGE: 's3',
    S3_ENDPOINT: gate.endpoint,
    S3_REGION: gate.region,
    S3_BUCKET: gate.bucket,
    S3_ACCESS_KEY_ID: gate.accessKeyId,
    S3_SECRET_ACCESS_KEY: gate.secretAccessKey,
    S3_FORCE_PATH_STYLE: '1',
    PUBLIC_ASSET_URL: gate.cdn,
  };
  t = await createTestApp(s3env);
});
afterAll(async () => {
  await gate.close();
});

async function ticketFor(token: string, purpose: string, type?: string, admin = false) {
  const r = await t.call('GET', admin ? '/v1/admin/oss' : '/v1/iyd/oss', {
    token,
    query: type ? { purpose, type } : { purpose },
  });
  expect(r.code).toBe(200);
  return r.data as Ticket;
}

async function uploaded(token: string, purpose: string, body: Buffer = PNG_1X1, admin = false) {
  const ticket = await ticketFor(token, purpose, 'image/png', admin);
  const res = await postFile(ticket, body);
  expect(res.status).toBe(204);
  return ticket;
}

const avatarOf = async (token: string) => (await t.call('GET', '/v1/iyd/member/info', { token })).data.avatar as string;

describe('pictures in a bucket (STORAGE=s3)', () => {
  it('hands out a presigned POST whose policy is the one S3 documents: this key, this type, at most 5 MiB', async () => {
    const { token } = await registerMember(t);
    const ticket = await ticketFor(token, 'avatar', 'image/png');
    expect(ticket).toMatchObject({
      method: 'POST',
      uploadUrl: `${gate.endpoint}/${gate.bucket}`,
      maxBytes: 5 * 1024 * 1024,
    });
    expect(ticket.key).toMatch(/^avatar\/\d{6}\/[A-Za-z0-9_-]{22}$/);
    const f = ticket.fields;
    expect(f).toMatchObject({
      key: `incoming/${ticket.key}`,
      bucket: gate.bucket,
      'Content-Type': 'image/png',
      'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    });
    expect(f['X-Amz-Credential']).toMatch(new RegExp(`^${gate.accessKeyId}/\\d{8}/${gate.region}/s3/aws4_request$`));
    const policy = JSON.parse(Buffer.from(f.Policy!, 'base64').toString()) as {
      expiration: string;
      conditions: unknown[];
    };
    // The SDK signs the policy at the machine's time (the test's clock is ahead: SMS cooldowns).
    expect(Date.parse(policy.expiration) - Date.now()).toBeGreaterThan(14 * 60_000 - 70_000);
    expect(Date.parse(policy.expiration) - Date.now()).toBeLessThanOrEqual(15 * 60_000 + 1000);
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, 5 * 1024 * 1024],
        { 'Content-Type': 'image/png' },
        { bucket: gate.bucket },
        { key: `incoming/${ticket.key}` },
      ]),
    );
    // A client that does not say its type gets any image/ type, never text/html.
    const loose = await ticketFor(token, 'avatar');
    const loosePolicy = JSON.parse(Buffer.from(loose.fields.Policy!, 'base64').toString()) as { conditions: unknown[] };
    expect(loosePolicy.conditions).toContainEqual(['starts-with', '$Content-Type', 'image/']);
    expect((await postFile(loose, PNG_1X1, 'text/html')).status).toBe(403);
    expect((await postFile(loose, PNG_1X1, 'image/webp')).status).toBe(204);
  });

  it('the bucket refuses what the policy does not allow, and keeps nothing of it', async () => {
    const { token } = await registerMember(t);
    const ticket = await ticketFor(token, 'avatar', 'image/png');
    const big = Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await postFile(ticket, big);
    expect(tooBig.status).toBe(400);
    expect(await tooBig.text()).toContain('EntityTooLarge');
    expect((await postFile(ticket, PNG_1X1, 'image/svg+xml', { 'Content-Type': 'image/svg+xml' })).status).toBe(403);
    expect(
      (await postFile(ticket, PNG_1X1, 'image/png', { key: 'public/avatar/202601/AAAAAAAAAAAAAAAAAAAAAA' })).status,
    ).toBe(403);
    const forged = Buffer.from(ticket.fields.Policy!, 'base64').toString().replace('5242880', '52428800');
    expect(
      (await postFile(ticket, PNG_1X1, 'image/png', { Policy: Buffer.from(forged).toString('base64') })).status,
    ).toBe(403);
    expect(await gate.object(`incoming/${ticket.key}`)).toBeUndefined();
    expect(gate.refusals.slice(-4).map((r) => r.split(' ').pop())).toEqual([
      'EntityTooLarge',
      'AccessDenied',
      'AccessDenied',
      'SignatureDoesNotMatch',
    ]);
  });

  it('a member uploads an avatar to the bucket; on first use it is checked and served from PUBLIC_ASSET_URL', async () => {
    const { token } = await registerMember(t);
    const ticket = await uploaded(token, 'avatar');
    // Unchecked, it is nobody's to read.
    expect((await fetch(`${gate.endpoint}/${gate.bucket}/incoming/${ticket.key}`)).status).toBe(403);
    expect((await fetch(`${gate.cdn}/public/${ticket.key}`)).status).not.toBe(200);

    const saved = await t.call('POST', '/v1/iyd/member/info', { token, body: { avatar: ticket.url } });
    expect(saved.code).toBe(200);
    const cdnUrl = `${gate.cdn}/public/${ticket.key}`;
    expect(saved.data.avatar).toBe(cdnUrl);
    expect(await avatarOf(token)).toBe(cdnUrl);
    const picture = await fetch(cdnUrl);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await picture.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    // What the client sent is gone; the checked copy is what is read.
    expect(await gate.object(`incoming/${ticket.key}`)).toBeUndefined();
    // The row keeps the storage-free address, and an old /files link leads to the CDN.
    const files = await t.app.inject({ method: 'GET', url: `/files/${ticket.key}` });
    expect(files.statusCode).toBe(302);
    expect(files.headers.location).toBe(cdnUrl);
    // A form saving back what it showed (the CDN's address) keeps the same picture.
    const again = await t.call('POST', '/v1/iyd/member/info', { token, body: { avatar: cdnUrl, nickname: '藏家' } });
    expect(again).toMatchObject({ code: 200, data: { avatar: cdnUrl, nickname: '藏家' } });
  });

  it('the ticket’s /files link is a preview: first read checks the picture and leads to the CDN; a bad one is not shown', async () => {
    const admin = await operatorToken(t);
    const good = await uploaded(admin, 'product', PNG_1X1, true);
    expect(good.url).toBe(`/files/${good.key}`);
    const preview = await t.app.inject({ method: 'GET', url: good.url });
    expect(preview.statusCode).toBe(302);
    expect(preview.headers.location).toBe(`${gate.cdn}/public/${good.key}`);
    expect((await fetch(`${gate.cdn}/public/${good.key}`)).status).toBe(200);
    const bad = await uploaded(admin, 'product', Buffer.from('<html><script>alert(1)</script></html>'), true);
    expect((await t.app.inject({ method: 'GET', url: bad.url })).statusCode).toBe(404);
    expect(await gate.object(`public/${bad.key}`)).toBeUndefined();
  });

  it('refuses a wrong type, an oversized or pixel-bomb file, a missing upload and an unknown key, changing nothing', async () => {
    const { token } = await registerMember(t);
    const first = await uploaded(token, 'avatar');
    await t.call('POST', '/v1/iyd/member/info', { token, body: { avatar: first.url } });
    const before = await avatarOf(token);

    const svg = await uploaded(
      token,
      'avatar',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    );
    const bomb = await uploaded(token, 'avatar', pngOfSize(30_000, 30_000));
    const never = await ticketFor(token, 'avatar', 'image/png');
    // Over 5 MiB can only be there if the bucket's policy was looser: put it as the owner would.
    const big = await ticketFor(token, 'avatar', 'image/png');
    const storage = t.services.uploads.storage as S3Storage;
    await storage.client.send(
      new PutObjectCommand({
        Bucket: gate.bucket,
        Key: `incoming/${big.key}`,
        Body: Buffer.concat([PNG_1X1, Buffer.alloc(5 * 1024 * 1024)]),
        ContentType: 'image/png',
      }),
    );
    const unknown = `/files/avatar/202611/${crypto.randomBytes(16).toString('base64url')}`;

    for (const [url, reason] of [
      [svg.url, 'UPLOAD_INVALID'],
      [bomb.url, 'UPLOAD_DIMENSIONS'],
      [big.url, 'UPLOAD_TOO_LARGE'],
      [never.url, 'UPLOAD_MISSING'],
      [unknown, 'UPLOAD_MISSING'],
    ] as const) {
      const r = await t.call('POST', '/v1/iyd/member/info', { token, body: { avatar: url, nickname: '改不了' } });
      expect(r, url).toMatchObject({ code: 400, data: { reason, field: 'avatar' } });
      expect(r.msg).not.toBe('');
    }
    expect(await avatarOf(token)).toBe(before);
    expect((await t.call('GET', '/v1/iyd/member/info', { token })).data.nickname).not.toBe('改不了');
    for (const k of [svg.key, bomb.key, big.key]) expect(await gate.object(`public/${k}`)).toBeUndefined();

    // Someone else's good upload is not this member's to use.
    const other = await registerMember(t);
    const theirs = await uploaded(other.token, 'avatar');
    const stolen = await t.call('POST', '/v1/iyd/member/info', { token, body: { avatar: theirs.url } });
    expect(stolen).toMatchObject({ code: 400, data: { field: 'avatar' } });
    expect(await avatarOf(token)).toBe(before);
  });

  it('an operator’s product pictures go the same way: checked when the product is saved, shown from the CDN', async () => {
    const admin = await operatorToken(t);
    const cat = await t.call('POST', '/v1/admin/categories', { token: admin, body: { name: `瓷器${Date.now()}` } });
    const cover = await uploaded(admin, 'product', PNG_1X1, true);
    const bad = await uploaded(admin, 'product', Buffer.from('GIF89a not a picture the house takes'), true);
    const product = (images: string[]) => ({
      title: '清乾隆 青花缠枝莲纹赏瓶',
      categoryId: cat.data.id as number,
      cover: cover.url,
      images,
      price: 128_000,
      marketPrice: 150_000,
      stock: 1,
      era: '清乾隆',
      material: '瓷',
      dimensions: '高 36.5cm',
      provenance: '私人旧藏',
      description: `<p>器形端庄</p><p><img src="${cover.url}" alt="" /></p>`,
      tags: ['官窑'],
      onSale: true,
    });
    const count = async () =>
      (await t.call('GET', '/v1/admin/products', { token: admin, query: { page: 1, pageSize: 1 } })).data
        .total as number;
    const n = await count();
    const refused = await t.call('POST', '/v1/admin/products', { token: admin, body: product([cover.url, bad.url]) });
    expect(refused).toMatchObject({ code: 400, data: { reason: 'UPLOAD_INVALID', field: 'images.1' } });
    expect(await count()).toBe(n);

    const made = await t.call('POST', '/v1/admin/products', { token: admin, body: product([cover.url]) });
    expect(made, JSON.stringify(made)).toMatchObject({ code: 200 });
    const cdnUrl = `${gate.cdn}/public/${cover.key}`;
    const page = await t.call('GET', '/v1/iyd/product/info', { query: { id: made.data.id as number } });
    expect(page.data.cover).toBe(cdnUrl);
    expect(page.data.images).toEqual([cdnUrl]);
    expect(page.data.description).toContain(`src="${cdnUrl}"`);
    expect((await fetch(cdnUrl)).status).toBe(200);
    // The console saves back what it showed: the CDN's addresses are taken as the same pictures.
    const edited = await t.call('PUT', `/v1/admin/products/${made.data.id as number}`, {
      token: admin,
      body: { ...product([cdnUrl]), cover: cdnUrl, description: page.data.description as string },
    });
    expect(edited.code).toBe(200);
    expect(edited.data.images).toEqual([cdnUrl]);
  });

  it('keeps identity photos private: the reviewer alone gets a signed link, which works and then expires', async () => {
    const m = await registerMember(t);
    const front = await uploaded(m.token, 'idcard');
    const back = await uploaded(m.token, 'idcard');
    const submitted = await t.call('POST', '/v1/iyd/member/auth', {
      token: m.token,
      body: { realName: '张三', idNumber: '11010519491231002X', frontImage: front.url, backImage: back.url },
    });
    expect(submitted.code).toBe(200);
    expect((await gate.object(`private/${front.key}`))?.body.equals(PNG_1X1)).toBe(true);
    expect(await gate.object(`public/${front.key}`)).toBeUndefined();
    // Not readable without a signature: not in the bucket, not through the CDN.
    expect((await fetch(`${gate.endpoint}/${gate.bucket}/private/${front.key}`)).status).toBe(403);
    expect((await fetch(`${gate.cdn}/private/${front.key}`)).status).toBe(403);
    expect((await fetch(`${gate.cdn}/public/${front.key}`)).status).not.toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/files/${front.key}` })).statusCode).toBe(404);

    const finance = await operatorToken(t, 'finance');
    expect((await t.call('GET', '/v1/admin/realname', { token: finance, query: { status: 'pending' } })).code).toBe(
      403,
    );
    const support = await operatorToken(t, 'support');
    const queue = await t.call('GET', '/v1/admin/realname', { token: support, query: { status: 'pending' } });
    const row = (queue.data.list as { memberId: number; frontImage: string; backImage: string }[]).find(
      (r) => r.memberId === m.id,
    )!;
    expect(row.frontImage.startsWith(`${gate.endpoint}/${gate.bucket}/private/${front.key}?`)).toBe(true);
    expect(new URL(row.frontImage).searchParams.get('X-Amz-Expires')).toBe('600');
    const shown = await fetch(row.frontImage);
    expect(shown.status).toBe(200);
    expect(Buffer.from(await shown.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    expect((await fetch(row.backImage)).status).toBe(200);
    const tampered = row.frontImage.replace(front.key, back.key);
    expect((await fetch(tampered)).status).toBe(403);
    t.clock.advance(11 * 60_000);
    expect((await fetch(row.frontImage)).status).toBe(403);
    expect(gate.refusals.at(-1)).toMatch(/AccessDenied$/);
  });
});

describe('copying a disk house’s pictures to the bucket', () => {
  it('copies avatars to public/ and identity photos to private/, once; the house then serves them from the bucket', async () => {
    const disk = await createTestApp();
    houseNow = () => disk.clock.now();
    const m = await registerMember(disk);
    const avatar = await uploadImage(disk, m.token, 'avatar');
    await disk.call('POST', '/v1/iyd/member/info', { token: m.token, body: { avatar: avatar.res.data.url } });
    const front = await uploadImage(disk, m.token, 'idcard');
    const back = await uploadImage(disk, m.token, 'idcard');
    await disk.call('POST', '/v1/iyd/member/auth', {
      token: m.token,
      body: {
        realName: '李四',
        idNumber: '11010519491231002X',
        frontImage: front.res.data.url,
        backImage: back.res.data.url,
      },
    });
    const storage = disk.services.uploads.storage;
    if (storage.kind !== 'disk') throw new Error('the house should be on disk');
    const avatarKey = avatar.oss.key as string;
    // DATA_DIR/uploads of that house
    const uploadDir = storage.pathOf(avatarKey).slice(0, -avatarKey.length - 1);

    const run = () =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', path.join(serverDir, 'src/uploads-to-s3.ts'), uploadDir],
        { cwd: serverDir, env: { ...process.env, ...s3env, NODE_ENV: 'development', DATABASE_URL: '' } },
      );
    const first = await run();
    expect(first.stdout).toContain('copied 3 (2 identity photos to private/), already there 0');
    // Again (as the function the command runs): nothing left to copy.
    const bucket = t.services.uploads.storage as S3Storage satisfies S3Storage;
    expect(await copyUploadsToBucket(uploadDir, bucket)).toMatchObject({ copied: 0, skipped: 3, ignored: [] });

    expect((await gate.object(`public/${avatarKey}`))?.type).toBe('image/png');
    expect(await gate.object(`private/${front.oss.key as string}`)).toBeDefined();
    expect(await gate.object(`public/${front.oss.key as string}`)).toBeUndefined();

    // The same database served with STORAGE=s3: the avatar from the CDN, the photos by signed links.
    const { app } = await buildApp({
      db: disk.db,
      config: loadConfig({ NODE_ENV: 'test', RATE_LIMITS: 'off', ...s3env }),
      clock: disk.clock,
      logger: false,
    });
    try {
      const info = await app.inject({
        method: 'GET',
        url: '/v1/iyd/member/info',
        headers: { authorization: `Bearer ${m.token}` },
      });
      const cdnUrl = `${gate.cdn}/public/${avatarKey}`;
      expect(info.json().data.avatar).toBe(cdnUrl);
      expect((await fetch(cdnUrl)).status).toBe(200);
      const support = await operatorToken(disk, 'support');
      const queue = await app.inject({
        method: 'GET',
        url: '/v1/admin/realname?status=pending',
        headers: { authorization: `Bearer ${support}` },
      });
      const row = (queue.json().data.list as { memberId: number; frontImage: string }[]).find(
        (r) => r.memberId === m.id,
      )!;
      expect(row.frontImage).toContain(`/private/${front.oss.key as string}?`);
      expect((await fetch(row.frontImage)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('STORAGE=s3 configuration', () => {
  it('stays on disk by default; s3 wants the bucket and region, and in production the keys', () => {
    expect(loadConfig({}).STORAGE).toBe('disk');
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET: must be set when STORAGE is s3/);
    const production = {
      NODE_ENV: 'production',
      APP_SECRET: 'a-production-secret-of-forty-characters!',
      PUBLIC_URL: 'https://paimai.example.com',
      STORAGE: 's3',
      S3_REGION: 'cn-north-1',
      S3_BUCKET: 'house-pictures',
    };
    expect(() => loadConfig(production)).toThrow(/S3_ACCESS_KEY_ID: must be set when STORAGE is s3/);
    expect(() => loadConfig({ ...production, S3_ACCESS_KEY_ID: 'AK' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...production, PUBLIC_ASSET_URL: 'https://img.example.com/?x=1' })).toThrow(
      /PUBLIC_ASSET_URL/,
    );
    const ok = loadConfig({ ...production, S3_ACCESS_KEY_ID: 'AK', S3_SECRET_ACCESS_KEY: 'SK' });
    expect(ok).toMatchObject({ STORAGE: 's3', S3_FORCE_PATH_STYLE: '0' });
  });
});
