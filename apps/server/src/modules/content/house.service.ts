import type { House, HouseFigures } from '@antique/shared';
import type { Clock } from '../../lib/clock.js';
import type { SettingsService } from '../settings/settings.service.js';
import { chinaTime } from '../../lib/china-day.js';

/** The start of the last 12 months: the same moment a year before (29 February → 1 March). */
export function twelveMonthsBefore(now: number): number {
  const d = new Date(now);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d.getTime();
}

/** Whole years since the founding year, by the calendar year in China (never below 0). */
export function yearsSince(foundedYear: number, now: number): number {
  return Math.max(0, Number(chinaTime(now).slice(0, 4)) - foundedYear);
}

/**
 * 关于本行 (issue 18): the particulars operators keep in the settings, the guarantee's days, and
 * the last 12 months of the house's lots, counted by auctions (`figures`), never here.
 */
export function createHouseService(d: {
  clock: Clock;
  settings: Pick<SettingsService, 'all'>;
  figures: (since: number) => Promise<HouseFigures>;
}) {
  return {
    async house(): Promise<House> {
      const now = d.clock.now();
      const [s, figures] = await Promise.all([d.settings.all(), d.figures(twelveMonthsBefore(now))]);
      return {
        ...s.house,
        years: yearsSince(s.house.foundedYear, now),
        guaranteeDays: s.guaranteeDays,
        figures,
      };
    },
  };
}
export type HouseService = ReturnType<typeof createHouseService>;
