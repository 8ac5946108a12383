import type { Config } from '../config.js';
import type { Clock } from './clock.js';
import { createDiskStorage, type DiskStorage } from './storage-disk.js';
import { createS3Storage, type S3Storage } from './storage-s3.js';

/** Who may read a stored picture: anyone (the CDN), or only holders of a short-lived signed link. */
export type Visibility = 'public' | 'private';

/** How a client sends one new file: a signed PUT to this server (disk) or a presigned POST to the bucket (s3). */
export interface UploadTarget {
  uploadUrl: string;
  method: 'PUT' | 'POST';
  headers: Record<string, string>;
  /** Form fields to send before the file (a presigned POST's key, policy and signature). */
  fields: Record<string, string>;
}

/**
 * Where the house keeps pictures, behind one interface: the keys (`<purpose>/<yyyymm>/<id>`)
 * and the upload rows are the uploads module's; a storage only moves bytes and makes addresses.
 */
export interface PictureStorage {
  readonly kind: 'disk' | 's3';
  /** Where a client sends the one file of a new key until `expiresAt`, at most `maxBytes`, of `type` if known. */
  uploadTarget(key: string, o: { expiresAt: number; maxBytes: number; type?: string }): Promise<UploadTarget>;
  /** Checked bytes, written where pages (public) or signed links (private) read them. */
  write(key: string, body: Buffer, o: { mime: string; visibility: Visibility }): Promise<void>;
  /** Removes a stored picture (a demo load that failed). */
  remove(key: string, visibility: Visibility): Promise<void>;
  /** The address pages show for a public picture. */
  publicUrl(key: string): string;
  /** A link to a private picture that stops working at `expiresAt`. */
  privateUrl(key: string, expiresAt: number): Promise<string>;
  /** Origins the apps load pictures from and send uploads to, beyond their own (for the Content-Security-Policy). */
  readonly origins: { images: string[]; uploads: string[] };
}

export type Storage = DiskStorage | S3Storage;

/** The storage STORAGE names: files under DATA_DIR (the default), or the S3 bucket of the S3_* settings. */
export function storageOf(config: Config, clock: Clock): Storage {
  if (config.STORAGE === 's3') {
    return createS3Storage({
      region: config.S3_REGION!,
      bucket: config.S3_BUCKET!,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
        ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
        : {}),
      forcePathStyle: config.S3_FORCE_PATH_STYLE === '1' || config.S3_FORCE_PATH_STYLE === 'true',
      ...(config.PUBLIC_ASSET_URL ? { publicBase: config.PUBLIC_ASSET_URL } : {}),
      clock,
    });
  }
  return createDiskStorage({ dir: config.uploadDir, secret: config.APP_SECRET });
}
