import type { Lot } from '@antique/shared';
import { useTranslation } from 'react-i18next';
import { useClockStore } from '../../lib/clock.store';
import { formatDateTime } from '../../lib/format-time';

export type ShownLotStatus = 'upcoming' | 'live' | 'ended' | 'sold' | 'unsold';

/**
 * What a lot is at `now` by the server's clock: a live lot past its end reads as ended at
 * once, before the close job has settled it (the server decides, the app only shows).
 */
export function shownLotStatus(lot: Pick<Lot, 'status' | 'startsAt' | 'endsAt'>, now: number): ShownLotStatus {
  if (lot.status === 'sold' || lot.status === 'unsold' || lot.status === 'ended') return lot.status;
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

/** The lot's status right now, ticking with the app's server-time clock. */
export function useShownLotStatus(lot: Pick<Lot, 'status' | 'startsAt' | 'endsAt'>): ShownLotStatus {
  const now = useClockStore((state) => state.now);
  return shownLotStatus(lot, now);
}

/** "距结束 04:05" while live (following soft close: `endsAt` moves with the stream), "距开拍 …" before, when it closed after. */
export function LotCountdown({
  lot,
  className,
  testId,
}: {
  lot: Pick<Lot, 'status' | 'startsAt' | 'endsAt'>;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const now = useClockStore((state) => state.now);
  const status = shownLotStatus(lot, now);
  const dayWord = (days: number) => t('auction.days', { count: days });
  let text: string;
  if (status === 'upcoming') text = t('auction.startsIn', { time: formatLotCountdown(lot.startsAt - now, dayWord) });
  else if (status === 'live') text = t('auction.endsIn', { time: formatLotCountdown(lot.endsAt - now, dayWord) });
  else text = t('auction.endedAt', { time: formatDateTime(lot.endsAt) });
  const soon = status === 'live' && lot.endsAt - now <= 120_000;
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
