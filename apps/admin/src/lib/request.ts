import { FALLBACK_BUSY_MSG, FALLBACK_FAILED_MSG } from '@antique/shared';
import { resolveCall, type Route, type RouteInput, type RouteOutput } from '@antique/shared/routes';
import { noteServerTime } from './server-clock';
import { clearToken, readToken } from './token-storage';

export const ADMIN_API_BASE = '/v1/admin';

/** Code 0: the request never got an envelope back (network down, proxy error page). */
export const NETWORK_ERROR_CODE = 0;

export class ApiError extends Error {
  readonly code: number;
  readonly reason: string | undefined;
  readonly data: unknown;

  constructor(code: number, msg: string, data: unknown = null) {
    super(msg);
    this.name = 'ApiError';
    this.code = code;
    this.data = data;
    this.reason = readReason(data);
  }

  get sessionEnded(): boolean {
    return this.code === 301 || this.code === 302;
  }

  get forbidden(): boolean {
    return this.code === 403;
  }
}

function readReason(data: unknown): string | undefined {
  if (data && typeof data === 'object' && 'reason' in data) {
    const reason = (data as { reason: unknown }).reason;
    if (typeof reason === 'string') return reason;
  }
  return undefined;
}

export type Query = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions {
  query?: Query;
  body?: unknown;
  /** Sent as `Idempotency-Key`: the server returns the first answer for a repeated key. */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

type SessionEndedListener = (error: ApiError) => void;
const sessionEndedListeners = new Set<SessionEndedListener>();

/** The auth layer subscribes here to send the operator back to the login page. */
export function onSessionEnded(listener: SessionEndedListener): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

export function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return `${ADMIN_API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

export interface Envelope {
  code: number;
  msg: string;
  data: unknown;
}

export function isEnvelope(value: unknown): value is Envelope {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Envelope).code === 'number' &&
    typeof (value as Envelope).msg === 'string' &&
    'data' in value
  );
}

/**
 * Calls `/v1/admin{path}` and returns the envelope's `data`. The envelope decides, not the
 * HTTP status: anything but code 200 throws an ApiError with the server's `msg`.
 */
export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  // The console is Chinese: ask for the server's zh-Hans messages whatever the browser prefers.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': 'zh-CN,zh;q=0.9' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (options.idempotencyKey) headers['Idempotency-Key'] = options.idempotencyKey;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(NETWORK_ERROR_CODE, '网络连接失败，请检查网络后重试');
  }

  noteServerTime(response.headers.get('X-Server-Time'));
  let envelope: unknown;
  try {
    envelope = await response.json();
  } catch {
    envelope = undefined;
  }
  if (!isEnvelope(envelope)) {
    throw new ApiError(
      response.status >= 500 ? 500 : NETWORK_ERROR_CODE,
      response.ok ? FALLBACK_FAILED_MSG : FALLBACK_BUSY_MSG,
    );
  }

  if (envelope.code === 200) return envelope.data as T;
  throw envelopeError(envelope);
}

/**
 * The ApiError for a failed envelope; on 301/302 it also ends the session, once, so
 * calls made outside `request` (downloads, uploads) send the operator to login too.
 */
export function envelopeError(envelope: Envelope): ApiError {
  const error = new ApiError(envelope.code, envelope.msg || FALLBACK_FAILED_MSG, envelope.data);
  if (error.sessionEnded) {
    // Only the first of several parallel failures should send the operator to the login page.
    const hadToken = readToken() !== null;
    clearToken();
    if (hadToken) sessionEndedListeners.forEach((listener) => listener(error));
  }
  return error;
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Sent as `Idempotency-Key` (endpoints declared `idempotent`): one key per submission, reused on retry. */
  idempotencyKey?: string;
}

/**
 * Calls an operators' endpoint as `packages/shared` declares it: the path's `{params}`
 * are taken from `input`, the rest goes as the query (GET, DELETE) or the JSON body.
 * The answer is typed by the declaration's output. CSV endpoints go through `download`.
 */
export async function call<E extends Route>(
  endpoint: E,
  input: RouteInput<E>,
  options: CallOptions = {},
): Promise<RouteOutput<E>> {
  const { path, rest } = resolveAdminCall(endpoint, input);
  if (endpoint.file) throw new Error(`${endpoint.method} ${endpoint.path} answers a file: use download()`);
  const inQuery = endpoint.method === 'GET' || endpoint.method === 'DELETE';
  return request<RouteOutput<E>>(endpoint.method, path, {
    query: inQuery ? toQuery(rest) : undefined,
    body: inQuery ? undefined : rest,
    idempotencyKey: options.idempotencyKey,
    signal: options.signal,
  });
}

/** The path under /v1/admin and the fields left for the query or body; refuses a member endpoint. */
export function resolveAdminCall(endpoint: Route, input: unknown): { path: string; rest: Record<string, unknown> } {
  if (endpoint.base !== ADMIN_API_BASE)
    throw new Error(`${endpoint.base}${endpoint.path} is not an operators' endpoint`);
  return resolveCall(endpoint, input);
}

/** Query values as the URL carries them; anything else (never sent by the console today) as its JSON. */
export function toQuery(fields: Record<string, unknown>): Query {
  const query: Query = {};
  for (const [key, value] of Object.entries(fields)) query[key] = isQueryValue(value) ? value : JSON.stringify(value);
  return query;
}

const isQueryValue = (value: unknown): value is Query[string] =>
  value === null || value === undefined || ['string', 'number', 'boolean'].includes(typeof value);
