import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { createSerializerCompiler } from './response-serializer.js';

const SCRIPT = `console.log(${JSON.stringify('拾古'.repeat(400))});\n`;

/** A built front end as scripts/build.mjs leaves it: hashed assets with their .br and .gz copies. */
function frontEnd(root: string, name: string) {
  const dir = path.join(root, name);
  fs.mkdirSync(path.join(dir, 'assets'), { recursive: true });
  const html = `<!doctype html><html><head><script type="module" src="/assets/index-AbC123.js"></script></head><body>${'<p>拾古</p>'.repeat(100)}</body></html>`;
  for (const [file, body] of [
    ['index.html', html],
    ['assets/index-AbC123.js', SCRIPT],
  ] as const) {
    fs.writeFileSync(path.join(dir, file), body);
    fs.writeFileSync(path.join(dir, `${file}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dir, `${file}.gz`), zlib.gzipSync(body));
  }
  return dir;
}

let t: TestApp;
let app: FastifyInstance;
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'antique-front-ends-'));
beforeAll(async () => {
  t = await createTestApp();
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: path.join(root, 'data'), RATE_LIMITS: 'off' });
  ({ app } = await buildApp({
    db: t.db,
    config,
    logger: false,
    webDist: frontEnd(root, 'web'),
    adminDist: frontEnd(root, 'admin'),
  }));
});
afterAll(async () => {
  await app?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe('the front ends', () => {
  it('sends a hashed asset as its brotli copy, cached for a year', async () => {
    const r = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['content-type']).toContain('javascript');
    expect(String(r.headers.vary)).toContain('accept-encoding');
    expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a browser without brotli, and the file itself to one without either', async () => {
    const gz = await app.inject({ url: '/assets/index-AbC123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await app.inject({ url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('has index.html revalidated on every visit: no-cache, an ETag, and 304 while unchanged', async () => {
    for (const url of ['/', '/admin/', '/admin/members']) {
      const r = await app.inject({ url, headers: { 'accept-encoding': 'br' } });
      expect(r.statusCode).toBe(200);
      expect(r.headers['cache-control']).toBe('no-cache');
      expect(r.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(r.rawPayload).toString()).toContain('<!doctype html>');
    }
    const first = await app.inject({ url: '/' });
    expect(first.headers.etag).toBeTruthy();
    const again = await app.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const r = await app.inject({ url: '/assets/index-AbC123.js.br' });
    expect(r.statusCode).toBe(404);
  });
});

describe('API responses', () => {
  it('leaves a small answer uncompressed, whatever the caller accepts', async () => {
    const r = await app.inject({ url: '/v1/iyd/category/list', headers: { 'accept-encoding': 'gzip, br' } });
    expect(r.statusCode).toBe(200);
    expect(r.rawPayload.length).toBeLessThan(1024);
    expect(r.headers['content-encoding']).toBeUndefined();
    expect(r.json()).toMatchObject({ code: 200, data: [] });
  });

  it('gzips a large answer for a caller that accepts it, and sends it plain to one that does not', async () => {
    const r = await app.inject({ url: '/v1/iyd/captcha', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(r.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(zlib.gunzipSync(r.rawPayload).toString()) as { code: number; data: { image: string } };
    expect(body.code).toBe(200);
    expect(JSON.stringify(body).length).toBeGreaterThan(1024);
    expect(r.rawPayload.length).toBeLessThan(JSON.stringify(body).length);
    const plain = await app.inject({ url: '/v1/iyd/captcha' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ code: 200 });
  });

  it('keep the security headers and the request id', async () => {
    const r = await app.inject({ url: '/v1/iyd/category/list' });
    expect(r.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the response writer', () => {
  const schema = z.object({
    id: z.number().int(),
    name: z.string(),
    note: z.string().optional(),
    at: z.number().int().nullable(),
    tags: z.array(z.string()),
    pair: z.tuple([z.number().int().nullable(), z.number().int()]),
  });
  const compile = (validate: boolean) =>
    createSerializerCompiler({ validate })({ schema, method: 'GET', url: '/x', httpStatus: '200' });

  it('writes the declared fields only: a column beyond the contract never leaves', () => {
    const write = compile(false);
    const out = JSON.parse(
      write({ id: 1, name: '青花', at: null, tags: ['a'], pair: [null, 5], passwordHash: 'scrypt$secret' }),
    );
    expect(out).toEqual({ id: 1, name: '青花', at: null, tags: ['a'], pair: [null, 5] });
  });

  it('in tests, refuses an answer that breaks the contract', () => {
    const write = compile(true);
    expect(() => write({ id: 1, name: 2, at: null, tags: [], pair: [1, 2] })).toThrow();
    expect(JSON.parse(write({ id: 1, name: 'x', note: 'n', at: 3, tags: [], pair: [1, 2] }))).toEqual({
      id: 1,
      name: 'x',
      note: 'n',
      at: 3,
      tags: [],
      pair: [1, 2],
    });
  });
});
