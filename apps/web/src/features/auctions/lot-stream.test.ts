import type { LotPrice, MemberNotice } from '@antique/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSseParser, openLotStream, type StreamEvent } from './lot-stream';
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
