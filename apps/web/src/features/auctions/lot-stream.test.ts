import type { LotPrice, MemberNotice } from '@antique/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSseParser, openLotStream, reconnectDelay, REPLACED_WAIT_MS, type StreamEvent } from './lot-stream';
import { setToken, clearToken } from '../../lib/token-storage';

const price: LotPrice = {
  id: 3,
  currentPrice: 120_000,
  nextMinimum: 125_000,
  bidCount: 4,
  endsAt: 1_760_000_000_000,
  status: 'live',
  reserveMet: true,
};

function parse(chunks: string[]): StreamEvent[] {
  const events: StreamEvent[] = [];
  const parser = createSseParser((event) => events.push(event));
  for (const chunk of chunks) parser.push(chunk);
  return events;
}

describe('the event-stream parser', () => {
  it('reads named events and skips heartbeats', () => {
    expect(
      parse([
        ': heartbeat\n\n',
        `event: lot\ndata: ${JSON.stringify(price)}\n\n`,
        ':\n\nevent: notice\ndata: {"a":1}\n\n',
      ]),
    ).toEqual([
      { event: 'lot', data: JSON.stringify(price) },
      { event: 'notice', data: '{"a":1}' },
    ]);
  });

  it('puts together an event cut anywhere, with CRLF and several data lines', () => {
    const text = 'event: lot\r\ndata: {"id":\r\ndata: 1}\r\n\r\ndata: plain\n\n';
    const pieces = [text.slice(0, 7), text.slice(7, 12), text.slice(12, 26), text.slice(26, 27), text.slice(27)];
    expect(parse(pieces)).toEqual([
      { event: 'lot', data: '{"id":\n1}' },
      { event: 'message', data: 'plain' },
    ]);
  });

  it('sends nothing for an event without data or before its blank line', () => {
    expect(parse(['event: lot\n\n', 'event: lot\ndata: x'])).toEqual([]);
  });
});

function streamResponse(chunks: string[], keepOpen = false): Response {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      if (!keepOpen) controller.close();
    },
  });
  return new Response(body, {
    status: 200,
    headers: { 'Content-Type': 'text/event-stream', 'X-Server-Time': '1760000000000' },
  });
}

afterEach(() => clearToken());

describe('following lots live', () => {
  it('sends the token in the header, hands over prices and notices, and reconnects after a drop', async () => {
    setToken('secret-token');
    const notice: MemberNotice = { kind: 'outbid', lotId: 3, title: '清乾隆 青花梅瓶', at: 1 };
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(streamResponse([`event: lot\ndata: ${JSON.stringify(price)}\n\n`]))
      .mockRejectedValueOnce(new TypeError('network down'))
      .mockResolvedValueOnce(
        streamResponse([`event: notice\ndata: ${JSON.stringify(notice)}\n\n`, 'event: lot\ndata: not json\n\n'], true),
      );
    const lots: LotPrice[] = [];
    const notices: MemberNotice[] = [];
    const delays: number[] = [];
    const stop = openLotStream(
      [3, 5],
      { onLot: (p) => lots.push(p), onNotice: (n) => notices.push(n) },
      {
        fetchImpl,
        backoff: (attempt) => {
          delays.push(attempt);
          return 1;
        },
      },
    );
    await vi.waitFor(() => expect(notices).toEqual([notice]));
    stop();
    expect(lots).toEqual([price]);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
    const [url, init] = fetchImpl.mock.calls[0]!;
    expect(url).toBe('/v1/iyd/auction/stream?ids=3,5');
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer secret-token');
    expect(String(url)).not.toContain('secret-token');
    // A stream is never what the page waits for: it goes at low priority.
    expect(init?.priority).toBe('low');
    // Events came, so the first retry starts over; a failed attempt backs off further.
    expect(delays).toEqual([0, 1]);
  });

  it('stops for good when asked, without another attempt', async () => {
    const fetchImpl = vi.fn<typeof fetch>().mockResolvedValue(streamResponse([], true));
    const stop = openLotStream(
      [1],
      { onLot: () => undefined, onNotice: () => undefined },
      { fetchImpl, backoff: () => 1 },
    );
    await vi.waitFor(() => expect(fetchImpl).toHaveBeenCalledTimes(1));
    stop();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });
});

