import { reasonCode, type Code, type Reason } from '@antique/shared';

/**
 * Why a service refuses, as a stable reason and extra data for the client. Services, jobs and
 * repositories throw it without knowing HTTP; `http/envelope.ts` turns it into the envelope,
 * its code taken from `reasonCode` in `packages/shared/src/codes.ts`.
 */
export class DomainError extends Error {
  /** The envelope code of the reason (never 200), derived from the one table. */
  readonly code: Exclude<Code, 200>;

  constructor(
    readonly reason: Reason,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(reason);
    this.name = 'DomainError';
    this.code = reasonCode[reason];
  }
}

/** The refusal to throw: `throw fail('INSUFFICIENT_BALANCE', { shortBy })`. */
export const fail = (reason: Reason, extra?: Record<string, unknown>) => new DomainError(reason, extra);

export const notFound = () => fail('NOT_FOUND');
export const forbidden = () => fail('FORBIDDEN');
/** A 400 that names the field, as a zod failure would. */
export const invalidField = (field: string, key = `invalid.${field}`) => fail('VALIDATION', { field, key });
