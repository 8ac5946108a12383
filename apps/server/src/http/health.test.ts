import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR, type Db } from '../db/client.js';
import { createMigrationCheck } from '../db/readiness.js';
import { secondInstance } from '../test/auction-fixtures.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { registerHealth } from './health.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});

const poolOf = (db: Db) => (db as unknown as { $client: pg.Pool }).$client;

/** An instance of its own on the test's database (these tests drain and close it). */
const instance = (env: Record<string, string> = {}) =>
  secondInstance(t, t.clock, { RATE_LIMITS: 'on', RATE_LIMIT_PER_ADDRESS: '3', ...env }, { poolSize: 5 });

/** One GET on a connection of its own (node:http, so the Connection header is seen as sent). */
function get(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    http
      .get(url, { headers, agent: false }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

describe('health and readiness', () => {
  it('answers /healthz and /readyz 200 with each part checked, outside the request limits and never cached', async () => {
    const one = await instance();
    try {
      // A guest address allowed 3 calls a minute: the probes are not counted.
      for (let i = 0; i < 6; i++) {
        const ready = await one.app.inject({ method: 'GET', url: '/readyz' });
        expect(ready.statusCode).toBe(200);
        expect(ready.json()).toEqual({
          ready: true,
          database: true,
          migrations: true,
          listener: true,
          draining: false,
        });
        expect(ready.headers['cache-control']).toBe('no-store');
        const health = await one.app.inject({ method: 'GET', url: '/healthz' });
        expect(health.statusCode).toBe(200);
        expect(health.json()).toEqual({ ok: true });
      }
      // The probe opened the live-update listener although no stream ever did.
      expect(await one.services.notices.listening()).toBe(true);
    } finally {
      await one.close();
    }
  });

  it('turns /readyz 503 once draining (healthz stays 200) and closes every answer’s connection', async () => {
    const one = await instance();
    try {
      const base = await one.app.listen({ port: 0, host: '127.0.0.1' });
      const before = await get(`${base}/v1/iyd/category/list`, { connection: 'keep-alive' });
      expect(before.headers.connection).toBe('keep-alive');
      one.app.drain();
      const ready = await get(`${base}/readyz`);
      expect(ready.status).toBe(503);
      expect(JSON.parse(ready.body)).toMatchObject({ ready: false, draining: true, database: true });
      expect((await get(`${base}/healthz`)).status).toBe(200);
      // Still served while the proxy moves on, but its connection is not kept.
      const during = await get(`${base}/v1/iyd/category/list`, { connection: 'keep-alive' });
      expect(during.status).toBe(200);
      expect(during.headers.connection).toBe('close');
    } finally {
      await one.close();
    }
  });

  it('tells every open live stream to reconnect and ends its connection when the server closes, without waiting', async () => {
    const one = await instance({ RATE_LIMITS: 'off' });
    const base = await one.app.listen({ port: 0, host: '127.0.0.1' });
    const streams = await Promise.all(
      [0, 1, 2].map(
        () =>
          new Promise<{ text: () => string; closed: Promise<void> }>((resolve, reject) => {
            http
              .get(`${base}/v1/iyd/auction/stream?ids=1`, { agent: new http.Agent({ keepAlive: true }) }, (res) => {
                let text = '';
                res.on('data', (d) => (text += d));
                const closed = new Promise<void>((done) => res.socket.on('close', () => done()));
                // Never kept for another request once the stream ends (a proxy would reuse it).
                expect(res.headers.connection).toBe('close');
                res.once('data', () => resolve({ text: () => text, closed }));
              })
              .on('error', reject);
          }),
      ),
    );
    const started = Date.now();
    await one.close();
    // Every socket was closed by the server, though each client's agent would have kept it.
    await Promise.all(streams.map((s) => s.closed));
    expect(Date.now() - started).toBeLessThan(2_000);
    for (const s of streams) expect(s.text()).toContain('event: reconnect\ndata: {"reason":"SHUTTING_DOWN"}\n\n');
  });

  it('closes without waiting for a connection that never sent a request', async () => {
    const one = await instance({ RATE_LIMITS: 'off' });
    const base = await one.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(base);
    // A spare connection, opened ahead of a request that never comes.
    const spare = net.connect(Number(port), '127.0.0.1');
    await new Promise((resolve) => spare.once('connect', resolve));
    const spareClosed = new Promise<void>((resolve) => spare.once('close', () => resolve()));
    spare.on('error', () => undefined);
    const started = Date.now();
    await one.close();
    await spareClosed;
    // Node would have waited for its headers timeout (a minute).
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('is not ready when the database does not answer, is behind this build’s migrations, or the listener is down', async () => {
    // A database far behind: this build's journal has a migration newer than any applied.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'journal-'));
    fs.mkdirSync(path.join(dir, 'meta'));
    const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
      entries: { when: number; tag: string }[];
    };
    journal.entries.push({ when: Date.now() + 86_400_000, tag: '9999_from_the_future' });
    fs.writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
    expect(await createMigrationCheck(poolOf(t.db), dir)()).toEqual({ database: true, migrations: false });
    expect(await createMigrationCheck(poolOf(t.db))()).toEqual({ database: true, migrations: true });

    // Nothing listens on the port: the database does not answer.
    const dead = new pg.Pool({ connectionString: 'postgres://postgres:x@127.0.0.1:1/postgres', max: 1 });
    dead.on('error', () => undefined);
    const probe = async (db: Db, listening: boolean) => {
      const app = Fastify();
      registerHealth(app, { db, notices: { listening: async () => listening }, probeMs: 500 });
      const r = await app.inject({ method: 'GET', url: '/readyz' });
      await app.close();
      return { status: r.statusCode, body: r.json() };
    };
    expect(await probe({ $client: dead } as unknown as Db, true)).toEqual({
      status: 503,
      body: { ready: false, database: false, migrations: false, listener: true, draining: false },
    });
    expect(await probe(t.db, false)).toEqual({
      status: 503,
      body: { ready: false, database: true, migrations: true, listener: false, draining: false },
    });
    await dead.end();
  });
});
