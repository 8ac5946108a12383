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
    date: new Date(start.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10),
    start,
    end: new Date(start.getTime() + DAY_MS),
  };
}
