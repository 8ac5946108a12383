import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from './client.js';

/**
 * Reads on a streaming replica (DATABASE_REPLICA_URL). Repositories get a `readDb` beside
 * their `db` and use it in their public read methods only (catalogue lists, product pages,
 * lot lists and pages, news and notices). Whether a query on `readDb` goes to the replica
 * is decided here, per request and per query:
 *
 * - only a GET of the members' side (never the console, a write, a job or start-up), and
 *   not from a caller who wrote lately (their bearer token on this instance, or the
 *   `house_fresh` cookie a write answer sets, which every instance honours): they read
 *   their own writes through the primary until the replica is sure to have them;
 * - only while the replica answers, is a standby of this primary, and is at most
 *   REPLICA_MAX_LAG_MS behind it (a check every `checkEveryMs`);
 * - a query that fails on the replica is run again on the primary, and a connection
 *   error sends every read back to the primary until the next check finds the replica well.
 */

export type ReplicaState = 'starting' | 'serving' | 'lagging' | 'unreachable' | 'not-a-replica';

export interface ReplicaStatus {
  state: ReplicaState;
  /** How far behind the primary the replica is (ms), when known. */
  lagMs: number | null;
  /** Queries `readDb` ran on the replica and on the primary, and replica failures run again on the primary. */
  replicaReads: number;
  primaryReads: number;
  retried: number;
}

/** What a check finds: the replica's lag, or why it cannot serve. */
export type ProbeResult = { lagMs: number } | { unusable: 'unreachable' | 'not-a-replica'; reason: string };
export type ReplicaProbe = () => Promise<ProbeResult>;

export interface ReadRouting {
  /** Drizzle over the replica when the current request may read there, else over the primary. */
  readDb: Db;
  /** The replica's own pool (for /metrics' pool gauges). */
  replicaPool: pg.Pool;
  status(): ReplicaStatus;
  /** Runs a check now (the timer runs one every `checkEveryMs`). */
  check(): Promise<void>;
  /** The request hooks: which requests may read on the replica, and the pin after a write. */
  register(app: FastifyInstance): void;
  /** Stops the checks and closes the replica's pool (not the primary's). */
  close(): Promise<void>;
}

/** Per request: whether its public reads may go to the replica at all. */
const requests = new AsyncLocalStorage<{ replica: boolean }>();

/** The cookie a write's answer sets: until when (epoch ms) this browser reads through the primary. */
export const FRESH_COOKIE = 'house_fresh';

/** A WAL position (`16/B374D848`) as a number. */
export function lsnOf(text: string): bigint {
  const [hi = '', lo = ''] = text.split('/');
  return (BigInt(`0x${hi}`) << 32n) + BigInt(`0x${lo}`);
}

export interface LsnSample {
  at: number;
  lsn: bigint;
}

/**
 * The replica's lag from the primary's flushed WAL positions seen at each check (oldest
 * first) and the position the replica has replayed: the time since the primary was first
 * seen past it. An idle primary whose last write the replica has replayed is 0 behind,
 * however old that write (unlike `now() - pg_last_xact_replay_timestamp()`).
 */
export function lagOf(samples: readonly LsnSample[], replayed: bigint, now: number): number {
  const ahead = samples.find((s) => s.lsn > replayed);
  return ahead ? Math.max(0, now - ahead.at) : 0;
}

