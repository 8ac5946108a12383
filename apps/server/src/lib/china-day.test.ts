import { describe, expect, it } from 'vitest';
import { chinaDay, chinaDayStart, chinaTime } from './china-day.js';

describe('China time', () => {
  it('writes China time', () => expect(chinaTime(Date.UTC(2026, 10, 22, 16, 30, 5))).toBe('2026-11-23 00:30:05'));

  it('starts the China day at midnight UTC+8, which is 16:00 UTC the day before', () => {
    const lateUtc = Date.UTC(2026, 10, 22, 16, 30);
    expect(chinaDayStart(lateUtc).toISOString()).toBe('2026-11-22T16:00:00.000Z');
    expect(chinaDayStart(lateUtc - 31 * 60_000).toISOString()).toBe('2026-11-21T16:00:00.000Z');
    expect(chinaDay(lateUtc)).toEqual({
      date: '2026-11-23',
      start: new Date('2026-11-22T16:00:00.000Z'),
      end: new Date('2026-11-23T16:00:00.000Z'),
    });
  });
});
