import crypto from 'node:crypto';
import { MAX_UPLOAD_BYTES, type OssOutput, type UploadPurpose } from '@antique/shared';
import type { Db, DbOrTx } from '../../db/client.js';
import { DomainError, fail } from '../../lib/domain-error.js';
import type { Clock } from '../../lib/clock.js';
import type { Storage, Visibility } from '../../lib/storage.js';
import { fileLinks } from '../../lib/storage-disk.js';
import { checkImage } from './image-check.js';
import { createUploadsRepository } from './uploads.repository.js';

const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
const PRIVATE_VIEW_TTL_MS = 10 * 60 * 1000;
/** ID card photos are never public: they are shown through short-lived signed links. */
const PRIVATE_PURPOSES: ReadonlySet<string> = new Set(['idcard']);
export const UPLOAD_KEY_RE = /^[a-z]+\/\d{6}\/[A-Za-z0-9_-]{22}$/;
const KEY_RE = UPLOAD_KEY_RE;

export type Owner = { type: 'member' | 'operator'; id: number };
/** Files the server stores itself (the demo's pictures): an operator id no operator has. */
export const SYSTEM_OWNER: Owner = { type: 'operator', id: 0 };

/** Whether pictures of this key are read only through signed links. */
export const isPrivateKey = (key: string) => PRIVATE_PURPOSES.has(key.split('/')[0] ?? '');
const visibilityOf = (key: string): Visibility => (isPrivateKey(key) ? 'private' : 'public');

/**
 * Uploads go straight to storage by a signed, expiring request: a PUT to this server for the
 * one-machine shape (files in DATA_DIR, checked as they arrive), a presigned POST to the
 * bucket with STORAGE=s3 (checked when the key is first used). Pages keep `/files/<key>`;
 * with a bucket the API's answers carry the CDN's address instead (http/asset-urls.ts).
 */
