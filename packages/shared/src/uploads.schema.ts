import { z } from 'zod';
import { defineEndpoint } from './endpoint.js';

export const uploadPurposes = ['avatar', 'idcard', 'product', 'banner', 'content', 'claim'] as const;
export type UploadPurpose = (typeof uploadPurposes)[number];
/** Members may upload these; the rest are the operators'. */
/** `claim`: a buyer's photos of a piece claimed under the guarantee. */
export const memberUploadPurposes = ['avatar', 'idcard', 'claim'] as const;

/** The picture types the house takes (judged again by the bytes when the file is used). */
export const uploadImageTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
/**
 * Addition: `type`, the Content-Type the client will send; with object storage the presigned
 * POST's policy then names it exactly (without it, any `image/` type passes the bucket).
 */
const uploadType = z.enum(uploadImageTypes, { error: 'invalid.type' }).optional();
export const ossInput = z.object({
  purpose: z.enum(memberUploadPurposes, { error: 'invalid.purpose' }),
  type: uploadType,
});
export const adminOssInput = z.object({
  purpose: z.enum(uploadPurposes, { error: 'invalid.purpose' }),
  type: uploadType,
});
/**
 * `PUT`: send the file as the body to `uploadUrl` (this server, disk storage). `POST`: a
 * presigned POST to the bucket: a multipart form of `fields`, then the file as `file`.
 */
export const ossOutput = z.object({
  uploadUrl: z.string(),
  method: z.enum(['PUT', 'POST']),
  headers: z.record(z.string(), z.string()),
  fields: z.record(z.string(), z.string()),
  key: z.string(),
  url: z.string(),
  expiresAt: z.number().int(),
  maxBytes: z.number().int(),
});
export type OssOutput = z.infer<typeof ossOutput>;

/** The signature that `ossOutput.uploadUrl` carries in its query. */
export const ossUploadQuery = z.object({
  key: z.string().max(80),
  expires: z.coerce.number().int(),
  sig: z.string().max(100),
});
export const ossUploadOutput = z.object({ key: z.string(), url: z.string() });

export const uploadsApi = {
  oss: defineEndpoint({
    method: 'GET',
    base: '/v1/iyd',
    path: '/oss',
    input: ossInput,
    output: ossOutput,
    auth: 'member',
    summary: 'A signed, expiring upload target for an avatar or an ID card picture.',
  }),
  upload: defineEndpoint({
    method: 'PUT',
    base: '/v1/iyd',
    path: '/oss/upload',
    input: ossUploadQuery,
    output: ossUploadOutput,
    auth: 'none',
    rawBody: true,
    addition: true,
    summary: 'The signed upload URL that GET /oss hands out (embedded storage); the body is the image.',
  }),
  adminOss: defineEndpoint({
    method: 'GET',
    base: '/v1/admin',
    path: '/oss',
    input: adminOssInput,
    output: ossOutput,
    auth: 'operator',
    roles: ['operator'],
    summary: 'A signed upload target for any purpose.',
  }),
};

export { MAX_UPLOAD_BYTES } from './client-limits.js';
