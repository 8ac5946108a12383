import { formatDateTime } from '../../lib/format-time';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * When a piece held by someone's unpaid order comes free if that order is not paid: the time
 * of day when it is today (it usually is: the payment window is minutes), else date and time.
 */
export function releaseTimeText(at: number, now: number = Date.now()): string {
  const date = new Date(at);
  const today = new Date(now);
  const sameDay =
    date.getFullYear() === today.getFullYear() &&
    date.getMonth() === today.getMonth() &&
    date.getDate() === today.getDate();
  return sameDay ? `${pad(date.getHours())}:${pad(date.getMinutes())}` : formatDateTime(at);
}
