import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { PictureStorage, UploadTarget } from './storage.js';
import { hmac, safeEqual } from './tokens.js';

/**
 * The house's own signed links to a file (/files/<key>?expires&sig): a private picture on
 * disk is read through them, and so is one in a bucket (the link redirects to a presigned GET).
 */
export function fileLinks(secret: string) {
  const sign = (verb: string, key: string, expires: number) => hmac(secret, `${verb}\n${key}\n${expires}`);
  return {
    sign,
    viewLink: (key: string, expiresAt: number) =>
      `/files/${key}?expires=${expiresAt}&sig=${sign('GET', key, expiresAt)}`,
    /** Whether a /files link is one viewLink made and has not expired. */
    signedView(key: string, q: { expires?: string; sig?: string }, now: number): boolean {
      const expires = Number(q.expires);
      return !!q.sig && !!expires && expires >= now && safeEqual(sign('GET', key, expires), q.sig);
    },
  };
}

/**
 * Pictures as files under DATA_DIR/uploads (the one-machine shape): this server is the
 * store, taking uploads by a signed, expiring PUT (as an object store takes a presigned
 * request) and serving them at /files/<key>, private ones only with a signed link.
 */
export function createDiskStorage({ dir, secret }: { dir: string; secret: string }) {
  const links = fileLinks(secret);
  const sign = links.sign;
  const pathOf = (key: string) => path.join(dir, ...key.split('/'));

  const storage = {
    kind: 'disk' as const,
    origins: { images: [], uploads: [] },

    uploadTarget(key: string, o: { expiresAt: number }): Promise<UploadTarget> {
      const query = new URLSearchParams({ key, expires: String(o.expiresAt), sig: sign('PUT', key, o.expiresAt) });
      return Promise.resolve({
        uploadUrl: `/v1/iyd/oss/upload?${query.toString()}`,
        method: 'PUT',
        headers: {},
        fields: {},
      });
    },

    /** Whether a PUT carries the signature uploadTarget gave for this key and expiry. */
    signedUpload(q: { key: string; expires: number; sig: string }): boolean {
      return safeEqual(sign('PUT', q.key, q.expires), q.sig);
    },

    /** Written beside and renamed into place: a reader never sees half a file. */
    async write(key: string, body: Buffer): Promise<void> {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const tmp = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(tmp, body);
      await fs.rename(tmp, target);
    },

    async remove(key: string): Promise<void> {
      await fs.rm(pathOf(key), { force: true });
    },

    publicUrl: (key: string) => `/files/${key}`,

    privateUrl(key: string, expiresAt: number): Promise<string> {
      return Promise.resolve(links.viewLink(key, expiresAt));
    },

    pathOf,
  } satisfies PictureStorage & Record<string, unknown>;
  return storage;
}
export type DiskStorage = ReturnType<typeof createDiskStorage>;
