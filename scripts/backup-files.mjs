// What scripts/backup.mjs and scripts/restore.mjs share: copying a file while hashing it
// (the manifest lets a restore refuse a damaged backup), walking folders, the manifest.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const MANIFEST = 'backup.json';
export const FORMAT = 'antique-house-backup';

const CHUNK = 1 << 20;

/**
 * Copies `from` to `to` (created, or replaced) and returns its size and SHA-256; made
 * durable by `syncTree` once everything is written (one flush, not one per file).
 * `undefined` when `from` vanished before it could be opened (normal for a running
 * database: a file dropped meanwhile is recreated, or not needed, by WAL replay).
 */
export async function copyHashed(from, to, mode = 0o600) {
  let src;
  try {
    src = await fs.promises.open(from, 'r');
  } catch (e) {
    if (e.code === 'ENOENT') return undefined;
    throw e;
  }
  const dst = await fs.promises.open(to, 'w', mode);
  const hash = crypto.createHash('sha256');
  const buffer = Buffer.allocUnsafe(CHUNK);
  let size = 0;
  try {
    for (;;) {
      const { bytesRead } = await src.read(buffer, 0, CHUNK, null);
      if (bytesRead === 0) break;
      const piece = buffer.subarray(0, bytesRead);
      hash.update(piece);
      await dst.write(piece);
      size += bytesRead;
    }
  } finally {
    await src.close();
    await dst.close();
  }
  return { size, sha256: hash.digest('hex') };
}

/** Writes `body` to `to` and returns its size and SHA-256. */
export async function writeHashed(to, body, mode = 0o600) {
  await fs.promises.writeFile(to, body, { mode });
  return { size: body.length, sha256: crypto.createHash('sha256').update(body).digest('hex') };
}

/** SHA-256 and size of a file as it is on disk. */
export async function hashFile(file) {
  const hash = crypto.createHash('sha256');
  let size = 0;
  for await (const piece of fs.createReadStream(file, { highWaterMark: CHUNK })) {
    hash.update(piece);
    size += piece.length;
  }
  return { size, sha256: hash.digest('hex') };
}

/**
 * Flushes everything written under `dir` to disk: syncfs of its filesystem (`sync -f`),
 * else every file and folder fsynced one by one.
 */
export function syncTree(dir) {
  if (spawnSync('sync', ['-f', dir]).status === 0) return;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(path.join(d, e.name));
      else if (e.isFile()) syncPath(path.join(d, e.name));
    }
    syncPath(d);
  };
  walk(dir);
}

/** Makes a file's contents, or a folder's entries, durable. */
export function syncPath(dir) {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** Entries of a folder, or [] when it is gone (dropped while we walked it). */
export function entriesOf(dir) {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch (e) {
    if (e.code === 'ENOENT') return [];
    throw e;
  }
}

/** Whether `dir` may receive a backup or a restore: absent, or an empty folder. */
export function isFreeTarget(dir) {
  if (!fs.existsSync(dir)) return true;
  return fs.statSync(dir).isDirectory() && fs.readdirSync(dir).length === 0;
}

export function mib(bytes) {
  return `${(bytes / 1048576).toFixed(1)} MiB`;
}

/** `tool` of PG_BIN, else of the newest Debian PostgreSQL that has it, else the bare name (found on PATH). */
export function pgTool(tool) {
  if (process.env.PG_BIN) return path.join(process.env.PG_BIN, tool);
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((v) => fs.existsSync(path.join(root, v, 'bin', tool)))
        .sort((a, b) => Number(a) - Number(b))
    : [];
  return versions.length > 0 ? path.join(root, versions.at(-1), 'bin', tool) : tool;
}

/**
 * A connection string without its password, and the password apart: the tools get it by
 * PGPASSWORD, so it never shows in the process list.
 */
export function splitPassword(url) {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), password };
}
