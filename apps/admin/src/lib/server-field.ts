import { ApiError } from './request';

/** The field a 400 names in `data.field` (`images.0` for the first image), or null. */
export function serverFieldOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== 400) return null;
  const data: unknown = error.data;
  if (typeof data !== 'object' || data === null || !('field' in data)) return null;
  return typeof data.field === 'string' && data.field !== '' ? data.field : null;
}
