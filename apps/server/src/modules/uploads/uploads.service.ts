import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { MAX_UPLOAD_BYTES, type OssOutput, type UploadPurpose } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { fail } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import { hmac, safeEqual } from '../../lib/tokens.js';
import { detectImageType } from './image-type.js';
import { createUploadsRepository } from './uploads.repository.js';

const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
const PRIVATE_VIEW_TTL_MS = 10 * 60 * 1000;
/** ID card photos are never public: they are shown through short-lived signed links. */
const PRIVATE_PURPOSES: ReadonlySet<string> = new Set(['idcard']);
const KEY_RE = /^[a-z]+\/\d{6}\/[A-Za-z0-9_-]{22}$/;

export type Owner = { type: 'member' | 'operator'; id: number };
/** Files the server stores itself (the demo's pictures): an operator id no operator has. */
export const SYSTEM_OWNER: Owner = { type: 'operator', id: 0 };

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
  const repo = createUploadsRepository(db);
  const sign = (verb: string, key: string, expires: number) => hmac(secret, `${verb}\n${key}\n${expires}`);
  const fileUrl = (key: string) => `/files/${key}`;
  const filePath = (key: string) => path.join(dir, ...key.split('/'));

  function newKey(purpose: UploadPurpose, now: number): string {
    const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
    return `${purpose}/${month}/${crypto.randomBytes(16).toString('base64url')}`;
  }

  async function writeFile(key: string, body: Buffer) {
    const target = filePath(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    await fs.writeFile(tmp, body);
    await fs.rename(tmp, target);
  }

  function viewUrl(key: string): string {
    if (!PRIVATE_PURPOSES.has(key.split('/')[0] ?? '')) return fileUrl(key);
    const expires = clock.now() + PRIVATE_VIEW_TTL_MS;
    return `${fileUrl(key)}?expires=${expires}&sig=${sign('GET', key, expires)}`;
  }

  return {
    viewUrl,

    async issue(owner: Owner, purpose: UploadPurpose): Promise<OssOutput> {
      const now = clock.now();
      const key = newKey(purpose, now);
      const expiresAt = now + UPLOAD_URL_TTL_MS;
      await repo.insert({
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
      if (!KEY_RE.test(q.key) || !safeEqual(expected, q.sig)) throw fail('FORBIDDEN');
      if (clock.now() > q.expires) throw fail('UPLOAD_EXPIRED');
      if (body.length > MAX_UPLOAD_BYTES) throw fail('UPLOAD_TOO_LARGE');
      const mime = detectImageType(body);
      if (!mime) throw fail('UPLOAD_INVALID');
      const row = await repo.find(q.key);
      if (!row) throw fail('NOT_FOUND');
      if (row.storedAt) throw fail('UPLOAD_USED');
      await writeFile(q.key, body);
      await repo.markStored(q.key, { mime, bytes: body.length, storedAt: new Date(clock.now()) });
      return { key: q.key, url: viewUrl(q.key) };
    },

    /**
     * The key behind an uploaded file's URL (signed or not), if it is a stored upload of
     * this purpose belonging to this owner; otherwise undefined.
     */
    async ownedKey(owner: Owner, purpose: UploadPurpose, urlOrKey: string): Promise<string | undefined> {
      const key = urlOrKey.replace(/^(?:https?:\/\/[^/]+)?\/files\//, '').split('?')[0] ?? '';
      if (!KEY_RE.test(key) || !key.startsWith(`${purpose}/`)) return undefined;
      return repo.findStoredOf(key, owner);
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
      const row = await repo.find(key);
      if (!row?.storedAt || !row.mime) return undefined;
      return { path: filePath(key), mime: row.mime, bytes: row.bytes ?? 0, private: PRIVATE_PURPOSES.has(row.purpose) };
    },

    /**
     * Stores bytes the server itself holds (the demo's pictures): the file under a new key
     * of the purpose, then its row, already stored. Returns the key and the URL pages use.
     * The content must be a JPEG, PNG or WebP image, as for members' uploads.
     */
    async store(
      input: { purpose: UploadPurpose; body: Buffer; owner?: Owner },
      tx: DbOrTx = db,
    ): Promise<{ key: string; url: string }> {
      const mime = detectImageType(input.body);
      if (!mime) throw fail('UPLOAD_INVALID');
      const now = clock.now();
      const key = newKey(input.purpose, now);
      await writeFile(key, input.body);
      const owner = input.owner ?? SYSTEM_OWNER;
      try {
        await repo.insert(
          {
            key,
            ownerType: owner.type,
            ownerId: owner.id,
            purpose: input.purpose,
            mime,
            bytes: input.body.length,
            createdAt: new Date(now),
            expiresAt: new Date(now),
            storedAt: new Date(now),
          },
          tx,
        );
      } catch (e) {
        await fs.rm(filePath(key), { force: true });
        throw e;
      }
      return { key, url: viewUrl(key) };
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
