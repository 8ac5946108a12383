import { ApiError } from './request';

export const FORBIDDEN_TEXT = '无权限';

/** What an operator reads when a call fails: the server's `msg`, or 「无权限」 for a 403. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.forbidden)
      return error.message && error.message !== FORBIDDEN_TEXT ? `${FORBIDDEN_TEXT}：${error.message}` : FORBIDDEN_TEXT;
    return error.message;
  }
  if (error instanceof Error && error.message) return error.message;
  return '操作失败，请稍后重试';
}