describe('an instance shutting down', () => {
  it('leaves at once on the server’s `reconnect` event, though the server has not closed the stream, and comes straight back', async () => {
    const signals: AbortSignal[] = [];
    const fetchImpl = vi.fn<typeof fetch>(async (_url, init) => {
      signals.push(init!.signal!);
      const n = signals.length;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          const lot = { ...price, currentPrice: price.currentPrice + n };
          controller.enqueue(encoder.encode(`event: lot\ndata: ${JSON.stringify(lot)}\n\n`));
          if (n === 1) controller.enqueue(encoder.encode('event: reconnect\ndata: {"reason":"SHUTTING_DOWN"}\n\n'));
          init!.signal!.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
        },
      });
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    });
    const lots: number[] = [];
    const started = Date.now();
    const stop = openLotStream(
      [3],
      { onLot: (p) => lots.push(p.currentPrice), onNotice: () => undefined },
      { fetchImpl },
    );
    await vi.waitFor(() => expect(lots).toEqual([120_001, 120_002]), { timeout: 2_000 });
    // The default schedule: within a quarter second, not the 1–2 s of a failed attempt.
    expect(Date.now() - started).toBeLessThan(900);
    expect(signals[0]!.aborted).toBe(true);
    stop();
  });

  it('comes back within a quarter second after a stream that worked, then backs off from 2 s', () => {
    for (let i = 0; i < 50; i++) {
      expect(reconnectDelay(0)).toBeLessThanOrEqual(250);
      expect(reconnectDelay(1)).toBeGreaterThanOrEqual(1_600);
    }
  });
});

describe('coming back when refused or replaced', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('waits the Retry-After of a 503 or a 429, then 30 s and a visible page after being replaced, instead of hammering', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const envelope = (code: number, reason: string, retryAfter: number) =>
      JSON.stringify({ code, msg: '', data: { reason, retryAfter } });
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(
        new Response(envelope(503, 'STREAMS_FULL', 20), { status: 503, headers: { 'Retry-After': '20' } }),
      )
      .mockResolvedValueOnce(new Response(envelope(429, 'RATE_LIMITED', 7), { status: 429 }))
      .mockResolvedValueOnce(
        streamResponse([
          `event: lot\ndata: ${JSON.stringify(price)}\n\n`,
          'event: replaced\ndata: {"reason":"STREAM_REPLACED"}\n\n',
        ]),
      )
      .mockResolvedValue(streamResponse([], true));
    const lots: LotPrice[] = [];
    const stop = openLotStream(
      [3],
      { onLot: (p) => lots.push(p), onNotice: () => undefined },
      {
        fetchImpl,
        backoff: () => 1,
      },
    );
    const calls = () => fetchImpl.mock.calls.length;
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(1);
    // Refused as full: not before the 20 s it was told.
    await vi.advanceTimersByTimeAsync(19_990);
    expect(calls()).toBe(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(calls()).toBe(2);
    // Too many from this address: data.retryAfter (7 s) without the header.
    await vi.advanceTimersByTimeAsync(6_970);
    expect(calls()).toBe(2);
    await vi.advanceTimersByTimeAsync(30);
    expect(calls()).toBe(3);
    expect(lots).toEqual([price]);

    // Replaced by the member's newer stream while the page is hidden: back only after 30 s and once it is shown.
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await vi.advanceTimersByTimeAsync(REPLACED_WAIT_MS + 60_000);
    expect(calls()).toBe(3);
    visibility.mockReturnValue('visible');
    document.dispatchEvent(new Event('visibilitychange'));
    await vi.advanceTimersByTimeAsync(0);
    expect(calls()).toBe(4);
    stop();
  });

  it('a replaced stream on a visible page comes back after 30 s, not at once', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const fetchImpl = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(streamResponse(['event: replaced\ndata: {}\n\n']))
      .mockResolvedValue(streamResponse([], true));
    const stop = openLotStream(
      [3],
      { onLot: () => undefined, onNotice: () => undefined },
      {
        fetchImpl,
        backoff: () => 1,
      },
    );
    await vi.advanceTimersByTimeAsync(REPLACED_WAIT_MS - 10);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(20);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    stop();
  });
});
