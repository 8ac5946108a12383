import type { LotPrice, MemberNotice } from '@antique/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveSubscriber } from '../notices/notices.service.js';
import { createLiveService, type LiveSink } from './live.service.js';

const price = (id: number) => ({ id, currentPrice: 100 * id }) as unknown as LotPrice;

function fakes(prices: (ids: number[]) => Promise<LotPrice[]>) {
  const subscribers = new Set<LiveSubscriber>();
  const notices = {
    subscribe: async (s: LiveSubscriber) => {
      subscribers.add(s);
      return () => void subscribers.delete(s);
    },
  };
  const written: string[] = [];
  const sink: LiveSink = {
    send: (event, data) => void written.push(`${event}:${JSON.stringify(data)}`),
    comment: (text) => void written.push(`:${text}`),
  };
  return { live: createLiveService({ notices, prices, heartbeatMs: 1_000 }), subscribers, written, sink };
}

describe('the live stream', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('refuses a guest with no lots to follow, naming the field', () => {
    const { live } = fakes(async () => []);
    expect(() => live.lotStream(undefined, undefined)).toThrow(
      expect.objectContaining({ reason: 'VALIDATION', extra: { field: 'ids', key: 'invalid.ids' } }),
    );
    expect(() => live.lotStream(7, undefined)).not.toThrow();
  });

  it('subscribes, then sends each listed lot once, then changes, notices and heartbeats until stopped', async () => {
    const { live, subscribers, written, sink } = fakes(async (ids) => ids.map(price));
    const stop = await live.lotStream(7, '3,5,3')(sink);
    expect(written).toEqual([`lot:${JSON.stringify(price(3))}`, `lot:${JSON.stringify(price(5))}`]);
    const [sub] = [...subscribers];
    expect([...sub!.lotIds]).toEqual([3, 5]);
    expect(sub!.memberId).toBe(7);
    sub!.onNotice({ kind: 'outbid', lotId: 3, title: 'x', at: 1 } as MemberNotice);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(written.slice(2)).toEqual([`notice:{"kind":"outbid","lotId":3,"title":"x","at":1}`, ':heartbeat']);
    stop();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(subscribers.size).toBe(0);
    expect(written).toHaveLength(4);
  });

  it('leaves nothing subscribed when the first prices cannot be read', async () => {
    const { live, subscribers, sink } = fakes(async () => {
      throw new Error('database gone');
    });
    await expect(live.lotStream(undefined, '1')(sink)).rejects.toThrow('database gone');
    expect(subscribers.size).toBe(0);
  });
});
