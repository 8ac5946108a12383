import { auctionsApi } from '@antique/shared/routes';
import type { LotPrice, MemberNotice } from '@antique/shared';
import { useClockStore } from '../../lib/clock.store';
import { acceptLanguage } from '../../lib/i18n';
import { getToken } from '../../lib/token-storage';

export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * A Server-Sent Events parser fed with text as it arrives, in pieces cut anywhere: it calls
 * `onEvent` at each blank line with the event's name (`message` by default) and its data lines
 * joined by newlines. Comments (`:` lines, the server's heartbeats) and events without data
 * are skipped.
 */
export function createSseParser(onEvent: (event: StreamEvent) => void) {
  let buffer = '';
  let name = '';
  let data: string[] = [];
  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: name || 'message', data: data.join('\n') });
      name = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    let value = colon < 0 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') name = value;
    else if (field === 'data') data.push(value);
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      let at: number;
      while ((at = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A lone \r at the very end may be the first half of \r\n: wait for the next piece.
        if (buffer[at] === '\r' && at === buffer.length - 1) break;
        const text = buffer.slice(0, at);
        buffer = buffer.slice(at + (buffer.startsWith('\r\n', at) ? 2 : 1));
        line(text);
      }
    },
  };
}

export interface LotStreamHandlers {
  onLot(price: LotPrice): void;
  onNotice(notice: MemberNotice): void;
  /** Each time the stream is (re)connected: the server then sends every lot's price at once. */
  onOpen?(): void;
}

export interface LotStreamOptions {
  fetchImpl?: typeof fetch;
  /** Milliseconds to wait before reconnect attempt n (from 0). */
  backoff?: (attempt: number) => number;
  /** Without a byte for this long (the server sends a heartbeat every 15 s) the stream is reopened. */
  silenceMs?: number;
}

/**
 * Attempt 0 follows a stream that worked and ended (the server closed it, or said it is
 * shutting down and another instance takes it): back at once, within a quarter second so
 * that its clients do not all return in one instant. Then 2 s, 4 s … up to 30 s, with jitter.
 */
export function reconnectDelay(attempt: number): number {
  if (attempt === 0) return Math.round(Math.random() * 250);
  const base = Math.min(30_000, 1000 * 2 ** attempt);
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

/** How long a stream the member opened elsewhere (a fourth tab or device) waits before taking a place back. */
export const REPLACED_WAIT_MS = 30_000;

/** How one connection ended, for the loop to decide how long to wait. */
interface Outcome {
  /** Events came: the connection worked, and backing off starts over. */
  received: boolean;
  /** The server refused it (429, 503) and said when to come back, in ms. */
  retryAfterMs?: number;
  /** A newer stream of the same member took this one's place. */
  replaced?: boolean;
}

/** `Retry-After` in seconds, else the envelope's `data.retryAfter`; undefined when neither says. */
async function retryAfterOf(response: Response): Promise<number | undefined> {
  const header = Number(response.headers.get('Retry-After'));
  if (Number.isFinite(header) && header > 0) return header * 1000;
  try {
    const body = (await response.json()) as { data?: { retryAfter?: unknown } } | null;
    const seconds = body?.data?.retryAfter;
    return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : undefined;
  } catch {
    return undefined;
  }
}

function parseJson<T>(text: string): T | null {
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

/**
 * Follows the live prices of some lots (none: a member's notices only) and the member's own notices over `fetch`, so that
 * the token travels in the Authorization header and never in a URL; reconnects with backoff
 * until the returned function is called.
 */
export function openLotStream(ids: readonly number[], handlers: LotStreamHandlers, options: LotStreamOptions = {}) {
  const fetchImpl = options.fetchImpl ?? ((input, init) => fetch(input, init));
  const backoff = options.backoff ?? reconnectDelay;
  const silenceMs = options.silenceMs ?? 45_000;
  // Without lots, a signed-in member's stream carries their notices alone.
  const query = ids.length > 0 ? `?ids=${ids.join(',')}` : '';
  const url = `${auctionsApi.stream.base}${auctionsApi.stream.path}${query}`;
  let stopped = false;
  let controller: AbortController | null = null;
  let wake: (() => void) | null = null;

  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  // Resolves once the page is shown (at once when it is), or when the stream is stopped.
  const whenVisible = () =>
    new Promise<void>((resolve) => {
      if (typeof document === 'undefined' || document.visibilityState !== 'hidden') return resolve();
      const shown = () => {
        if (document.visibilityState !== 'hidden') (wake as (() => void) | null)?.();
      };
      wake = () => {
        document.removeEventListener('visibilitychange', shown);
        resolve();
      };
      document.addEventListener('visibilitychange', shown);
    });

  let replaced = false;
  const dispatch = ({ event, data }: StreamEvent) => {
    if (event === 'replaced') {
      replaced = true;
    } else if (event === 'reconnect') {
      // This instance is shutting down: leave now, the next connection reaches another one.
      controller?.abort();
    } else if (event === 'lot') {
      const price = parseJson<LotPrice>(data);
      if (price && typeof price.id === 'number') handlers.onLot(price);
    } else if (event === 'notice') {
      const notice = parseJson<MemberNotice>(data);
      if (notice && typeof notice.kind === 'string') handlers.onNotice(notice);
    }
  };

  const once = async (): Promise<Outcome> => {
    controller = new AbortController();
    replaced = false;
    const headers: Record<string, string> = { Accept: 'text/event-stream', 'Accept-Language': acceptLanguage() };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    let silence: ReturnType<typeof setTimeout> | undefined;
    const current = controller;
    const watch = () => {
      clearTimeout(silence);
      silence = setTimeout(() => current.abort(), silenceMs);
    };
    let received = false;
    try {
      watch();
      // Low priority: a long-lived stream is never what a page waits for, and must not hold back its pictures.
      const response = await fetchImpl(url, { headers, signal: current.signal, cache: 'no-store', priority: 'low' });
      const serverTime = Number(response.headers.get('X-Server-Time'));
      if (Number.isFinite(serverTime) && serverTime > 0) useClockStore.getState().syncServerTime(serverTime);
      if (response.status === 429 || response.status === 503) {
        const retryAfterMs = await retryAfterOf(response);
        return { received: false, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) };
      }
      if (!response.ok || !response.body) return { received: false };
      handlers.onOpen?.();
      const parser = createSseParser((event) => {
        received = true;
        dispatch(event);
      });
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        watch();
        parser.push(decoder.decode(value, { stream: true }));
      }
    } catch {
      // A dropped connection, a silence or a stop: the loop decides whether to come back.
    } finally {
      clearTimeout(silence);
    }
    return { received, replaced };
  };

  void (async () => {
    let attempt = 0;
    while (!stopped) {
      const outcome = await once();
      if (stopped) break;
      // A refused or replaced stream keeps backing off: coming straight back would only be refused or
      // take the place of the member's other screen in turn.
      attempt = outcome.received && !outcome.replaced ? 0 : attempt + 1;
      let wait = backoff(attempt);
      // The server's word is a floor, spread by up to a fifth so that refused clients do not all return together.
      if (outcome.retryAfterMs !== undefined) wait = Math.max(wait, outcome.retryAfterMs * (1 + Math.random() * 0.2));
      if (outcome.replaced) wait = Math.max(wait, REPLACED_WAIT_MS);
      await sleep(wait);
      // A replaced stream comes back only to a page someone looks at.
      if (outcome.replaced && !stopped) await whenVisible();
    }
  })();

  return () => {
    stopped = true;
    controller?.abort();
    (wake as (() => void) | null)?.();
  };
}
