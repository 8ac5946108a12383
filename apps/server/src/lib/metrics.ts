import type pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DomainError } from './domain-error.js';

/**
 * What this instance counts for Prometheus (`GET /metrics`, issue 19). One registry per app
 * instance, never prom-client's global one: tests build many apps in one process, and each
 * app's figures are its own. The places that record get this object (or a `Pick` of it)
 * as an optional dependency, so a flow built without it records nothing.
 */
export function createMetrics() {
  const registry = new Registry();
  const on = { registers: [registry] };

  const httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: count (rate) and latency',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    ...on,
  });

  const bidsAccepted = new Counter({ name: 'bids_accepted_total', help: 'Bids accepted', ...on });
  const bidsRefused = new Counter({
    name: 'bids_refused_total',
    help: 'Bids refused, by reason (INTERNAL for an unexpected error)',
    labelNames: ['reason'] as const,
    ...on,
  });
  const bidBatch = new Histogram({
    name: 'bid_batch_size',
    help: 'Bids decided in one batch (one transaction under the lot lock)',
    buckets: [1, 2, 5, 10, 20, 50, 100],
    ...on,
  });

  const lotLateness = new Histogram({
    name: 'lot_close_lateness_seconds',
    help: 'Seconds between a lot’s end time and its close',
    // 2 s is a bucket boundary: the alert counts closes above it.
    buckets: [0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    ...on,
  });

  // Labelled `name`, not `job`: Prometheus keeps `job` for the scrape job.
  const jobRuns = new Counter({
    name: 'job_runs_total',
    help: 'Interval job runs by job name and outcome (ok, failed)',
    labelNames: ['name', 'outcome'] as const,
    ...on,
  });
  const jobDuration = new Histogram({
    name: 'job_duration_seconds',
    help: 'How long a job run took',
    labelNames: ['name'] as const,
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    ...on,
  });
  const jobLastSuccess = new Gauge({
    name: 'job_last_success_timestamp_seconds',
    help: 'When a job last finished without error (Unix seconds)',
    labelNames: ['name'] as const,
    ...on,
  });
  // How overdue each job's next run is now: a run that hangs, or an event loop too busy to
  // start runs, shows here before anything else notices. A run is due its interval after the
  // last one started, or, for a job that sleeps until it is due (the lot close), when it was
  // set to wake up.
  const jobTimes = new Map<string, { everyMs: number; dueAt: number }>();
  new Gauge({
    name: 'job_lag_seconds',
    help: 'How long past its interval a job’s next run is overdue (0 when on time)',
    labelNames: ['name'] as const,
    ...on,
    collect() {
      const now = Date.now();
      for (const [job, t] of jobTimes) this.set({ name: job }, Math.max(0, now - t.dueAt) / 1000);
    },
  });

  const pools = new Map<string, pg.Pool>();
  new Gauge({
    name: 'db_pool_connections',
    help: 'Database pool connections by pool and state (total, idle) and clients waiting for one (waiting)',
    labelNames: ['pool', 'state'] as const,
    ...on,
    collect() {
      for (const [pool, p] of pools) {
        this.set({ pool, state: 'total' }, p.totalCount);
        this.set({ pool, state: 'idle' }, p.idleCount);
        this.set({ pool, state: 'waiting' }, p.waitingCount);
      }
    },
  });
  const poolMax = new Gauge({
    name: 'db_pool_max_connections',
    help: 'The most connections a pool opens',
    labelNames: ['pool'] as const,
    ...on,
  });

  let streamCount: (() => number) | undefined;
  new Gauge({
    name: 'live_streams_open',
    help: 'Live event streams (auction/stream) open on this instance',
    ...on,
    collect() {
      this.set(streamCount?.() ?? 0);
    },
  });

  const notifyRoundTrip = new Histogram({
    name: 'notify_round_trip_seconds',
    help: 'From a NOTIFY published on the notices channel to its arrival on this instance’s listener',
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2],
    ...on,
  });
  const notifyLost = new Counter({
    name: 'notify_round_trip_failures_total',
    help: 'Round-trip pings that did not come back in time (or the listener could not connect)',
    ...on,
  });

  const reconcileOk = new Gauge({
    name: 'ledger_reconcile_ok',
    help: 'The last reconcile: 1 when every wallet equals its ledger entries and every top-up is credited once, else 0',
    ...on,
  });
  const reconcileMismatches = new Gauge({
    name: 'ledger_reconcile_mismatches',
    help: 'Mismatches the last reconcile found, wallets and top-ups together',
    ...on,
  });
  const reconcileAt = new Gauge({
    name: 'ledger_reconcile_timestamp_seconds',
    help: 'When the ledger was last reconciled (Unix seconds)',
    ...on,
  });

  let replicaWatch: (() => { state: string; lagMs: number | null }) | undefined;
  const replicaLag = new Gauge({
    name: 'replica_lag_seconds',
    help: 'How far the read replica is behind the primary, as this instance last measured it',
    ...on,
    collect() {
      const status = replicaWatch?.();
      if (!status || status.state === 'starting') return;
      const usable = status.state === 'serving' || status.state === 'lagging';
      this.set(usable && status.lagMs !== null ? status.lagMs / 1000 : Infinity);
    },
  });

  let defaults = false;

  return {
    registry,

    /** Process figures (CPU, memory, event loop, GC) as well; only for an app that serves /metrics. */
    collectProcessMetrics() {
      if (defaults) return;
      defaults = true;
      collectDefaultMetrics({ register: registry });
    },

    /** One HTTP response: the route pattern (never the raw URL), so the labels stay few. */
    httpResponse(method: string, route: string, status: number, seconds: number) {
      httpDuration.observe({ method, route, status: String(status) }, seconds);
    },

    /** Where the count of open live streams is read at each scrape. */
    watchStreams(count: () => number) {
      streamCount = count;
    },

    bidAccepted() {
      bidsAccepted.inc();
    },
    bidRefused(err: unknown) {
      bidsRefused.inc({ reason: err instanceof DomainError ? err.reason : 'INTERNAL' });
    },
    bidBatch(size: number) {
      bidBatch.observe(size);
    },

    /** A lot closed: its lateness is its close time less its (possibly extended) end time. */
    lotClosed(lot: { endsAt: Date; closedAt: Date | null }) {
      if (!lot.closedAt) return;
      lotLateness.observe(Math.max(0, lot.closedAt.getTime() - lot.endsAt.getTime()) / 1000);
    },

    /** The scheduler took a job on (its interval sets when a run is due). */
    jobScheduled(job: string, everyMs: number) {
      jobTimes.set(job, { everyMs, dueAt: Date.now() + everyMs });
    },
    /** A run started: the next is due an interval later (for a sleeping job, at the latest). */
    jobStarted(job: string) {
      const t = jobTimes.get(job);
      if (t) t.dueAt = Date.now() + t.everyMs;
    },
    /** A job that sleeps until it is due will run in `ms`. */
    jobWaiting(job: string, ms: number) {
      const t = jobTimes.get(job);
      if (t) t.dueAt = Date.now() + ms;
    },
    jobFinished(job: string, ok: boolean, seconds: number) {
      jobRuns.inc({ name: job, outcome: ok ? 'ok' : 'failed' });
      jobDuration.observe({ name: job }, seconds);
      if (ok) jobLastSuccess.set({ name: job }, Date.now() / 1000);
    },

    /** A database pool to report (`primary`; the replica's under its own name). */
    watchPool(name: string, pool: pg.Pool) {
      pools.set(name, pool);
      if (pool.options.max !== undefined) poolMax.set({ pool: name }, pool.options.max);
    },

    notifyRoundTrip(seconds: number | undefined) {
      if (seconds === undefined) notifyLost.inc();
      else notifyRoundTrip.observe(seconds);
    },

    /** Wraps the reconcile service so that every reconcile, the job's or an operator's, sets the gauges. */
    watchReconcile<S extends { reconcile(): Promise<Reconciled> }>(service: S): S {
      const reconcile = async () => {
        const r = await service.reconcile();
        reconcileOk.set(r.ok ? 1 : 0);
        reconcileMismatches.set(r.mismatches.length + (r.recharges?.mismatches.length ?? 0));
        reconcileAt.set(Date.now() / 1000);
        return r;
      };
      return { ...service, reconcile } as S;
    },

    /** For the replica reader: how far behind the replica is (seconds). */
    setReplicaLag(seconds: number) {
      replicaLag.set(seconds);
    },

    /**
     * The read replica's state, read at each scrape: its lag, and +Inf while it cannot serve
     * (unreachable, not a standby of this primary, or lagging with the lag unknown), so the
     * lag alert fires for a lost replica too. Its pool is reported as `replica`.
     */
    watchReplica(status: () => { state: string; lagMs: number | null }, pool: pg.Pool) {
      pools.set('replica', pool);
      if (pool.options.max !== undefined) poolMax.set({ pool: 'replica' }, pool.options.max);
      replicaWatch = status;
    },
  };
}

export interface Reconciled {
  ok: boolean;
  mismatches: unknown[];
  recharges?: { mismatches: unknown[] };
}

export type Metrics = ReturnType<typeof createMetrics>;
