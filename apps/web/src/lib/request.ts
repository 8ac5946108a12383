import { accountsApi, resolveCall, type Route, type RouteInput, type RouteOutput } from '@antique/shared/routes';
import { acceptLanguage, i18n } from './i18n';
import { useClockStore } from './clock.store';
import { createLoadingCounter, type LoadingCounter } from './loading-counter';
import {
  ERR_CODE_ABORT,
  ERR_CODE_NO_RESPONSE,
  ERR_CODE_TIMEOUT,
  RequestError,
  type RequestErrorInit,
} from './request-error';
import { hideLoadingToast, showLoadingToast } from './toast';
import { clearToken, getToken } from './token-storage';

/** Where the members' API lives, as its declarations say (every member endpoint shares it). */
export const API_BASE = accountsApi.info.base;
/** The specification's network timeout for every call. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const SERVER_TIME_HEADER = 'X-Server-Time';

export type RequestMethod = 'GET' | 'OPTIONS' | 'HEAD' | 'POST' | 'PUT' | 'DELETE' | 'TRACE' | 'CONNECT' | 'PATCH';
export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: RequestMethod;
  /** Query for GET (and HEAD), JSON body for the rest. */
  data?: unknown;
  /** Show the loading toast: on by default for everything but GET. */
  loading?: boolean;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeout?: number;
}

interface Envelope {
  code: number;
  msg?: unknown;
  data?: unknown;
}

let loadingCounter: LoadingCounter = createLoadingCounter({ show: () => showLoadingToast(), hide: hideLoadingToast });
let onSessionEnded: () => void = () => undefined;

/** The auth layer decides where a member goes when the server ends the session (code 301/302). */
export function setSessionEndedHandler(handler: () => void): void {
  onSessionEnded = handler;
}

/** For tests and for a host that shows progress its own way. */
export function setLoadingCounter(counter: LoadingCounter): void {
  loadingCounter = counter;
}

function buildQuery(data: unknown): string {
  if (typeof data !== 'object' || data === null) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(data as Record<string, QueryValue>)) {
    if (value === undefined || value === null) continue;
    params.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

function isEnvelope(body: unknown): body is Envelope {
  return typeof body === 'object' && body !== null && typeof (body as Envelope).code === 'number';
}

function fail(init: RequestErrorInit): never {
  throw new RequestError(init);
}

function readServerTime(response: Response): void {
  const value = Number(response.headers.get(SERVER_TIME_HEADER));
  if (Number.isFinite(value) && value > 0) useClockStore.getState().syncServerTime(value);
}

async function readEnvelope(response: Response): Promise<Envelope> {
  const failed = () =>
    fail({ kind: 'empty', code: ERR_CODE_NO_RESPONSE, msg: i18n.t('errors.failed'), httpStatus: response.status });
  const text = await response.text();
  if (!text.trim()) failed();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    failed();
  }
  return isEnvelope(body) ? body : failed();
}

/**
 * The transport under every call: it resolves with `data` of a code-200 envelope and
 * otherwise throws a RequestError; it never shows anything itself.
 */
async function send<T>(address: string, options: RequestOptions): Promise<T> {
  const method = options.method ?? 'GET';
  const withQuery = method === 'GET' || method === 'HEAD';
  const showLoading = options.loading ?? method !== 'GET';
  const url = `${address}${withQuery ? buildQuery(options.data) : ''}`;

  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': acceptLanguage() };
  if (!withQuery) headers['Content-Type'] = 'application/json';
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  Object.assign(headers, options.headers);

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeout ?? REQUEST_TIMEOUT_MS);
  const abortFromCaller = () => controller.abort();
  if (options.signal?.aborted) controller.abort();
  options.signal?.addEventListener('abort', abortFromCaller);

  if (showLoading) loadingCounter.start();
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers,
        // Non-GET calls always carry JSON: an empty object when there is nothing to send.
        body: withQuery ? undefined : JSON.stringify(options.data ?? {}),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) fail({ kind: 'timeout', code: ERR_CODE_TIMEOUT, msg: i18n.t('errors.timeout') });
      if (controller.signal.aborted) fail({ kind: 'abort', code: ERR_CODE_ABORT, msg: i18n.t('errors.aborted') });
      const message = error instanceof Error ? error.message : '';
      fail({ kind: 'network', code: ERR_CODE_NO_RESPONSE, msg: message || i18n.t('errors.failed') });
    }

    readServerTime(response);
    let envelope: Envelope;
    try {
      envelope = await readEnvelope(response);
    } catch (error) {
      if (timedOut) fail({ kind: 'timeout', code: ERR_CODE_TIMEOUT, msg: i18n.t('errors.timeout') });
      if (controller.signal.aborted) fail({ kind: 'abort', code: ERR_CODE_ABORT, msg: i18n.t('errors.aborted') });
      throw error;
    }

    const msg = typeof envelope.msg === 'string' ? envelope.msg : '';
    if (envelope.code === 301 || envelope.code === 302) {
      clearToken();
      onSessionEnded();
      fail({
        kind: 'session',
        code: envelope.code,
        msg: msg || i18n.t('errors.busy'),
        httpStatus: response.status,
        data: envelope.data,
      });
    }
    if (envelope.code !== 200) {
      fail({
        kind: 'server',
        code: envelope.code,
        msg: msg || i18n.t('errors.busy'),
        httpStatus: response.status,
        data: envelope.data,
      });
    }
    return envelope.data as T;
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
    if (showLoading) loadingCounter.finish();
  }
}

/** A path under the members' API, as the transport sees it; features call through `call`. */
export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return send<T>(`${API_BASE}${path}`, options);
}

export type CallOptions = Omit<RequestOptions, 'method' | 'data'>;

/**
 * The one way the member app calls the API: through an endpoint declared in the shared
 * contract. Path parameters come out of `input`, the rest goes as the query (GET) or the
 * JSON body; the answer is typed by the declaration's output schema.
 */
export function call<R extends Route>(
  route: R,
  input: RouteInput<R>,
  options: CallOptions = {},
): Promise<RouteOutput<R>> {
  const { url, rest } = resolveCall(route, input);
  return send<RouteOutput<R>>(url, { ...options, method: route.method, data: rest });
}
