import fs from 'node:fs';
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, PASSWORD, newPhone, type TestApp } from '../test/harness.js';
import { STREAM_RETRY_AFTER, STREAMS_PER_MEMBER } from './stream-limits.js';

/** No keep-alive: a stream the server ends also closes its socket, so open files can be counted. */
const agent = new http.Agent({ keepAlive: false, maxSockets: 100 });
afterAll(() => agent.destroy());

interface Opened {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The envelope of a refusal. */
  body?: { code: number; data: { reason: string; retryAfter?: number } };
  events: string[];
  readonly ended: boolean;
  whenEnded: Promise<void>;
  close(): void;
}

/** Opens `auction/stream` as the app does, and keeps reading it until it ends. */
function open(base: string, query: string, token?: string): Promise<Opened> {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/v1/iyd/auction/stream${query}`,
      { agent, headers: token ? { authorization: `Bearer ${token}` } : {} },
      (res) => {
        let text = '';
        let ended = false;
        const events: string[] = [];
        const whenEnded = new Promise<void>((done) => {
          const end = () => {
            ended = true;
            done();
          };
          res.on('end', end);
          res.on('close', end);
          res.on('error', end);
        });
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
          for (const m of chunk.matchAll(/^event: (\w+)$/gm)) events.push(m[1]!);
        });
        const opened: Opened = {
          status: res.statusCode ?? 0,
          headers: res.headers,
          events,
          get ended() {
            return ended;
          },
          whenEnded,
          close: () => req.destroy(),
        };
        if (opened.status === 200) {
          // Open once the server said it is subscribed (the first comment).
          const ready = () => {
            if (!text.includes(': ready')) return;
            res.off('data', ready);
            resolve(opened);
          };
          res.on('data', ready);
          whenEnded.then(() => resolve(opened), reject);
        } else {
          res.on('end', () => resolve({ ...opened, body: JSON.parse(text) as Opened['body'] }));
        }
      },
    );
    req.on('error', reject);
  });
}

/**
 * Open TCP sockets of the server's port, both ends (this process is client and server), as
 * the kernel lists them: each is an open file of this process. The database pool's own
 * sockets, which come and go with its idle timeout, are not among them.
 */
function socketsOn(base: string): number {
  const port = Number(new URL(base).port).toString(16).toUpperCase().padStart(4, '0');
  let n = 0;
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const [, local, remote, state] = line.trim().split(/\s+/);
      // 0A: listening, 06: TIME_WAIT (closed, no file left).
      if (!local || state === '0A' || state === '06') continue;
      if (local.endsWith(`:${port}`) || remote?.endsWith(`:${port}`)) n += 1;
    }
  }
  return n;
}
const connections = (t: TestApp) =>
  new Promise<number>((resolve, reject) => t.app.server.getConnections((e, n) => (e ? reject(e) : resolve(n))));

async function settle(ok: () => Promise<boolean> | boolean, ms = 5_000) {
  const until = Date.now() + ms;
  while (!(await ok()) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
}

async function member(t: TestApp): Promise<string> {
  const m = await t.services.members.create({ phone: newPhone(), password: PASSWORD, nickname: '藏友' });
  return (await t.services.members.sessions.create(m!.id)).token;
}

describe('open live streams of one member', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp();
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it(`2,000 opens from one token leave ${STREAMS_PER_MEMBER} open, the older ones told they were replaced and closed; their sockets return to none once closed`, async () => {
    const token = await member(t);
    expect(socketsOn(base)).toBe(0);
    const all: Opened[] = [];
    for (let batch = 0; batch < 40; batch++) {
      all.push(...(await Promise.all(Array.from({ length: 50 }, () => open(base, '', token)))));
      // Old ones are closed as new ones come: never more than the limit (and a batch in flight) at once.
      expect(await connections(t)).toBeLessThanOrEqual(STREAMS_PER_MEMBER + 50);
    }
    expect(all).toHaveLength(2000);
    expect(all.every((s) => s.status === 200)).toBe(true);
    await settle(() => all.filter((s) => !s.ended).length === STREAMS_PER_MEMBER);
    const open3 = all.filter((s) => !s.ended);
    expect(open3).toHaveLength(STREAMS_PER_MEMBER);
    const replaced = all.filter((s) => s.ended);
    expect(replaced.every((s) => s.events.includes('replaced'))).toBe(true);
    await settle(async () => (await connections(t)) === STREAMS_PER_MEMBER);
    expect(await connections(t)).toBe(STREAMS_PER_MEMBER);
    await settle(() => socketsOn(base) === 2 * STREAMS_PER_MEMBER);
    expect(socketsOn(base)).toBe(2 * STREAMS_PER_MEMBER);

    // Another member is not held back by the first one's streams.
    const other = await open(base, '', await member(t));
    expect(other.status).toBe(200);

    for (const s of [...open3, other]) s.close();
    await settle(async () => (await connections(t)) === 0);
    expect(await connections(t)).toBe(0);
    await settle(() => socketsOn(base) === 0);
    expect(socketsOn(base)).toBe(0);
  }, 120_000);
});

describe('guests and the instance', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMITS: 'on', STREAM_LIMIT: '10', STREAMS_PER_ADDRESS: '6' });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('lets one guest address keep 6 streams, refuses the 7th with 429 and retryAfter, counted exactly in parallel', async () => {
    const tries = await Promise.all(Array.from({ length: 20 }, () => open(base, '?ids=1')));
    const admitted = tries.filter((s) => s.status === 200);
    const refused = tries.filter((s) => s.status !== 200);
    expect(admitted).toHaveLength(6);
    expect(refused).toHaveLength(14);
    for (const r of refused) {
      expect(r.status).toBe(429);
      expect(r.body).toMatchObject({ code: 429, data: { reason: 'RATE_LIMITED', retryAfter: STREAM_RETRY_AFTER } });
      expect(r.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER));
    }
    // One closed, one more may come.
    admitted[0]!.close();
    await settle(async () => (await connections(t)) === 5);
    const again = await open(base, '?ids=1');
    expect(again.status).toBe(200);
    for (const s of [...admitted.slice(1), again]) s.close();
    await settle(async () => (await connections(t)) === 0);
  });

  it('refuses a stream past the instance’s limit with 503, Retry-After and the envelope; a member at their own limit still replaces', async () => {
    const guests = await Promise.all(Array.from({ length: 6 }, () => open(base, '?ids=1')));
    const a = await member(t);
    const b = await member(t);
    const members = await Promise.all([a, a, b, b].map((token) => open(base, '', token)));
    expect([...guests, ...members].every((s) => s.status === 200)).toBe(true);

    // Ten open: a new member in parallel with others gets 503.
    const late = await Promise.all([member(t), member(t), member(t)]);
    const full = await Promise.all(late.map((token) => open(base, '', token)));
    for (const r of full) {
      expect(r.status).toBe(503);
      expect(r.headers['retry-after']).toBe(String(STREAM_RETRY_AFTER));
      expect(r.body).toMatchObject({ code: 503, data: { reason: 'STREAMS_FULL', retryAfter: STREAM_RETRY_AFTER } });
    }
    const english = await new Promise<string>((resolve) =>
      http.get(
        `${base}/v1/iyd/auction/stream`,
        { agent, headers: { authorization: `Bearer ${late[0]}`, 'accept-language': 'en' } },
        (res) => {
          let text = '';
          res.on('data', (c: Buffer) => (text += c.toString()));
          res.on('end', () => resolve(text));
        },
      ),
    );
    expect(JSON.parse(english).msg).toMatch(/live connections/);

    // Member a has 2: a third is over the instance's limit; at 3 a fourth replaces and is let in.
    expect((await open(base, '', a)).status).toBe(503);
    const b3 = await open(base, '', b);
    expect(b3.status).toBe(503);

    // A guest leaves: the next one in takes the place.
    guests[0]!.close();
    await settle(async () => (await connections(t)) === 9);
    const third = await open(base, '', a);
    expect(third.status).toBe(200);
    const fourth = await open(base, '', a);
    expect(fourth.status).toBe(200);
    // Of a's first two (opened together), the one the server took first was replaced.
    await settle(() => members[0]!.ended || members[1]!.ended);
    const gone = members.slice(0, 2).filter((s) => s.ended);
    expect(gone).toHaveLength(1);
    expect(gone[0]!.events).toContain('replaced');
    await settle(async () => (await connections(t)) === 10);
    expect(await connections(t)).toBe(10);

    for (const s of [...guests.slice(1), ...members, third, fourth]) s.close();
    await settle(async () => (await connections(t)) === 0);
    expect((await open(base, '', late[0])).status).toBe(200);
  });
});
