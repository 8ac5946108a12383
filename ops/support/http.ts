// Calls to an instance over HTTP, and pictures to upload, for the operations suite's tests.
import zlib from 'node:zlib';
import { expect } from 'vitest';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests read each answer's fields as the API documents them
export type Envelope = { code: number; msg: string; data: any };

export async function api(base: string, method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(opts.body ? { 'content-type': 'application/json' } : {}),
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    },
    body: opts.body ? JSON.stringify(opts.body) : undefined,
  });
  return (await res.json()) as Envelope;
}

export async function ok(base: string, method: string, url: string, opts: { token?: string; body?: unknown } = {}) {
  const r = await api(base, method, url, opts);
  expect(r.code, `${method} ${url}: ${r.msg}`).toBe(200);
  return r.data;
}

/** A real PNG, a `size`² square of one colour: every picture of the house a different file. */
export function png(size: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(data.length + 12);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), data.length + 8);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: size }, () => rgb).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
