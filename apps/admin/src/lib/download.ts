import { FALLBACK_BUSY_MSG, FALLBACK_FAILED_MSG } from '@antique/shared';
import type { Route, RouteInput } from '@antique/shared/routes';
import {
  ApiError,
  NETWORK_ERROR_CODE,
  type Query,
  buildUrl,
  envelopeError,
  isEnvelope,
  resolveAdminCall,
  toQuery,
} from './request';
import { readToken } from './token-storage';

/** The file name a `Content-Disposition` header names, preferring the RFC 5987 UTF-8 form. */
export function fileNameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim().replace(/^"|"$/g, ''));
    } catch {
      // A malformed escape: fall back to the plain form.
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = (plain?.[2] ?? plain?.[1])?.trim();
  return name ? name : null;
}

/** Hands a blob to the browser as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Some browsers start reading the blob only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Downloads a file from `/v1/admin{path}`. The operator token is a header, so a bare link
 * cannot carry it: fetch with the token, then save the answer as a blob. A JSON envelope
 * in place of the file is an error (403, 400 on a bad range, 301 when the session ended).
 * Returns the saved file's name: the server's (Content-Disposition) unless told otherwise.
 */
export async function downloadFile(
  path: string,
  query: Query,
  fallbackName: string,
  { preferServerName = true }: { preferServerName?: boolean } = {},
): Promise<string> {
  const headers: Record<string, string> = {
    Accept: 'text/csv, application/json;q=0.5',
    'Accept-Language': 'zh-CN,zh;q=0.9',
  };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), { method: 'GET', headers });
  } catch {
    throw new ApiError(NETWORK_ERROR_CODE, '网络连接失败，请检查网络后重试');
  }

  const type = response.headers.get('Content-Type') ?? '';
  if (type.includes('application/json') || !response.ok) {
    let body: unknown;
    try {
      body = await response.json();
    } catch {
      body = undefined;
    }
    if (isEnvelope(body) && body.code !== 200) throw envelopeError(body);
    throw new ApiError(
      response.status >= 500 ? 500 : NETWORK_ERROR_CODE,
      response.ok ? FALLBACK_FAILED_MSG : FALLBACK_BUSY_MSG,
    );
  }

  const blob = await response.blob();
  const serverName = preferServerName ? fileNameFromDisposition(response.headers.get('Content-Disposition')) : null;
  const fileName = serverName ?? fallbackName;
  saveBlob(blob, fileName);
  return fileName;
}

/**
 * Downloads what a file endpoint (a CSV export) answers for `input`, as `packages/shared`
 * declares it. Returns the saved file's name.
 */
export async function download<E extends Route>(
  endpoint: E,
  input: RouteInput<E>,
  fallbackName: string,
  options?: { preferServerName?: boolean },
): Promise<string> {
  if (!endpoint.file) throw new Error(`${endpoint.method} ${endpoint.path} answers JSON: use call()`);
  const { path, rest } = resolveAdminCall(endpoint, input);
  return downloadFile(path, toQuery(rest), fallbackName, options);
}