/** The check against the servers: the primary's flushed position, then what the replica has replayed. */
export function lsnProbe(primary: pg.Pool, replica: pg.Pool, opts: { timeoutMs: number; now?: () => number }) {
  const now = opts.now ?? Date.now;
  let samples: LsnSample[] = [];
  const within = async <T>(p: Promise<T>) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      return await Promise.race([
        p,
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${opts.timeoutMs} ms`)), opts.timeoutMs);
        }),
      ]);
    } finally {
      clearTimeout(timer);
    }
  };
  return async (): Promise<ProbeResult> => {
    let system: string | undefined;
    try {
      const at = now();
      const { rows } = await within(
        primary.query<{ lsn: string; system: string }>(
          'SELECT pg_current_wal_flush_lsn()::text AS lsn, (SELECT system_identifier FROM pg_control_system())::text AS system',
        ),
      );
      const lsn = lsnOf(rows[0]!.lsn);
      system = rows[0]!.system;
      // An idle primary adds nothing new: the oldest sample at a position is the one that counts.
      if (samples.at(-1)?.lsn !== lsn) samples.push({ at, lsn });
    } catch {
      // A primary that does not answer now writes nothing new either: the samples so far still tell the lag.
    }
    let row: { recovery: boolean; replayed: string | null; system: string };
    try {
      const { rows } = await within(
        replica.query<typeof row>(
          'SELECT pg_is_in_recovery() AS recovery, pg_last_wal_replay_lsn()::text AS replayed, (SELECT system_identifier FROM pg_control_system())::text AS system',
        ),
      );
      row = rows[0]!;
    } catch (e) {
      return { unusable: 'unreachable', reason: (e as Error).message };
    }
    if (!row.recovery || row.replayed === null) {
      return { unusable: 'not-a-replica', reason: 'the server is not in recovery (not a standby, or promoted)' };
    }
    if (system !== undefined && system !== row.system) {
      return { unusable: 'not-a-replica', reason: `a standby of another cluster (${row.system}, primary ${system})` };
    }
    const replayed = lsnOf(row.replayed);
    const lagMs = lagOf(samples, replayed, now());
    samples = samples.filter((s) => s.lsn > replayed);
    // A replica paused for hours under writes: keep the oldest position it lacks, thin the rest.
    if (samples.length > 1_000) samples.splice(1, samples.length - 1_000);
    return { lagMs };
  };
}

/** Errors of the connection itself (rather than of the query): the replica is gone or going. */
export function isConnectionError(e: unknown): boolean {
  const err = e as { code?: string; message?: string };
  if (typeof err?.code === 'string') {
    if (/^(08|57P0|53300)/.test(err.code)) return true;
    if (/^E[A-Z]+$/.test(err.code)) return true; // ECONNREFUSED, ECONNRESET, ETIMEDOUT, EPIPE, ENOTFOUND…
  }
  return /Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error/i.test(
    err?.message ?? '',
  );
}

let current: ReadRouting | undefined;

/** The replica of this process (for /metrics: its state and lag), or undefined without DATABASE_REPLICA_URL. */
export function replicaStatus(): ReplicaStatus | undefined {
  return current?.status();
}

const readMethods = new Set(['GET', 'HEAD']);
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

function freshUntil(req: FastifyRequest): number {
  const cookie = req.headers.cookie;
  if (!cookie) return 0;
  const m = new RegExp(`(?:^|;\\s*)${FRESH_COOKIE}=(\\d{1,15})(?:;|$)`).exec(cookie);
  return m ? Number(m[1]) : 0;
}

export function createReadRouting(opts: {
  primary: pg.Pool;
  replica: pg.Pool;
  maxLagMs: number;
  log: Pick<Logger, 'info' | 'warn'>;
  /** Drizzle over a pool (client.ts's, so that this file runs no query of its own). */
  asDb: (pool: pg.Pool) => Db;
  /** Every how often the replica is checked; default a quarter of `maxLagMs`, 100 ms to 1 s. */
  checkEveryMs?: number;
  /** The check (tests give their own); default `lsnProbe`. */
  probe?: ReplicaProbe;
  now?: () => number;
}): ReadRouting {
  const { primary, replica, maxLagMs, log } = opts;
  const now = opts.now ?? Date.now;
  const checkEveryMs = opts.checkEveryMs ?? Math.min(1_000, Math.max(100, Math.floor(maxLagMs / 4)));
  // A write is on the replica once it is at most maxLagMs behind, as of a check made at most two periods ago.
  const freshMs = maxLagMs + 2 * checkEveryMs;
  const probe = opts.probe ?? lsnProbe(primary, replica, { timeoutMs: Math.max(1_000, checkEveryMs), now });
  let state: ReplicaState = 'starting';
  let lagMs: number | null = null;
  const counts = { replicaReads: 0, primaryReads: 0, retried: 0 };
  /** Token hashes of callers who wrote lately on this instance → until when they read through the primary. */
  const pinned = new Map<string, number>();

  function become(next: ReplicaState, detail: Record<string, unknown> = {}) {
    if (next === state) return;
    const was = state;
    state = next;
    if (next === 'serving') log.info({ replica: next, was, lagMs }, 'public reads on the replica');
    else log.warn({ replica: next, was, lagMs, ...detail }, 'public reads on the primary');
  }

  async function check() {
    const found = await probe();
    if ('unusable' in found) {
      lagMs = null;
      become(found.unusable, { reason: found.reason });
      return;
    }
    lagMs = found.lagMs;
    become(found.lagMs <= maxLagMs ? 'serving' : 'lagging', { maxLagMs });
  }

  let checking: Promise<void> | undefined;
  const checkOnce = () =>
    (checking ??= check()
      .catch(() => undefined)
      .finally(() => (checking = undefined)));
  const timer = setInterval(() => void checkOnce(), checkEveryMs);
  timer.unref();

  const onReplica = () => state === 'serving' && requests.getStore()?.replica === true;

  /** What drizzle queries through: the replica or the primary, per query. */
  class RoutingPool {
    async query(config: pg.QueryConfig, values?: unknown[]) {
      if (onReplica()) {
        try {
          const result = await replica.query(config, values);
          counts.replicaReads++;
          return result;
        } catch (e) {
          counts.retried++;
          if (isConnectionError(e)) become('unreachable', { reason: (e as Error).message });
        }
      }
      counts.primaryReads++;
      return primary.query(config, values);
    }

    /** A transaction (which no public read opens) always runs on the primary. */
    connect() {
      return primary.connect();
    }
  }
  const readDb = opts.asDb(new RoutingPool() as unknown as pg.Pool);

  function pin(req: FastifyRequest) {
    const auth = req.headers.authorization;
    if (!auth) return;
    const t = now();
    if (pinned.size >= 50_000) for (const [k, until] of pinned) if (until <= t) pinned.delete(k);
    if (pinned.size >= 50_000) pinned.clear();
    pinned.set(hashOf(auth), t + freshMs);
  }

  function mayReadReplica(req: FastifyRequest): boolean {
    if (!readMethods.has(req.method) || req.url.startsWith('/v1/admin')) return false;
    const t = now();
    if (freshUntil(req) > t) return false;
    const auth = req.headers.authorization;
    return !auth || (pinned.get(hashOf(auth)) ?? 0) <= t;
  }

  const routing: ReadRouting = {
    readDb,
    replicaPool: replica,
    status: () => ({ state, lagMs, ...counts }),
    check: checkOnce,
    register(app) {
      // Entered with `run` around the rest of the request, so the handler's queries see it.
      app.addHook('onRequest', (req, _reply, done) => {
        requests.run({ replica: mayReadReplica(req) }, done);
      });
      app.addHook('onSend', (req, reply, payload, done) => {
        if (!readMethods.has(req.method) && req.method !== 'OPTIONS' && req.url.startsWith('/v1/')) {
          pin(req);
          const until = now() + freshMs;
          reply.header(
            'set-cookie',
            `${FRESH_COOKIE}=${until}; Max-Age=${Math.ceil(freshMs / 1000)}; Path=/; HttpOnly; SameSite=Lax${
              req.protocol === 'https' ? '; Secure' : ''
            }`,
          );
        }
        done(null, payload);
      });
    },
    async close() {
      clearInterval(timer);
      if (current === routing) current = undefined;
      await checking;
      await replica.end();
    },
  };
  current = routing;
  return routing;
}