export function createUploadsService({
  db,
  clock,
  secret,
  storage,
}: {
  db: Db;
  clock: Clock;
  secret: string;
  storage: Storage;
}) {
  const repo = createUploadsRepository(db);
  const links = fileLinks(secret);

  function newKey(purpose: UploadPurpose, now: number): string {
    const month = new Date(now).toISOString().slice(0, 7).replace('-', '');
    return `${purpose}/${month}/${crypto.randomBytes(16).toString('base64url')}`;
  }

  /** The page's address of a file: `/files/<key>`, or for a private one the house's signed link to it. */
  function viewUrl(key: string): string {
    if (!isPrivateKey(key)) return `/files/${key}`;
    return links.viewLink(key, clock.now() + PRIVATE_VIEW_TTL_MS);
  }

  /** The key in a picture's address as the API hands it out (/files/…, the CDN's, signed or not). */
  function keyOf(urlOrKey: string): string | undefined {
    let s = urlOrKey.split('?')[0] ?? '';
    const cdn = storage.kind === 's3' ? `${storage.publicBase}/public/` : undefined;
    s = cdn && s.startsWith(cdn) ? s.slice(cdn.length) : s.replace(/^(?:https?:\/\/[^/]+)?\/files\//, '');
    return KEY_RE.test(s) ? s : undefined;
  }

  /**
   * A bucket upload's first use: reads what arrived, checks it as the disk upload is checked
   * on arrival (type by its bytes, size, dimensions), writes the checked bytes where they are
   * read and marks the row stored. A bad or missing file is refused and nothing is written.
   */
  async function settle(key: string): Promise<void> {
    const row = await repo.find(key);
    if (!row) throw fail('UPLOAD_MISSING');
    if (row.storedAt) return;
    if (storage.kind !== 's3') throw fail('UPLOAD_MISSING');
    const got = await storage.incoming(key, MAX_UPLOAD_BYTES);
    if (!got) {
      // Another request may have settled it meanwhile (and dropped what the client sent).
      if ((await repo.find(key))?.storedAt) return;
      throw fail('UPLOAD_MISSING');
    }
    if (!got.body) throw fail('UPLOAD_TOO_LARGE');
    const checked = checkImage(got.body);
    if (!checked.ok) throw fail(checked.reason);
    await storage.write(key, got.body, { mime: checked.mime, visibility: visibilityOf(key) });
    await repo.markStoredIfPending(key, { mime: checked.mime, bytes: checked.bytes, storedAt: new Date(clock.now()) });
    // What the client sent is not needed once the checked copy is written (a lifecycle rule would expire it anyway).
    await storage.dropIncoming(key).catch(() => undefined);
  }

  return {
    viewUrl,
    settle,
    keyOf,
    storage,

    /** A link to read the file now: the page's address, or for a private one a short-lived signed link. */
    async readUrl(key: string): Promise<string> {
      if (!isPrivateKey(key)) return viewUrl(key);
      return storage.privateUrl(key, clock.now() + PRIVATE_VIEW_TTL_MS);
    },

    /** `type`: the Content-Type the client will send, when it says (a bucket's policy then names it exactly). */
    async issue(owner: Owner, purpose: UploadPurpose, type?: string): Promise<OssOutput> {
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
      const target = await storage.uploadTarget(key, {
        expiresAt,
        maxBytes: MAX_UPLOAD_BYTES,
        ...(type ? { type } : {}),
      });
      return { ...target, key, url: viewUrl(key), expiresAt, maxBytes: MAX_UPLOAD_BYTES };
    },

    /** Takes the bytes of a signed upload (disk); checks signature, expiry, size and content. */
    async receive(q: { key: string; expires: number; sig: string }, body: Buffer) {
      // With a bucket, uploads never come here: no link of this server carries a valid signature.
      if (storage.kind !== 'disk' || !KEY_RE.test(q.key) || !storage.signedUpload(q)) throw fail('FORBIDDEN');
      if (clock.now() > q.expires) throw fail('UPLOAD_EXPIRED');
      const checked = checkImage(body);
      if (!checked.ok) throw fail(checked.reason);
      const row = await repo.find(q.key);
      if (!row) throw fail('NOT_FOUND');
      if (row.storedAt) throw fail('UPLOAD_USED');
      await storage.write(q.key, body);
      await repo.markStored(q.key, { mime: checked.mime, bytes: body.length, storedAt: new Date(clock.now()) });
      return { key: q.key, url: viewUrl(q.key) };
    },

    /**
     * The key behind an uploaded file's URL (signed or not), if it is a stored upload of
     * this purpose belonging to this owner; otherwise undefined. A bucket upload of theirs
     * used here for the first time is checked now, and refused with the reason if bad.
     */
    async ownedKey(owner: Owner, purpose: UploadPurpose, urlOrKey: string): Promise<string | undefined> {
      const key = keyOf(urlOrKey);
      if (!key || !key.startsWith(`${purpose}/`)) return undefined;
      if (storage.kind === 's3') {
        const row = await repo.find(key);
        if (!row || row.ownerType !== owner.type || row.ownerId !== owner.id) return undefined;
        await settle(key);
      }
      return repo.findStoredOf(key, owner);
    },

    /**
     * What to answer at /files/<key>: the file (disk), or where it is (a bucket: the CDN's
     * address, or a presigned GET for a private one); undefined when it may not be read.
     */
    async open(
      key: string,
      q: { expires?: string; sig?: string },
    ): Promise<
      | { path: string; mime: string; bytes: number; private: boolean }
      | { redirect: string; private: boolean }
      | undefined
    > {
      if (!KEY_RE.test(key)) return undefined;
      const hidden = isPrivateKey(key);
      if (hidden && !links.signedView(key, q, clock.now())) return undefined;
      let row = await repo.find(key);
      if (row && !row.storedAt && storage.kind === 's3') {
        // A fresh upload's first read (a form's preview): checked now; a bad one is not shown.
        try {
          await settle(key);
        } catch (e) {
          if (e instanceof DomainError) return undefined;
          throw e;
        }
        row = await repo.find(key);
      }
      if (!row?.storedAt || !row.mime) return undefined;
      if (storage.kind === 's3') {
        return {
          redirect: hidden ? await storage.privateUrl(key, Number(q.expires)) : storage.publicUrl(key),
          private: hidden,
        };
      }
      return { path: storage.pathOf(key), mime: row.mime, bytes: row.bytes ?? 0, private: hidden };
    },

    /** Removes a stored file (the demo's pictures, when loading them failed). */
    async discard(key: string): Promise<void> {
      await storage.remove(key, visibilityOf(key));
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
      const checked = checkImage(input.body);
      if (!checked.ok) throw fail(checked.reason);
      const { mime } = checked;
      const now = clock.now();
      const key = newKey(input.purpose, now);
      await storage.write(key, input.body, { mime, visibility: visibilityOf(key) });
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
        await storage.remove(key, visibilityOf(key));
        throw e;
      }
      return { key, url: viewUrl(key) };
    },
  };
}
export type UploadsService = ReturnType<typeof createUploadsService>;
