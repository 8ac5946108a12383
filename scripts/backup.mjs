// `npm run backup -- <folder>`: a consistent backup of the house, running or stopped,
// into a new folder; `node scripts/restore.mjs <folder> <new DATA_DIR>` brings it back.
//
// Embedded shape (no DATABASE_URL): PostgreSQL's low-level base backup through SQL while the
// house serves (pg_backup_start, the cluster's files copied, pg_backup_stop's backup_label
// written into the copy, and the WAL from the backup's start to its end, kept from recycling
// meanwhile by a temporary replication slot), then the uploads and the cluster's password.
// A stopped house is copied whole under the DATA_DIR lock, so no server starts meanwhile.
// External shape (DATABASE_URL): pg_dump (one snapshot) and the uploads.
// Every file is listed with its SHA-256 in backup.json, written last: a folder without it is
// not a finished backup.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import {
  FORMAT,
  MANIFEST,
  copyHashed,
  entriesOf,
  hashFile,
  isFreeTarget,
  mib,
  pgTool,
  splitPassword,
  syncPath,
  syncTree,
  writeHashed,
} from './backup-files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();

/** The folder this run made, removed again if the backup fails (a half backup is no backup). */
let made;

function stop(message) {
  if (made) fs.rmSync(made, { recursive: true, force: true });
  console.error(`backup: ${message}`);
  process.exit(1);
}

const destArg = process.argv[2];
if (!destArg || destArg.startsWith('-')) {
  stop(
    'usage: npm run backup -- <new folder>   (DATA_DIR and DATABASE_URL as the house runs with; default ./data, embedded)',
  );
}
const dest = path.resolve(destArg);
const dataDir = path.resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const pgDir = path.join(dataDir, 'pg');
const uploadsDir = path.join(dataDir, 'uploads');

if (!isFreeTarget(dest)) stop(`${dest} exists and is not empty; name a new folder`);
for (const inside of [pgDir, uploadsDir]) {
  if (dest === inside || dest.startsWith(inside + path.sep)) stop(`${dest} is inside ${inside}; name a folder outside`);
}

/** relative path → { size, sha256 }; folders listed apart so empty ones come back too. */
const files = {};
const dirs = [];

function makeDir(rel) {
  fs.mkdirSync(path.join(dest, rel), { recursive: true, mode: 0o700 });
  dirs.push(rel);
}

async function copyFile(from, rel, mode) {
  const got = await copyHashed(from, path.join(dest, rel), mode);
  if (got) files[rel] = got;
  return got;
}

// Cluster contents PostgreSQL's documentation lets a base backup leave out: rebuilt at start,
// or (pg_wal) supplied apart with exactly the segments the backup needs.
const EMPTY_DIRS = new Set([
  'pg_wal',
  'pg_replslot',
  'pg_dynshmem',
  'pg_notify',
  'pg_serial',
  'pg_snapshots',
  'pg_stat_tmp',
  'pg_subtrans',
]);
const SKIPPED_TOP_FILES = new Set([
  'postmaster.pid',
  'postmaster.opts',
  'backup_label',
  'tablespace_map',
  'backup_label.old',
  'tablespace_map.old',
]);
const CONTROL_FILE = path.join('global', 'pg_control');

/** Copies the cluster's files but pg_control (copied last by the caller) under `relBase`. */
async function copyCluster(relBase, { hot }) {
  const walk = async (dir, rel) => {
    makeDir(path.join(relBase, rel));
    for (const entry of entriesOf(dir)) {
      const name = entry.name;
      const relPath = path.join(rel, name);
      if (name.startsWith('pgsql_tmp') || name === 'pg_internal.init') continue;
      if (rel === '' && SKIPPED_TOP_FILES.has(name)) continue;
      if (relPath === CONTROL_FILE) continue;
      if (entry.isSymbolicLink()) {
        // tablespaces (links in pg_tblspc) would live outside DATA_DIR; the house makes none
        stop(`${path.join(dir, name)} is a link (a tablespace?); this backup copies DATA_DIR/pg only`);
      }
      if (entry.isDirectory()) {
        if (rel === '' && EMPTY_DIRS.has(name) && (hot || name !== 'pg_wal')) {
          makeDir(path.join(relBase, relPath));
          if (name === 'pg_wal') {
            makeDir(path.join(relBase, 'pg_wal', 'archive_status'));
            makeDir(path.join(relBase, 'pg_wal', 'summaries'));
          }
          continue;
        }
        await walk(path.join(dir, name), relPath);
      } else if (entry.isFile()) {
        await copyFile(path.join(dir, name), path.join(relBase, relPath), 0o600);
      }
    }
  };
  await walk(pgDir, '');
}

