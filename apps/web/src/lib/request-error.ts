/** errCode of the generic HTTP layer when a call runs past its timeout. */
export const ERR_CODE_TIMEOUT = 5;
/** errCode of the generic HTTP layer when a call is aborted by its caller. */
export const ERR_CODE_ABORT = 600003;
/** No envelope came back at all (network down, empty or unreadable body). */
export const ERR_CODE_NO_RESPONSE = -1;

/**
 * - `server`: the server answered with an envelope whose code is not 200;
 * - `session`: code 301/302, the token is gone;
 * - `empty`: the response had no envelope;
 * - `network`, `timeout`, `abort`: the call never got an answer.
 */
export type RequestErrorKind = 'server' | 'session' | 'empty' | 'network' | 'timeout' | 'abort';

export interface RequestErrorInit {
  kind: RequestErrorKind;
  code: number;
  msg: string;
  httpStatus?: number;
  data?: unknown;
}

function readRecord(data: unknown): Record<string, unknown> {
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
}

/** The only thing the request layer throws. Showing it is the caller's job. */
export class RequestError extends Error {
  readonly kind: RequestErrorKind;
  /** The envelope code, or the errCode of the HTTP layer (5 timeout, 600003 abort). */
  readonly code: number;
  readonly msg: string;
  /** `data.reason` of an error envelope: a stable key to act on. */
  readonly reason: string | undefined;
  /** `data.field` of a 400: the input that was refused. */
  readonly field: string | undefined;
  /** `data.retryAfter` of a 429, in seconds. */
  readonly retryAfter: number | undefined;
  readonly httpStatus: number | undefined;
  /** The whole `data` of the error envelope, for reasons that carry more (`nextMinimum`). */
  readonly data: unknown;

  constructor(init: RequestErrorInit) {
    super(init.msg);
    this.name = 'RequestError';
    this.kind = init.kind;
    this.code = init.code;
    this.msg = init.msg;
    this.httpStatus = init.httpStatus;
    this.data = init.data ?? null;
    const record = readRecord(init.data);
    this.reason = typeof record.reason === 'string' ? record.reason : undefined;
    this.field = typeof record.field === 'string' ? record.field : undefined;
    this.retryAfter = typeof record.retryAfter === 'number' ? record.retryAfter : undefined;
  }
}

export function isRequestError(error: unknown): error is RequestError {
  return error instanceof RequestError;
}
