import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { MAX_UPLOAD_BYTES, type OssOutput, type UploadPurpose } from '@antique/shared';
import type { Db } from '../../db/client.js';
import { uploads } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../lib/clock.js';
import { hmac, safeEqual } from '../../lib/tokens.js';
import { detectImageType } from './image-type.js';

const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
const PRIVATE_VIEW_TTL_MS = 10 * 60 * 1000;
/** ID card photos are never public: they are shown through short-lived signed links. */
const PRIVATE_PURPOSES: ReadonlySet<string> = new Set(['idcard']);
const KEY_RE = /^[a-z]+\/\d{6}\/[A-Za-z0-9_-]{22}$/;

export type Owner = { type: 'member' | 'operator'; id: number };

/**
 * Uploads go straight to storage by a signed, expiring URL (as with an S3 presigned
 * request); this server is the storage for the one-machine shape, files kept in DATA_DIR.
 */
export function createUploadsService({
  db,
  clock,
  secret,
  dir,
}: {
  db: Db;
  clock: Clock;
  secret: string;
  dir: string;
}) {
  const sign = (verb: string, key: string, expires: number) => hmac(secret, `${verb}\n${key}\n${expires}`);
  const fileUrl = (key: string) => `/files/${key}`;
  const filePath = (key: string) => path.join(dir, ...key.split('/'));

  function viewUrl(key: string): string {
    if (!PRIVATE_PURPOSES.has(key.split('/')[0] ?? '')) return fileUrl(key);
    const expires = clock.now() + PRIVATE_VIEW_TTL_MS;
    return `${fileUrl(key)}?expires=${expires}&sig=${sign('GET', key, expires)}`;
  }

  return {
    viewUrl,

    async issue(owner: Owner, purpose: UploadPurpose): Promise<OssOutput> {
      const now = clock.now();
      const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
      const key = `${purpose}/${month}/${crypto.randomBytes(16).toString('base64url')}`;
      const expiresAt = now + UPLOAD_URL_TTL_MS;
      await db.insert(uploads).values({
        key,
        ownerType: owner.type,
        ownerId: owner.id,
        purpose,
        createdAt: new Date(now),
        expiresAt: new Date(expiresAt),
      });
      const query = new URLSearchParams({ key, expires: String(expiresAt), sig: sign('PUT', key, expiresAt) });
      return {
        uploadUrl: `/v1/iyd/oss/upload?${query.toString()}`,
        method: 'PUT',
        headers: {},
        fields: {},
        key,
        url: viewUrl(key),
        expiresAt,
        maxBytes: MAX_UPLOAD_BYTES,
      };
    },

    /** Takes the bytes of a signed upload; checks signature, expiry, size and content. */
    async receive(q: { key: string; expires: number; sig: string }, body: Buffer) {
      const expected = sign('PUT', q.key, q.expires);
      if (!KEY_RE.test(q.key) || !safeEqual(expected, q.sig)) throw new AppError(403, 'FORBIDDEN');
      if (clock.now() > q.expires) throw new AppError(400, 'UPLOAD_EXPIRED');
      if (body.length > MAX_UPLOAD_BYTES) throw new AppError(400, 'UPLOAD_TOO_LARGE');
      const mime = detectImageType(body);
      if (!mime) throw new AppError(400, 'UPLOAD_INVALID');
      const [row] = await db.select().from(uploads).where(eq(uploads.key, q.key));
      if (!row) throw new AppError(404, 'NOT_FOUND');
      if (row.storedAt) throw new AppError(409, 'UPLOAD_EXPIRED');
      const target = filePath(q.key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, target);
      await db
        .update(uploads)
        .set({ mime, bytes: body.length, storedAt: new Date(clock.now()) })
        .where(eq(uploads.key, q.key));
      return { key: q.key, url: viewUrl(q.key) };
    },

    /**
     * The key behind an uploaded file's URL (signed or not), if it is a stored upload of
     * this purpose belonging to this owner; otherwise undefined.
     */
    async ownedKey(owner: Owner, purpose: UploadPurpose, urlOrKey: string): Promise<string | undefined> {
      const key = urlOrKey.replace(/^(?:https?:\/\/[^/]+)?\/files\//, '').split('?')[0] ?? '';
      if (!KEY_RE.test(key) || !key.startsWith(`${purpose}/`)) return undefined;
      const [row] = await db
        .select({ key: uploads.key })
        .from(uploads)
        .where(
          and(
            eq(uploads.key, key),
            eq(uploads.ownerType, owner.type),
            eq(uploads.ownerId, owner.id),
            isNotNull(uploads.storedAt),
          ),
        );
      return row?.key;
    },

    /** The file to serve at /files/<key>, or undefined when it may not be read. */
    async open(key: string, q: { expires?: string; sig?: string }) {
      if (!KEY_RE.test(key)) return undefined;
      if (PRIVATE_PURPOSES.has(key.split('/')[0] ?? '')) {
        const expires = Number(q.expires);
        if (!q.sig || !expires || expires < clock.now() || !safeEqual(sign('GET', key, expires), q.sig)) {
          return undefined;
        }
      }
      const [row] = await db.select().from(uploads).where(eq(uploads.key, key));
      if (!row?.storedAt || !row.mime) return undefined;
      return { path: filePath(key), mime: row.mime, bytes: row.bytes ?? 0, private: PRIVATE_PURPOSES.has(row.purpose) };
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
