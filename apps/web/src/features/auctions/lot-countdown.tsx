import type { Lot } from '@antique/shared';
import { useTranslation } from '../../lib/use-translation';
import { useShallow } from 'zustand/react/shallow';
import { useClockStore } from '../../lib/clock.store';
import { formatDateTime } from '../../lib/format-time';

export type ShownLotStatus = 'upcoming' | 'live' | 'ended' | 'sold' | 'unsold' | 'withdrawn';

/**
 * What a lot is at `now` by the server's clock: a live lot past its end reads as ended at
 * once, before the close job has settled it (the server decides, the app only shows).
 */
export function shownLotStatus(lot: Pick<Lot, 'status' | 'startsAt' | 'endsAt'>, now: number): ShownLotStatus {
  if (lot.status === 'sold' || lot.status === 'unsold' || lot.status === 'ended' || lot.status === 'withdrawn')
    return lot.status;
  if (now >= lot.endsAt) return 'ended';
  if (now < lot.startsAt) return 'upcoming';
  return 'live';
}

const pad = (value: number) => String(value).padStart(2, '0');

/** 2天 03:04:05, 03:04:05 or 04:05 (the day word from the locale); never negative. */
export function formatLotCountdown(ms: number, dayWord: (days: number) => string): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const clock =
    hours > 0 || days > 0
      ? `${pad(hours)}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`
      : `${pad(Math.floor(total / 60))}:${pad(total % 60)}`;
  return days > 0 ? `${dayWord(days)} ${clock}` : clock;
}

/** Within this of its end (or start) a countdown shows seconds; further away, minutes or hours. */
export const FINE_COUNTDOWN_MS = 3_600_000;

interface UnitFormat {
  unit(unit: 'day' | 'hour' | 'minute', value: number): string;
  list: Pick<Intl.ListFormat, 'format'>;
}
const unitFormats = new Map<string, UnitFormat>();

// Simplified Chinese without Intl, as Intl writes it (the tests compare the two): a page's
// first use of Intl costs 40–80 ms while the browser loads its locale data.
const zhHansWords = { day: '天', hour: '小时', minute: '分钟' } as const;
unitFormats.set('zh-Hans', {
  unit: (unit, value) => `${value}${zhHansWords[unit]}`,
  list: { format: (parts) => [...parts].join('') },
});

function unitFormat(locale: string): UnitFormat {
  let format = unitFormats.get(locale);
  if (!format) {
    const units = new Map<string, Intl.NumberFormat>();
    format = {
      unit(unit, value) {
        let number = units.get(unit);
        if (!number) {
          number = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' });
          units.set(unit, number);
        }
        return number.format(value);
      },
      list: new Intl.ListFormat(locale, { type: 'unit', style: 'narrow' }),
    };
    unitFormats.set(locale, format);
  }
  return format;
}

/**
 * A countdown far from its moment, in the locale's words: 2天3小时 (a day or more: days and
 * hours) or 3小时4分钟 (minutes rounded up, as the seconds clock rounds seconds up). It changes
 * once a minute at most, so a card need not repaint every second.
 */
export function formatLotCountdownCoarse(ms: number, locale: string): string {
  const minutes = Math.max(0, Math.ceil(ms / 60_000));
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const { unit, list } = unitFormat(locale);
  const parts =
    days > 0
      ? [unit('day', days), ...(hours > 0 ? [unit('hour', hours)] : [])]
      : [
          ...(hours > 0 ? [unit('hour', hours)] : []),
          ...(minutes % 60 > 0 || hours === 0 ? [unit('minute', minutes % 60)] : []),
        ];
  return list.format(parts);
}

/** The countdown's time: to the minute while more than an hour is left (when `coarse`), to the second after. */
export function lotCountdownTime(
  ms: number,
  coarse: boolean,
  locale: string,
  dayWord: (days: number) => string,
): string {
  return coarse && ms > FINE_COUNTDOWN_MS ? formatLotCountdownCoarse(ms, locale) : formatLotCountdown(ms, dayWord);
}

/**
 * The lot's status right now by the app's server-time clock. The clock ticks every second;
 * the component renders again only when the status changes.
 */
export function useShownLotStatus(lot: Pick<Lot, 'status' | 'startsAt' | 'endsAt'>): ShownLotStatus {
  return useClockStore((state) => shownLotStatus(lot, state.now));
}

/** Within this of its end a live lot's countdown turns red. */
export const SOON_MS = 120_000;

interface CountdownView {
  status: ShownLotStatus;
  /** The time part of the text (or the closing time once closed). */
  time: string;
  soon: boolean;
}

/**
 * "距结束 04:05" while live (following soft close: `endsAt` moves with the stream), "距开拍 …"
 * before, when it closed after. `coarse` (cards in lists): minutes or hours while more than an
 * hour is left, seconds in the last hour; the component renders only when its text changes,
 * all of them from the app's one clock.
 */
export function LotCountdown({
  lot,
  className,
  testId,
  coarse = false,
}: {
  lot: Pick<Lot, 'status' | 'startsAt' | 'endsAt'>;
  className?: string;
  testId?: string;
  coarse?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const dayWord = (days: number) => t('auction.days', { count: days });
  const view = useClockStore(
    useShallow((state): CountdownView => {
      const now = state.now;
      const status = shownLotStatus(lot, now);
      if (status === 'upcoming')
        return { status, time: lotCountdownTime(lot.startsAt - now, coarse, i18n.language, dayWord), soon: false };
      if (status === 'live') {
        const left = lot.endsAt - now;
        return { status, time: lotCountdownTime(left, coarse, i18n.language, dayWord), soon: left <= SOON_MS };
      }
      return { status, time: '', soon: false };
    }),
  );
  const { status, soon } = view;
  let text: string;
  if (status === 'upcoming') text = t('auction.startsIn', { time: view.time });
  else if (status === 'live') text = t('auction.endsIn', { time: view.time });
  else text = t('auction.endedAt', { time: formatDateTime(lot.endsAt) });
  return (
    <span
      className={`lot-countdown lot-countdown-${status}${soon ? ' lot-countdown-soon' : ''}${className ? ` ${className}` : ''}`}
      role="timer"
      data-testid={testId}
      data-status={status}
      data-ends-at={lot.endsAt}
    >
      {text}
    </span>
  );
}
