import fs from 'node:fs/promises';
import path from 'node:path';
import type { S3Storage } from '../../lib/storage-s3.js';
import { detectImageType } from './image-type.js';
import { isPrivateKey, UPLOAD_KEY_RE } from './uploads.service.js';

export interface CopyReport {
  /** Files written to the bucket now (identity photos among them to private/). */
  copied: number;
  copiedPrivate: number;
  /** Already in the bucket with the same size: a second run copies nothing. */
  skipped: number;
  /** Files under the folder that are not a stored picture (temporary files, strays), left alone. */
  ignored: string[];
}

async function* filesUnder(dir: string, base = dir): AsyncGenerator<string> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  for (const e of entries) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* filesUnder(full, base);
    else if (e.isFile()) yield path.relative(base, full).split(path.sep).join('/');
  }
}

/**
 * Copies a disk house's pictures (DATA_DIR/uploads/<purpose>/<yyyymm>/<id>) into the bucket
 * under the same keys: identity photos to private/, the rest to public/, each with its type
 * told by its bytes. The rows keep their /files/<key> addresses, so nothing in the database
 * changes. Idempotent: what is in the bucket already, at the same size, is skipped.
 */
export async function copyUploadsToBucket(
  dir: string,
  storage: S3Storage,
  onFile: (key: string, what: 'copied' | 'skipped' | 'ignored') => void = () => undefined,
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, copiedPrivate: 0, skipped: 0, ignored: [] };
  const queue: string[] = [];
  for await (const rel of filesUnder(dir)) queue.push(rel);
  const one = async (key: string) => {
    const body = UPLOAD_KEY_RE.test(key) ? await fs.readFile(path.join(dir, ...key.split('/'))) : undefined;
    const mime = body && detectImageType(body);
    if (!body || !mime) {
      report.ignored.push(key);
      onFile(key, 'ignored');
      return;
    }
    const visibility = isPrivateKey(key) ? 'private' : 'public';
    const there = await storage.stat(key, visibility);
    if (there?.size === body.length) {
      report.skipped += 1;
      onFile(key, 'skipped');
      return;
    }
    await storage.write(key, body, { mime, visibility });
    report.copied += 1;
    if (visibility === 'private') report.copiedPrivate += 1;
    onFile(key, 'copied');
  };
  // A few at a time: a house has thousands of pictures, the bucket takes parallel writes.
  const workers = Array.from({ length: 8 }, async () => {
    for (let key = queue.shift(); key !== undefined; key = queue.shift()) await one(key);
  });
  await Promise.all(workers);
  return report;
}
