import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Clock } from './clock.js';
import type { PictureStorage, UploadTarget, Visibility } from './storage.js';

/**
 * Where each kind of object lives in the bucket. Only `public/` may be readable by anyone
 * (the bucket policy or the CDN's origin); `incoming/` holds what clients sent and nobody has
 * checked yet, `private/` the identity photos, both read only with the house's keys.
 */
export const BUCKET_PREFIX = { incoming: 'incoming/', public: 'public/', private: 'private/' } as const;

export interface S3StorageOptions {
  region: string;
  bucket: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  /** PUBLIC_ASSET_URL: the CDN in front of the bucket. */
  publicBase?: string;
  clock: Clock;
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));
const notFound = (e: unknown) =>
  e instanceof S3ServiceException &&
  (e.$metadata.httpStatusCode === 404 || e.name === 'NotFound' || e.name === 'NoSuchKey');

/** The bucket's own address, as the SDK addresses it (path style, or the bucket in the host name). */
function bucketBase({ endpoint, region, bucket, forcePathStyle }: S3StorageOptions): string {
  const base = new URL(endpoint ?? `https://s3.${region}.amazonaws.com`);
  if (forcePathStyle) return `${base.origin}${base.pathname.replace(/\/$/, '')}/${bucket}`;
  return `${base.protocol}//${bucket}.${base.host}${base.pathname.replace(/\/$/, '')}`;
}

/**
 * Pictures in an S3-compatible bucket: clients upload straight to it with a presigned POST
 * (size and type in the signed policy, the key chosen here), the server reads what arrived
 * once, when the key is first used, and writes the checked bytes to `public/` or `private/`.
 */
export function createS3Storage(o: S3StorageOptions) {
  const client = new S3Client({
    region: o.region,
    forcePathStyle: o.forcePathStyle,
    // Checksums only where S3 requires them: many S3-compatible stores take no aws-chunked trailers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(o.endpoint ? { endpoint: o.endpoint } : {}),
    ...(o.credentials ? { credentials: o.credentials } : {}),
  });
  const Bucket = o.bucket;
  const publicBase = (o.publicBase ?? bucketBase(o)).replace(/\/+$/, '');
  const objectKey = (where: keyof typeof BUCKET_PREFIX, key: string) => `${BUCKET_PREFIX[where]}${key}`;
  const uploadOrigin = new URL(bucketBase(o)).origin;

  const storage = {
    kind: 's3' as const,
    client,
    bucket: Bucket,
    /** Public pictures are at `${publicBase}/public/<key>`. */
    publicBase,
    origins: { images: [...new Set([new URL(publicBase).origin, uploadOrigin])], uploads: [uploadOrigin] },

    async uploadTarget(key: string, t: { expiresAt: number; maxBytes: number; type?: string }): Promise<UploadTarget> {
      const post = await createPresignedPost(client, {
        Bucket,
        Key: objectKey('incoming', key),
        // S3 refuses a file outside the range or of another type before storing anything.
        Conditions: [
          ['content-length-range', 1, t.maxBytes],
          ...(t.type ? [] : [['starts-with', '$Content-Type', 'image/'] as ['starts-with', string, string]]),
        ],
        Fields: t.type ? { 'Content-Type': t.type } : {},
        Expires: seconds(t.expiresAt - o.clock.now()),
      });
      return { uploadUrl: post.url, method: 'POST', headers: {}, fields: post.fields };
    },

    /**
     * What a client sent under key and nobody checked yet: its size, and its bytes when
     * there are at most `limit` of them (a larger file is not downloaded). Undefined when
     * nothing arrived.
     */
    async incoming(key: string, limit: number): Promise<{ size: number; body?: Buffer } | undefined> {
      const Key = objectKey('incoming', key);
      let size: number;
      try {
        size = (await client.send(new HeadObjectCommand({ Bucket, Key }))).ContentLength ?? 0;
      } catch (e) {
        if (notFound(e)) return undefined;
        throw e;
      }
      if (size > limit) return { size };
      try {
        const got = await client.send(new GetObjectCommand({ Bucket, Key }));
        const body = Buffer.from(await got.Body!.transformToByteArray());
        return { size: body.length, ...(body.length <= limit ? { body } : {}) };
      } catch (e) {
        if (notFound(e)) return undefined;
        throw e;
      }
    },

    async dropIncoming(key: string): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey('incoming', key) }));
    },

    /** The checked bytes themselves, not a copy of the incoming object, which its sender could replace meanwhile. */
    async write(key: string, body: Buffer, w: { mime: string; visibility: Visibility }): Promise<void> {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: objectKey(w.visibility, key),
          Body: body,
          ContentType: w.mime,
          CacheControl: w.visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
        }),
      );
    },

    /** Whether a picture is in the bucket already, and its size (the copy command skips what is there). */
    async stat(key: string, visibility: Visibility): Promise<{ size: number } | undefined> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(visibility, key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (e) {
        if (notFound(e)) return undefined;
        throw e;
      }
    },

    async remove(key: string, visibility: Visibility): Promise<void> {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(visibility, key) }));
    },

    publicUrl: (key: string) => `${publicBase}/${objectKey('public', key)}`,

    /** A presigned GET, signed at the house's time (so it expires by the house's clock). */
    privateUrl(key: string, expiresAt: number): Promise<string> {
      const now = o.clock.now();
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: objectKey('private', key) }), {
        expiresIn: seconds(expiresAt - now),
        signingDate: new Date(now),
      });
    },
  } satisfies PictureStorage & Record<string, unknown>;
  return storage;
}
export type S3Storage = ReturnType<typeof createS3Storage>;