/**
 * pg_control, read whole in one call until two reads agree: PostgreSQL rewrites this 8 KiB
 * file in place at each checkpoint, and a read racing that write could see half of each.
 */
async function copyControlFile(relBase) {
  const file = path.join(pgDir, CONTROL_FILE);
  let previous = fs.readFileSync(file);
  for (let i = 0; i < 20; i++) {
    const again = fs.readFileSync(file);
    if (again.equals(previous)) {
      files[path.join(relBase, CONTROL_FILE)] = await writeHashed(path.join(dest, relBase, CONTROL_FILE), again);
      return;
    }
    previous = again;
    await new Promise((r) => setTimeout(r, 50));
  }
  stop(`${file} kept changing while it was read`);
}

/** Uploaded files (the ones still being written, `*.tmp`, are not finished uploads). */
async function copyUploads() {
  if (!fs.existsSync(uploadsDir)) return 0;
  let count = 0;
  const walk = async (dir, rel) => {
    makeDir(rel);
    for (const entry of entriesOf(dir)) {
      const relPath = path.join(rel, entry.name);
      if (entry.isDirectory()) await walk(path.join(dir, entry.name), relPath);
      else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
        if (await copyFile(path.join(dir, entry.name), relPath, 0o644)) count++;
      }
    }
  };
  await walk(uploadsDir, 'uploads');
  return count;
}

