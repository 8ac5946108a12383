import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A local S3 for tests: s3rver (npm) keeps the objects, and in front of it this gate does
 * what s3rver leaves out and the house relies on, as AWS documents it:
 * - every signed request (Authorization header or presigned query) is checked with
 *   Signature Version 4 against the test's keys, a presigned one also for its expiry;
 * - a browser POST upload is checked against its policy: the signature over the policy,
 *   its expiration, every condition (bucket, key, Content-Type, content-length-range), and
 *   every form field must be named by a condition; EntityTooLarge when the file is over the range;
 * - the bucket policy the README prescribes: anonymous GET/HEAD only under `public/`.
 * s3rver itself reads no policy and checks no V4 signature (lib/controllers/object.js,
 * lib/middleware/authentication.js), so requests reach it only after the gate passed them.
 */

export interface S3Gate {
  /** S3_ENDPOINT (path style). */
  endpoint: string;
  /** A CDN in front of the bucket: `${cdn}/<object key>` reads the object anonymously. */
  cdn: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** What the gate refused, newest last (`POST incoming/… EntityTooLarge`). */
  refusals: string[];
  /** Reads an object as the bucket's owner would (no policy), or undefined when absent. */
  object(key: string): Promise<{ body: Buffer; type: string | null } | undefined>;
  close(): Promise<void>;
}

