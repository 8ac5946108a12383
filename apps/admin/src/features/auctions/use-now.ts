import { useEffect, useState } from 'react';
import { serverNow } from '../../lib/server-clock';

/** The server's clock (as the last answer told it), read again every `everyMs` while `running`. */
export function useNow(everyMs = 1_000, running = true): number {
  const [now, setNow] = useState(() => serverNow());
  useEffect(() => {
    if (!running) return;
    setNow(serverNow());
    const timer = setInterval(() => setNow(serverNow()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs, running]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A span of time as a countdown reads it: `2 天 03:04:05`, `03:04:05`; 0 when past. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const days = Math.floor(total / 86_400);
  const h = Math.floor((total % 86_400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${days > 0 ? `${days} 天 ` : ''}${pad(h)}:${pad(m)}:${pad(s)}`;
}
