import { FALLBACK_FAILED_MSG, MAX_UPLOAD_BYTES, ossUploadOutput, uploadRequest } from '@antique/shared';
import { uploadsApi } from '@antique/shared/routes';
import { ApiError, NETWORK_ERROR_CODE, call, envelopeError, isEnvelope } from '../../lib/request';

export type OperatorUploadPurpose = 'product' | 'banner' | 'content';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const IMAGE_ACCEPT = IMAGE_TYPES.join(',');

const mib = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

/** The upload store's limit on a file, as the fields' hints say it (5 MB). */
export const IMAGE_SIZE_TEXT = mib(MAX_UPLOAD_BYTES);
/** What a picture may be: the types taken and that limit. */
export const IMAGE_RULE_TEXT = `JPG、PNG、WebP，不超过 ${IMAGE_SIZE_TEXT}`;

/** Why this file cannot be uploaded, in the operator's words; null when it can. */
export function imageFileProblem(file: File, maxBytes = MAX_UPLOAD_BYTES): string | null {
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return `「${file.name}」不是 JPG、PNG 或 WebP 图片`;
  }
  if (file.size > maxBytes) return `「${file.name}」超过 ${mib(maxBytes)}，请压缩后再上传`;
  if (file.size === 0) return `「${file.name}」是空文件`;
  return null;
}

/** A one-file upload ticket; with the file's type, a bucket's policy takes that type only. */
export const fetchUploadTicket = (purpose: OperatorUploadPurpose, type?: (typeof IMAGE_TYPES)[number]) =>
  call(uploadsApi.adminOss, type ? { purpose, type } : { purpose });

// The request a ticket asks for (a PUT here, a presigned POST to the bucket): one for both apps.
export { uploadRequest };

/**
 * Checks the image, asks for a signed upload ticket, sends the bytes (a PUT here, a POST to
 * a bucket) and returns the URL to save. This server answers the PUT with an envelope whose
 * data.url is the file's address; a bucket answers with an empty 204, and then the ticket's url stands.
 */
export async function uploadImage(file: File, purpose: OperatorUploadPurpose): Promise<string> {
  const problem = imageFileProblem(file);
  if (problem) throw new ApiError(400, problem, { reason: 'UPLOAD_INVALID' });
  const ticket = await fetchUploadTicket(purpose, file.type as (typeof IMAGE_TYPES)[number]);
  if (file.size > ticket.maxBytes) {
    throw new ApiError(400, imageFileProblem(file, ticket.maxBytes) ?? FALLBACK_FAILED_MSG, {
      reason: 'UPLOAD_TOO_LARGE',
    });
  }

  let response: Response;
  try {
    response = await fetch(ticket.uploadUrl, uploadRequest(ticket, file));
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, `「${file.name}」上传失败，请检查网络后重试`);
  }

  const text = await response.text().catch(() => '');
  let body: unknown = undefined;
  try {
    body = text.trim() ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  if (isEnvelope(body)) {
    if (body.code !== 200) throw envelopeError(body);
    // The PUT is the signed URL the ticket names, not a declared call: read its answer as declared.
    const saved = ossUploadOutput.safeParse(body.data);
    return saved.success && saved.data.url ? saved.data.url : ticket.url;
  }
  if (!response.ok) throw new ApiError(response.status >= 500 ? 500 : 400, `「${file.name}」上传失败，请重试`);
  return ticket.url;
}
