const pad = (value: number) => String(value).padStart(2, '0');

/** 2024-05-01 09:30, in the device's time zone. */
export function formatDateTime(ms: number): string {
  const date = new Date(ms);
  return `${formatDate(ms)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 2024-05-01, in the device's time zone. */
export function formatDate(ms: number): string {
  const date = new Date(ms);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A countdown: 14:59, or 1:02:03 past an hour; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}