const sha256 = (data: string | Buffer) => crypto.createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => crypto.createHmac('sha256', key).update(data).digest();
const rfc3986 = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function signingKey(secret: string, date: string, region: string) {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const amzTime = (s: string) =>
  Date.parse(
    `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}T${s.slice(9, 11)}:${s.slice(11, 13)}:${s.slice(13, 15)}Z`,
  );

export async function startS3Gate(opts: { now?: () => number } = {}): Promise<S3Gate> {
  const now = opts.now ?? Date.now;
  const bucket = 'house-pictures';
  const region = 'cn-test-1';
  const accessKeyId = `AKTEST${crypto.randomBytes(6).toString('hex').toUpperCase()}`;
  const secretAccessKey = crypto.randomBytes(30).toString('base64');
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 's3rver-'));

  const { default: S3rver } = (await import('s3rver')) as unknown as {
    default: new (o: Record<string, unknown>) => { run(): Promise<AddressInfo>; close(): Promise<void> };
  };
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const store = await s3rver.run();
  const upstream = `http://127.0.0.1:${store.port}`;
  const refusals: string[] = [];

  function checkSignature(p: {
    method: string;
    rawPath: string;
    query: URLSearchParams;
    headers: http.IncomingHttpHeaders;
    credential: string;
    signedHeaders: string;
    signature: string;
    amzDate: string;
    payloadHash: string;
  }) {
    const [keyId, date, scopeRegion, service, terminal] = p.credential.split('/');
    if (keyId !== accessKeyId) throw new Refusal(403, 'InvalidAccessKeyId', 'unknown access key');
    if (scopeRegion !== region || service !== 's3' || terminal !== 'aws4_request' || !p.amzDate.startsWith(date!)) {
      throw new Refusal(403, 'SignatureDoesNotMatch', 'bad credential scope');
    }
    const query = [...p.query]
      .filter(([k]) => k !== 'X-Amz-Signature')
      .map(([k, v]) => [rfc3986(k), rfc3986(v)])
      .sort(([a, x], [b, y]) => (a! < b! ? -1 : a! > b! ? 1 : x! < y! ? -1 : 1))
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    const names = p.signedHeaders.split(';');
    const canonicalHeaders = names
      .map((n) => {
        const v = p.headers[n];
        return `${n}:${(Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ')}\n`;
      })
      .join('');
    const canonical = [p.method, p.rawPath, query, canonicalHeaders, p.signedHeaders, p.payloadHash].join('\n');
    const toSign = ['AWS4-HMAC-SHA256', p.amzDate, `${date}/${region}/s3/aws4_request`, sha256(canonical)].join('\n');
    const expected = hmac(signingKey(secretAccessKey, date!, region), toSign).toString('hex');
    if (expected !== p.signature) throw new Refusal(403, 'SignatureDoesNotMatch', 'signature does not match');
  }

  /** A browser POST: the policy, its signature and its conditions, as the S3 documentation describes them. */
  async function checkPost(req: http.IncomingMessage, body: Buffer, pathBucket: string) {
    const form = await new Request('http://gate/', {
      method: 'POST',
      headers: { 'content-type': req.headers['content-type'] ?? '' },
      body,
    }).formData();
    const fields = new Map<string, string>();
    let file: Blob | undefined;
    for (const [name, value] of form) {
      if (name === 'file') file = value as Blob;
      else if (typeof value === 'string') fields.set(name.toLowerCase(), value);
    }
    const policyB64 = fields.get('policy');
    if (!policyB64 || !file) throw new Refusal(400, 'InvalidArgument', 'policy and file are required');
    if (fields.get('x-amz-algorithm') !== 'AWS4-HMAC-SHA256') throw new Refusal(400, 'InvalidArgument', 'algorithm');
    const [keyId, date, scopeRegion] = (fields.get('x-amz-credential') ?? '').split('/');
    if (keyId !== accessKeyId || scopeRegion !== region) throw new Refusal(403, 'InvalidAccessKeyId', 'credential');
    const expected = hmac(signingKey(secretAccessKey, date!, region), policyB64).toString('hex');
    if (fields.get('x-amz-signature') !== expected) {
      throw new Refusal(403, 'SignatureDoesNotMatch', 'policy signature does not match');
    }
    const policy = JSON.parse(Buffer.from(policyB64, 'base64').toString('utf8')) as {
      expiration: string;
      conditions: (Record<string, string> | [string, string | number, string | number])[];
    };
    if (Date.parse(policy.expiration) < now()) {
      throw new Refusal(403, 'AccessDenied', 'Invalid according to Policy: Policy expired.');
    }
    const valueOf = (name: string) => (name === 'bucket' ? pathBucket : fields.get(name.toLowerCase()));
    const named = new Set<string>();
    for (const c of policy.conditions) {
      if (!Array.isArray(c)) {
        for (const [k, v] of Object.entries(c)) {
          named.add(k.toLowerCase());
          if (valueOf(k) !== v) throw new Refusal(403, 'AccessDenied', `Policy Condition failed: ${k} = ${v}`);
        }
        continue;
      }
      const [op, a, b] = c;
      if (op === 'content-length-range') {
        if (file.size > Number(b))
          throw new Refusal(400, 'EntityTooLarge', 'Your proposed upload exceeds the maximum allowed size');
        if (file.size < Number(a))
          throw new Refusal(400, 'EntityTooSmall', 'Your proposed upload is smaller than the minimum allowed size');
        continue;
      }
      const name = String(a).replace(/^\$/, '').toLowerCase();
      named.add(name);
      const v = valueOf(name) ?? '';
      if (op === 'eq' ? v !== b : op === 'starts-with' ? !v.startsWith(String(b)) : true) {
        throw new Refusal(
          403,
          'AccessDenied',
          `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(c)}`,
        );
      }
    }
    for (const name of fields.keys()) {
      if (['policy', 'x-amz-signature'].includes(name) || name.startsWith('x-ignore-')) continue;
      if (!named.has(name)) {
        throw new Refusal(403, 'AccessDenied', `Invalid according to Policy: Extra input fields: ${name}`);
      }
    }
    const key = fields.get('key');
    if (!key) throw new Refusal(400, 'InvalidArgument', 'key');
    return { key, file: Buffer.from(await file.arrayBuffer()), type: fields.get('content-type') };
  }

  async function forward(method: string, objectPath: string, headers: Record<string, string>, body?: Buffer) {
    return fetch(`${upstream}${objectPath}`, {
      method,
      headers,
      ...(body && body.length > 0 && method !== 'GET' && method !== 'HEAD' ? { body } : {}),
      redirect: 'manual',
    });
  }

  async function send(res: http.ServerResponse, method: string, r: Response) {
    const out: Record<string, string> = {};
    r.headers.forEach((v, k) => {
      if (!['content-encoding', 'transfer-encoding', 'connection'].includes(k)) out[k] = v;
    });
    res.writeHead(r.status, out);
    res.end(method === 'HEAD' ? undefined : Buffer.from(await r.arrayBuffer()));
  }

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://gate');
    const rawPath = (req.url ?? '/').split('?')[0]!;
    const [, pathBucket = '', ...rest] = rawPath.split('/');
    const objectKey = decodeURIComponent(rest.join('/'));
    const method = req.method ?? 'GET';
    const passHeaders: Record<string, string> = {};
    for (const name of ['content-type', 'cache-control', 'range', 'x-amz-copy-source']) {
      const v = req.headers[name];
      if (typeof v === 'string') passHeaders[name] = v;
    }
    try {
      if (pathBucket !== bucket) throw new Refusal(404, 'NoSuchBucket', 'no such bucket');
      if (url.searchParams.has('X-Amz-Algorithm')) {
        const q = url.searchParams;
        checkSignature({
          method,
          rawPath,
          query: q,
          headers: req.headers,
          credential: q.get('X-Amz-Credential') ?? '',
          signedHeaders: q.get('X-Amz-SignedHeaders') ?? '',
          signature: q.get('X-Amz-Signature') ?? '',
          amzDate: q.get('X-Amz-Date') ?? '',
          payloadHash: 'UNSIGNED-PAYLOAD',
        });
        const expires = amzTime(q.get('X-Amz-Date') ?? '') + Number(q.get('X-Amz-Expires')) * 1000;
        if (!(expires >= now())) throw new Refusal(403, 'AccessDenied', 'Request has expired');
      } else if (req.headers.authorization) {
        const m = /^AWS4-HMAC-SHA256 Credential=([^,]+), ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]+)$/.exec(
          req.headers.authorization,
        );
        if (!m) throw new Refusal(400, 'AuthorizationHeaderMalformed', 'malformed');
        const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
        if (/^[0-9a-f]{64}$/.test(payloadHash) && payloadHash !== sha256(body)) {
          throw new Refusal(400, 'XAmzContentSHA256Mismatch', 'payload hash');
        }
        checkSignature({
          method,
          rawPath,
          query: url.searchParams,
          headers: req.headers,
          credential: m[1]!,
          signedHeaders: m[2]!,
          signature: m[3]!,
          amzDate: String(req.headers['x-amz-date'] ?? ''),
          payloadHash,
        });
      } else if (method === 'POST' && rest.length === 0) {
        const post = await checkPost(req, body, pathBucket);
        const put = await forward(
          'PUT',
          `/${bucket}/${post.key}`,
          post.type ? { 'content-type': post.type } : {},
          post.file,
        );
        if (!put.ok) throw new Refusal(500, 'InternalError', `store answered ${put.status}`);
        res.writeHead(204).end();
        return;
      } else if (!((method === 'GET' || method === 'HEAD') && objectKey.startsWith('public/'))) {
        // The bucket policy: anyone may read public/, nothing else without a signature.
        throw new Refusal(403, 'AccessDenied', 'Access Denied');
      }
      const keep = new URLSearchParams([...url.searchParams].filter(([k]) => !k.startsWith('X-Amz-')));
      const qs = keep.toString();
      await send(res, method, await forward(method, `${rawPath}${qs ? `?${qs}` : ''}`, passHeaders, body));
    } catch (e) {
      const r = e instanceof Refusal ? e : new Refusal(500, 'InternalError', String(e));
      refusals.push(`${method} ${objectKey} ${r.code}`);
      res.writeHead(r.status, { 'content-type': 'application/xml' });
      res.end(
        method === 'HEAD'
          ? undefined
          : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${r.code}</Code><Message>${r.message}</Message></Error>`,
      );
    }
  }

  const gate = http.createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(gate.address() as AddressInfo).port}`;

  // The CDN: fetches from the bucket as anyone would, so it can only show public/.
  const cdnServer = http.createServer((req, res) => {
    void (async () => {
      const r = await fetch(`${endpoint}/${bucket}${(req.url ?? '/').split('?')[0]}`, { method: req.method });
      await send(res, req.method ?? 'GET', r);
    })();
  });
  await new Promise<void>((resolve) => cdnServer.listen(0, '127.0.0.1', resolve));
  const cdn = `http://127.0.0.1:${(cdnServer.address() as AddressInfo).port}`;

  return {
    endpoint,
    cdn,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    refusals,
    async object(key) {
      const r = await fetch(`${upstream}/${bucket}/${key}`);
      if (r.status === 404) return undefined;
      if (!r.ok) throw new Error(`store answered ${r.status}`);
      return { body: Buffer.from(await r.arrayBuffer()), type: r.headers.get('content-type') };
    },
    async close() {
      await new Promise((resolve) => gate.close(resolve));
      await new Promise((resolve) => cdnServer.close(resolve));
      await s3rver.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
