import type { Code, Reason } from '@antique/shared';

/** A domain error: the code of API.md, a stable reason, and extra data for the client. */
export class AppError extends Error {
  constructor(
    readonly code: Exclude<Code, 200>,
    readonly reason: Reason,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'AppError';
  }
}

export const notFound = () => new AppError(404, 'NOT_FOUND');
export const forbidden = () => new AppError(403, 'FORBIDDEN');
/** A 400 that names the field, as a zod failure would. */
export const invalidField = (field: string, key = `invalid.${field}`) =>
  new AppError(400, 'VALIDATION', { field, key });
