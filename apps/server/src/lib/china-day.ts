/*
 * Time in China (UTC+8, no daylight saving), the one place the offset is written: the day
 * daily limits and "today" count from, and the wall-clock time members and finance read
 * (texts, CSV exports, order numbers).
 */
const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3_600_000;

/** Midnight in China (UTC+8) of the day `now` falls in: daily limits and "today" start there. */
export function chinaDayStart(now: number): Date {
  return new Date(Math.floor((now + CHINA_OFFSET_MS) / DAY_MS) * DAY_MS - CHINA_OFFSET_MS);
}

/** The China day `now` falls in, [start, end), and its date as 'YYYY-MM-DD'. */
export function chinaDay(now: number): { date: string; start: Date; end: Date } {
  const start = chinaDayStart(now);
  return {
    date: chinaTime(start.getTime()).slice(0, 10),
    start,
    end: new Date(start.getTime() + DAY_MS),
  };
}

/** '2026-11-22 15:30:05' in China time; `.slice(0, 16)` for the minute, `.slice(0, 10)` for the date. */
export function chinaTime(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().replace('T', ' ').slice(0, 19);
}
