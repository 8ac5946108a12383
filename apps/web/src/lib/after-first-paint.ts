import { startTransition, useEffect, useState } from 'react';

/**
 * False until the frame after the first paint of what the component shows once `ready` (its data
 * is in; by default at once), then true (set in a transition, so that anything more urgent goes
 * first). What is off the first screen can render then instead of holding back the first
 * screen's paint (its largest picture).
 */
export function useAfterFirstPaint(ready = true): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (!ready) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setAfter(true)), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [ready]);
  return after;
}
