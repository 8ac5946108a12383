// Debian's own programs that the operations suite drives: PostgreSQL's server tools and nginx.
// On a machine without them a test is skipped with the reason; under CI (`CI` set, where
// .ci/run installs them) a missing one fails instead, so a broken install cannot pass.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian's newest PostgreSQL bin folder (initdb, pg_ctl, pg_basebackup, pg_dump…), if installed. */
export function debianPgBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const v = versions.at(-1);
  return v ? path.join(root, v, 'bin') : undefined;
}

export function nginxBin(): string | undefined {
  return ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
}

/**
 * Whether `what` is here. Under CI a missing tool throws (the test fails); elsewhere the
 * caller skips, e.g. `describe.skipIf(!has('nginx', nginxBin()))`.
 */
export function has(what: string, found: string | undefined): boolean {
  if (found) return true;
  if (process.env.CI) throw new Error(`${what} is not installed; .ci/run installs it`);
  console.warn(`skipped: ${what} is not installed (apt-get install ${what === 'nginx' ? 'nginx' : 'postgresql'})`);
  return false;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const isRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL tool as the `postgres` user when we are root (initdb refuses root). */
export function asPostgres(bin: string, args: string[], opts: { env?: NodeJS.ProcessEnv } = {}) {
  const cmd = isRoot ? 'runuser' : bin;
  const full = isRoot ? ['-u', 'postgres', '--', bin, ...args] : args;
  const r = spawnSync(cmd, full, { encoding: 'utf8', env: { ...process.env, ...opts.env } });
  if (r.status !== 0) throw new Error(`${path.basename(bin)} ${args.join(' ')} failed:\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** A folder the `postgres` user may write (a cluster's data, a backup). */
export function postgresDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  fs.chmodSync(dir, 0o755);
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  return dir;
}

export interface Cluster {
  port: number;
  dataDir: string;
  /** A connection string for `database` (default `postgres`). */
  url(database?: string): string;
  stop(mode?: 'fast' | 'immediate'): void;
  /** Starts it again after a stop. */
  start(): void;
}

export const CLUSTER_PASSWORD = 'ops-suite-password';

/**
 * A throwaway Debian PostgreSQL cluster on loopback, password auth, replication allowed
 * from loopback (for a replica made with pg_basebackup). `settings` become `-c` flags.
 */
export function startCluster(bin: string, settings: Record<string, string> = {}, port?: number): Promise<Cluster> {
  return (async () => {
    const p = port ?? (await freePort());
    const dir = postgresDir('ops-pg-');
    const dataDir = path.join(dir, 'data');
    const pwFile = path.join(dir, 'pw');
    fs.writeFileSync(pwFile, CLUSTER_PASSWORD);
    if (isRoot) execFileSync('chown', ['postgres', pwFile]);
    asPostgres(path.join(bin, 'initdb'), [
      '-D',
      dataDir,
      '-U',
      'postgres',
      `--pwfile=${pwFile}`,
      '-A',
      'scram-sha-256',
    ]);
    fs.appendFileSync(path.join(dataDir, 'pg_hba.conf'), '\nhost replication postgres 127.0.0.1/32 scram-sha-256\n');
    return clusterAt(bin, dataDir, p, settings);
  })();
}

/** Starts (and controls) a cluster whose data folder exists, e.g. one pg_basebackup wrote. */
export function clusterAt(bin: string, dataDir: string, port: number, settings: Record<string, string> = {}): Cluster {
  const flags = [`-p ${port}`, '-k /tmp', '-c listen_addresses=127.0.0.1', '-c fsync=off']
    .concat(Object.entries(settings).map(([k, v]) => `-c ${k}=${v}`))
    .join(' ');
  const log = path.join(path.dirname(dataDir), `log-${port}`);
  const cluster: Cluster = {
    port,
    dataDir,
    url: (database = 'postgres') => `postgres://postgres:${CLUSTER_PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: (mode = 'fast') => {
      asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-m', mode, '-w', 'stop']);
    },
    start: () => {
      asPostgres(path.join(bin, 'pg_ctl'), ['-D', dataDir, '-o', flags, '-l', log, '-w', 'start']);
    },
  };
  cluster.start();
  return cluster;
}
