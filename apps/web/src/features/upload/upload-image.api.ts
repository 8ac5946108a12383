import { uploadsApi, type RouteInput } from '@antique/shared/routes';
import { uploadRequest, type OssOutput } from '@antique/shared';
import { call, REQUEST_TIMEOUT_MS } from '../../lib/request';
import { ERR_CODE_NO_RESPONSE, ERR_CODE_TIMEOUT, RequestError } from '../../lib/request-error';
import { i18n } from '../../lib/i18n';
import { checkImageFile, type ImageFileProblem } from './image-file.check';

export type MemberUploadPurpose = RouteInput<typeof uploadsApi.oss>['purpose'];

function refuse(reason: ImageFileProblem): never {
  throw new RequestError({ kind: 'server', code: 400, msg: i18n.t(`reasons.${reason}`), data: { reason } });
}

type ImageType = NonNullable<RouteInput<typeof uploadsApi.oss>['type']>;

/** A one-file upload ticket; with the file's type, a bucket's policy takes that type only. */
export function fetchUploadTicket(purpose: MemberUploadPurpose, type?: ImageType): Promise<OssOutput> {
  return call(uploadsApi.oss, type ? { purpose, type } : { purpose });
}

// The request a ticket asks for (a PUT here, a presigned POST to the bucket): one for both apps.
export { uploadRequest };

async function readUploadAnswer(response: Response): Promise<void> {
  const text = await response.text();
  // An object store answers a PUT with an empty 200 (a POST with an empty 204); this server answers with the envelope.
  if (!text.trim()) {
    if (response.ok) return;
    throw new RequestError({ kind: 'empty', code: ERR_CODE_NO_RESPONSE, msg: i18n.t('upload.failed') });
  }
  let body: unknown = null;
  try {
    body = JSON.parse(text);
  } catch {
    if (response.ok) return;
  }
  const envelope = (typeof body === 'object' && body !== null ? body : {}) as {
    code?: unknown;
    msg?: unknown;
    data?: unknown;
  };
  if (typeof envelope.code !== 'number') {
    if (response.ok) return;
    throw new RequestError({ kind: 'empty', code: ERR_CODE_NO_RESPONSE, msg: i18n.t('upload.failed') });
  }
  if (envelope.code !== 200) {
    const msg = typeof envelope.msg === 'string' && envelope.msg ? envelope.msg : i18n.t('upload.failed');
    throw new RequestError({
      kind: 'server',
      code: envelope.code,
      msg,
      httpStatus: response.status,
      data: envelope.data,
    });
  }
}

/** Checks the image, asks for a ticket, sends the file and returns the URL to save. */
export async function uploadImage(file: File, purpose: MemberUploadPurpose): Promise<string> {
  const problem = checkImageFile(file);
  if (problem) refuse(problem);
  const ticket = await fetchUploadTicket(purpose, file.type as ImageType);
  if (file.size > ticket.maxBytes) refuse('UPLOAD_TOO_LARGE');

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  try {
    let response: Response;
    try {
      response = await fetch(ticket.uploadUrl, { ...uploadRequest(ticket, file), signal: controller.signal });
    } catch {
      throw controller.signal.aborted
        ? new RequestError({ kind: 'timeout', code: ERR_CODE_TIMEOUT, msg: i18n.t('errors.timeout') })
        : new RequestError({ kind: 'network', code: ERR_CODE_NO_RESPONSE, msg: i18n.t('upload.failed') });
    }
    await readUploadAnswer(response);
    return ticket.url;
  } finally {
    clearTimeout(timer);
  }
}