/** The port and password of the embedded PostgreSQL while it runs, from its pid file and DATA_DIR. */
function embeddedConnection() {
  const creds = JSON.parse(fs.readFileSync(path.join(dataDir, 'pg-credentials.json'), 'utf8'));
  let port;
  try {
    // postmaster.pid: pid, data folder, start time, port, socket folder, listen address, …
    port = Number(fs.readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n')[3]);
  } catch {
    return undefined;
  }
  return port
    ? { host: '127.0.0.1', port, user: 'postgres', password: creds.password, database: 'postgres' }
    : undefined;
}

async function connectEmbedded() {
  const conn = embeddedConnection();
  if (!conn) return undefined;
  const client = new pg.Client({ ...conn, connectionTimeoutMillis: 5_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return client;
  } catch {
    await client.end().catch(() => undefined);
    return undefined;
  }
}

const walSegment = /^[0-9A-F]{24}$/;

/** The running house: PostgreSQL's low-level base backup, the house serving throughout. */
async function hotBackup(client) {
  const label = `antique-house ${new Date(started).toISOString()}`;
  const slot = `antique_backup_${process.pid}`;
  const version = (await client.query('SHOW server_version')).rows[0].server_version;
  // A temporary slot (dropped with this session) reserves WAL from here: no segment the
  // backup needs is removed or recycled before we copy it after pg_backup_stop.
  await client.query('SELECT pg_create_physical_replication_slot($1, true, true)', [slot]);
  // fast: an immediate checkpoint, not one spread over minutes
  const startLsn = (await client.query('SELECT pg_backup_start($1, true) AS lsn', [label])).rows[0].lsn;
  await copyCluster('pg', { hot: true });
  await copyControlFile('pg');
  // wait_for_archive false: the house does not archive WAL; the segments are copied below
  const end = (
    await client.query('SELECT lsn, labelfile, spcmapfile, pg_walfile_name(lsn) AS last FROM pg_backup_stop(false)')
  ).rows[0];
  files[path.join('pg', 'backup_label')] = await writeHashed(
    path.join(dest, 'pg', 'backup_label'),
    Buffer.from(end.labelfile, 'utf8'),
  );
  if (end.spcmapfile) stop('the cluster has tablespaces; this backup copies DATA_DIR/pg only');
  // START WAL LOCATION: 0/2000028 (file 000000010000000000000002)
  const first = /\(file ([0-9A-F]{24})\)/.exec(end.labelfile)?.[1];
  if (!first) stop(`no start WAL file in backup_label:\n${end.labelfile}`);
  const needed = entriesOf(path.join(pgDir, 'pg_wal'))
    .map((e) => e.name)
    .filter((n) => (walSegment.test(n) && n >= first && n <= end.last) || n.endsWith('.history'))
    .sort();
  for (const name of needed) {
    const got = await copyFile(path.join(pgDir, 'pg_wal', name), path.join('pg', 'pg_wal', name), 0o600);
    if (!got && walSegment.test(name)) stop(`WAL segment ${name} vanished during the backup`);
  }
  const segments = needed.filter((n) => walSegment.test(n));
  if (segments[0] !== first || segments.at(-1) !== end.last) {
    stop(`WAL ${first} to ${end.last} is needed, pg_wal has ${segments.join(', ') || 'none'}`);
  }
  await client.query('SELECT pg_drop_replication_slot($1)', [slot]);
  return {
    method: 'pg_backup_start',
    serverVersion: version,
    startLsn,
    stopLsn: end.lsn,
    walSegments: segments.length,
  };
}

/** A stopped house: its files as they are, held against a server starting meanwhile. */
async function coldBackup() {
  const clientJs = path.join(root, 'apps/server/dist/db/client.js');
  if (!fs.existsSync(clientJs)) stop(`${clientJs} is missing: run npm run build first`);
  const { lockDataDir } = await import(pathToFileURL(clientJs).href);
  let unlock;
  try {
    unlock = await lockDataDir(dataDir, 1_000);
  } catch (e) {
    stop(`${e.message} (a server is starting or stopping: try again in a moment)`);
  }
  try {
    const pidFile = path.join(pgDir, 'postmaster.pid');
    if (fs.existsSync(pidFile)) {
      const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
      let alive = false;
      try {
        alive = fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        /* gone */
      }
      if (alive) stop(`PostgreSQL (pid ${pid}) runs in ${pgDir} but does not answer; start the house or stop it`);
    }
    // a cluster that was not shut down cleanly needs its WAL: pg_wal is copied too
    await copyCluster('pg', { hot: false });
    await copyControlFile('pg');
    return { method: 'stopped', serverVersion: fs.readFileSync(path.join(pgDir, 'PG_VERSION'), 'utf8').trim() };
  } finally {
    unlock();
  }
}

async function embeddedBackup() {
  if (!fs.existsSync(path.join(pgDir, 'PG_VERSION'))) {
    stop(`no embedded database in ${dataDir} (set DATA_DIR as the house runs with, or DATABASE_URL)`);
  }
  const client = await connectEmbedded();
  let database;
  try {
    database = client ? await hotBackup(client) : await coldBackup();
  } finally {
    await client?.end().catch(() => undefined);
  }
  await copyFile(path.join(dataDir, 'pg-credentials.json'), 'pg-credentials.json', 0o600);
  return database;
}

/** DATABASE_URL: pg_dump's custom format, one consistent snapshot of the database. */
async function externalBackup() {
  const { url, password } = splitPassword(databaseUrl);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const version = (await client.query('SHOW server_version')).rows[0].server_version;
  await client.end();
  const pgDump = pgTool('pg_dump');
  const dump = path.join(dest, 'database.dump');
  const r = spawnSync(pgDump, ['--format=custom', `--file=${dump}`, `--dbname=${url}`], {
    encoding: 'utf8',
    env: { ...process.env, PGPASSWORD: password },
  });
  if (r.error) stop(`${pgDump} could not run (${r.error.message}); install postgresql-client or set PG_BIN`);
  if (r.status !== 0) stop(`pg_dump failed:\n${r.stderr}`);
  const tool = spawnSync(pgDump, ['--version'], { encoding: 'utf8' }).stdout.trim();
  // pg_dump fsyncs the file itself (unless --no-sync)
  files['database.dump'] = await hashFile(dump);
  return { method: 'pg_dump', serverVersion: version, tool };
}

if (!fs.existsSync(dest)) made = dest;
fs.mkdirSync(dest, { recursive: true, mode: 0o700 });
process.on('uncaughtException', (e) => stop(e.stack ?? String(e)));
process.on('unhandledRejection', (e) => stop(e instanceof Error ? (e.stack ?? e.message) : String(e)));
const shape = databaseUrl ? 'external' : 'embedded';
const database = databaseUrl ? await externalBackup() : await embeddedBackup();
const uploads = await copyUploads();
const bytes = Object.values(files).reduce((sum, f) => sum + f.size, 0);
// the files on disk before the manifest that vouches for them
syncTree(dest);
const manifest = {
  format: FORMAT,
  version: 1,
  shape,
  createdAt: new Date(started).toISOString(),
  dataDir,
  database,
  uploads,
  bytes,
  seconds: (Date.now() - started) / 1000,
  dirs,
  files,
};
fs.writeFileSync(path.join(dest, `${MANIFEST}.tmp`), JSON.stringify(manifest, null, 1));
fs.renameSync(path.join(dest, `${MANIFEST}.tmp`), path.join(dest, MANIFEST));
syncPath(path.join(dest, MANIFEST));
syncPath(dest);
console.log(
  `backup: ${shape} house (${database.method}, PostgreSQL ${database.serverVersion}) → ${dest}: ` +
    `${Object.keys(files).length} files, ${uploads} uploads, ${mib(bytes)} in ${manifest.seconds.toFixed(1)} s`,
);
