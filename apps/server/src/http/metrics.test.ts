import fs from 'node:fs';
import pino from 'pino';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { startScheduler } from '../jobs/scheduler.js';
import { adminToken, bid, houseLot, verifiedBidder } from '../test/auction-fixtures.js';
import { createMetrics } from '../lib/metrics.js';
import { createTestApp, operatorToken, type TestApp } from '../test/harness.js';

const TOKEN = 'metrics-token-0123456789abcdef';

/** One scrape with the token, as Prometheus makes it. */
async function scrape(t: TestApp, token = TOKEN) {
  return t.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
}

/** The value of one sample of a scrape: the metric's name and the labels it must carry (others may be there too). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });

  it('does not exist: the 404 of any unknown path, even with a token', async () => {
    const r = await t.call('GET', '/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(r).toMatchObject({ status: 404, data: { reason: 'ROUTE_NOT_FOUND' } });
  });
});

describe('/metrics with METRICS_TOKEN', () => {
  let t: TestApp;
  let op: string;
  beforeAll(async () => {
    t = await createTestApp({ METRICS_TOKEN: TOKEN });
    op = await adminToken(t);
  });

  it('refuses a scrape without the token or with another one, and says nothing', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token-0123456789abcdef' }, { authorization: TOKEN }]) {
      const r = await t.app.inject({ method: 'GET', url: '/metrics', headers });
      expect(r.statusCode).toBe(401);
      expect(r.headers['www-authenticate']).toBe('Bearer');
      expect(r.body).not.toContain('http_request');
    }
  });

  it('is not in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as { paths: object };
    expect(Object.keys(doc.paths)).not.toContain('/metrics');
  });

  it('counts the requests just made under their route pattern and status, never the raw URL', async () => {
    const lot = await houseLot(t, op);
    expect((await t.call('GET', '/v1/iyd/auction/info', { query: { id: lot.id } })).status).toBe(200);
    expect((await t.call('GET', '/v1/iyd/member/info')).status).toBe(401);
    expect((await t.call('GET', `/v1/iyd/no-such-path-${lot.id}`)).status).toBe(404);
    const r = await scrape(t);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/plain');
    const text = r.body;
    const count = (route: string, status: string, method = 'GET') =>
      sample(text, 'http_request_duration_seconds_count', { method, route, status });
    expect(count('/v1/iyd/auction/info', '200')).toBe(1);
    expect(count('/v1/iyd/member/info', '401')).toBe(1);
    expect(count('/v1/admin/lots', '200', 'POST')).toBe(1);
    expect(count('unmatched', '404')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(`id=${lot.id}`);
    expect(text).not.toContain(`no-such-path-${lot.id}`);
    // The 401 scrapes of the test before are counted too, under the route's own pattern.
    expect(count('/metrics', '401')).toBe(3);
  });

  it('counts bids accepted and refused by reason, and the batch each was decided in', async () => {
    const lot = await houseLot(t, op, { startPrice: 100_000 });
    const a = await verifiedBidder(t);
    const b = await verifiedBidder(t);
    const before = await scrape(t);
    const accepted0 = sample(before.body, 'bids_accepted_total') ?? 0;
    const batches0 = sample(before.body, 'bid_batch_size_count') ?? 0;
    expect((await bid(t, a.token, lot.id, 150_000)).code).toBe(200);
    const low = await bid(t, b.token, lot.id, 1_000);
    expect(low.status).toBe(422);
    const reason = (low.data as { reason: string }).reason;
    const text = (await scrape(t)).body;
    expect(sample(text, 'bids_accepted_total')).toBe(accepted0 + 1);
    expect(sample(text, 'bids_refused_total', { reason })).toBe(1);
    expect(sample(text, 'bid_batch_size_count')).toBeGreaterThanOrEqual(batches0 + 1);
    expect(sample(text, 'bid_batch_size_bucket', { le: '100' })).toBe(sample(text, 'bid_batch_size_count'));
  });

  it('observes how late each lot closed', async () => {
    const lot = await houseLot(t, op, { endsIn: 60_000 });
    const a = await verifiedBidder(t);
    expect((await bid(t, a.token, lot.id, 100_000)).code).toBe(200);
    const endsAt = (await t.call('GET', '/v1/iyd/auction/info', { query: { id: lot.id } })).data.endsAt as number;
    // Closed 3 s after its end: above the 2 s the alert watches, within the 5 s bucket.
    t.clock.set(endsAt + 3_000);
    expect(await t.services.lotCloseFlow.closeDue()).toBe(1);
    const text = (await scrape(t)).body;
    expect(sample(text, 'lot_close_lateness_seconds_count')).toBe(1);
    // The test clock runs on from where it was set, by the milliseconds the close took.
    expect(sample(text, 'lot_close_lateness_seconds_sum')).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'lot_close_lateness_seconds_sum')).toBeLessThan(3.5);
    expect(sample(text, 'lot_close_lateness_seconds_bucket', { le: '2' })).toBe(0);
    expect(sample(text, 'lot_close_lateness_seconds_bucket', { le: '5' })).toBe(1);
  });

  it('counts job runs and failures by job, their duration and lag', async () => {
    let runs = 0;
    const stop = startScheduler(
      [
        { name: 'probe', everyMs: 20, atStart: true, run: async () => ++runs && 0 },
        {
          name: 'probe-failing',
          everyMs: 60_000,
          atStart: true,
          run: () => Promise.reject(new Error('the probe fails')),
        },
      ],
      pino({ level: 'silent' }),
      t.services.metrics,
    );
    await new Promise((r) => setTimeout(r, 150));
    await stop();
    const text = (await scrape(t)).body;
    expect(sample(text, 'job_runs_total', { name: 'probe', outcome: 'ok' })).toBe(runs);
    expect(runs).toBeGreaterThanOrEqual(2);
    expect(sample(text, 'job_runs_total', { name: 'probe-failing', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'job_runs_total', { name: 'probe-failing', outcome: 'ok' })).toBeUndefined();
    expect(sample(text, 'job_duration_seconds_count', { name: 'probe' })).toBe(runs);
    expect(sample(text, 'job_last_success_timestamp_seconds', { name: 'probe' })).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    // Stopped, the probe's next run is overdue by the time since its last start less its 20 ms.
    expect(sample(text, 'job_lag_seconds', { name: 'probe' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'job_lag_seconds', { name: 'probe-failing' })).toBe(0);
  });

  it('reads a sleeping job’s lag from when it was set to wake, and a hung run’s from its interval', async () => {
    const metrics = createMetrics();
    const lag = async () => sample(await metrics.registry.metrics(), 'job_lag_seconds', { name: 'lot-close' });
    metrics.jobScheduled('lot-close', 5_000);
    expect(await lag()).toBe(0);
    // Set to wake in 20 ms: 100 ms on, the run is overdue by about 80 ms (an event loop too busy to start it).
    metrics.jobWaiting('lot-close', 20);
    await new Promise((r) => setTimeout(r, 100));
    expect(await lag()).toBeGreaterThanOrEqual(0.07);
    expect(await lag()).toBeLessThan(1);
    // Started: on time until its longest sleep has passed.
    metrics.jobStarted('lot-close');
    expect(await lag()).toBe(0);
  });

  it('shows the database pool, the live streams open, the NOTIFY round trip and the last reconcile', async () => {
    const lot = await houseLot(t, op);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.listeningOrigin;
    const controller = new AbortController();
    const res = await fetch(`${address}/v1/iyd/auction/stream?ids=${lot.id}`, { signal: controller.signal });
    const reader = res.body!.getReader();
    await reader.read();
    const finance = await operatorToken(t, 'finance');
    expect((await t.call('GET', '/v1/admin/reconcile', { token: finance })).data.ok).toBe(true);

    let text = (await scrape(t)).body;
    expect(sample(text, 'live_streams_open')).toBe(1);
    expect(sample(text, 'db_pool_max_connections', { pool: 'primary' })).toBe(20);
    expect(sample(text, 'db_pool_connections', { pool: 'primary', state: 'total' })).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'db_pool_connections', { pool: 'primary', state: 'waiting' })).toBe(0);
    const trips = sample(text, 'notify_round_trip_seconds_count')!;
    expect(trips).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'notify_round_trip_seconds_sum')).toBeLessThan(trips * 2);
    expect(sample(text, 'notify_round_trip_failures_total')).toBe(0);
    expect(sample(text, 'ledger_reconcile_ok')).toBe(1);
    expect(sample(text, 'ledger_reconcile_mismatches')).toBe(0);
    expect(sample(text, 'replica_lag_seconds')).toBe(0);
    t.services.metrics.setReplicaLag(1.5);
    expect(text).toContain('process_resident_memory_bytes');

    controller.abort();
    await expect.poll(async () => sample((await scrape(t)).body, 'live_streams_open')).toBe(0);
    text = (await scrape(t)).body;
    expect(sample(text, 'replica_lag_seconds')).toBe(1.5);
  });

  it('reads the replica’s lag at each scrape: its lag while it serves, +Inf once it cannot', async () => {
    const metrics = createMetrics();
    const status = { state: 'starting', lagMs: null as number | null };
    const pool = new pg.Pool({ max: 3 });
    metrics.watchReplica(() => status, pool);
    const text = () => metrics.registry.metrics();
    expect(sample(await text(), 'replica_lag_seconds')).toBe(0);
    Object.assign(status, { state: 'serving', lagMs: 250 });
    expect(sample(await text(), 'replica_lag_seconds')).toBe(0.25);
    Object.assign(status, { state: 'unreachable', lagMs: null });
    expect(await text()).toMatch(/^replica_lag_seconds \+Inf$/m);
    expect(await text()).toMatch(/^db_pool_max_connections\{pool="replica"\} 3$/m);
    await pool.end();
  });

  it('exports every metric the house’s alerting rules read (deploy/prometheus-alerts.yml)', async () => {
    const rules = fs.readFileSync(new URL('../../../../deploy/prometheus-alerts.yml', import.meta.url), 'utf8');
    const exprs = [...rules.matchAll(/expr: (\|\n(?:\s{10,}.*\n)+|.*)/g)].map((m) => m[1]!).join('\n');
    const read = new Set([...exprs.matchAll(/([a-z_:][a-z0-9_:]*)\{/g)].map((m) => m[1]!));
    // Prometheus' own (`up`) and the blackbox exporter's (`probe_success`) are not the app's.
    for (const outside of ['up', 'probe_success']) read.delete(outside);
    expect(read.size).toBeGreaterThanOrEqual(10);
    const types = (await scrape(t)).body;
    const exported = new Set([...types.matchAll(/^# TYPE (\S+) (\w+)$/gm)].map((m) => m[1]!));
    const family = (name: string) => name.replace(/_(bucket|count|sum)$/, '');
    expect([...read].filter((n) => !exported.has(n) && !exported.has(family(n)))).toEqual([]);
  });

  it('keeps each app’s figures in its own registry (several apps in one process)', async () => {
    const other = await createTestApp({ METRICS_TOKEN: TOKEN });
    const text = (await scrape(other)).body;
    expect(sample(text, 'bids_accepted_total')).toBe(0);
    expect(sample(text, 'lot_close_lateness_seconds_count')).toBe(0);
  });
});
