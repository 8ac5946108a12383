import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** How long a page coming back may take to grow tall enough for its old position. */
export const SCROLL_RESTORE_MS = 1500;
const REMEMBERED = 50;

// Where each history entry was left, by the router's key of the entry.
const positions = new Map<string, number>();

function remember(key: string, y: number): void {
  positions.delete(key);
  positions.set(key, y);
  if (positions.size > REMEMBERED) positions.delete(positions.keys().next().value!);
}

/** Where the entry was left, if anywhere (for tests and the shell). */
export function rememberedScroll(key: string): number | undefined {
  return positions.get(key);
}

/**
 * A new page starts at the top; going back (or forward) to a page returns to where it was
 * left, as a browser does for documents: the mall keeps its place after a product. The page
 * may still be filling from its cache, so the position is retried for a moment, and given up
 * as soon as the member scrolls themselves.
 */
export function useScrollMemory(pageKey: string): void {
  const location = useLocation();
  const type = useNavigationType();
  const current = useRef(location.key);

  useLayoutEffect(() => {
    current.current = location.key;
  }, [location.key]);

  useEffect(() => {
    if ('scrollRestoration' in window.history) window.history.scrollRestoration = 'manual';
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        remember(current.current, window.scrollY);
      });
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);

  useEffect(() => {
    const target = type === 'POP' ? (positions.get(location.key) ?? 0) : 0;
    window.scrollTo(0, target);
    if (target === 0) return;
    let stopped = false;
    const started = Date.now();
    let frame = 0;
    const stop = () => {
      stopped = true;
      cancelAnimationFrame(frame);
    };
    const retry = () => {
      if (stopped) return;
      if (Math.abs(window.scrollY - target) <= 1 || Date.now() - started > SCROLL_RESTORE_MS) return;
      window.scrollTo(0, target);
      frame = requestAnimationFrame(retry);
    };
    frame = requestAnimationFrame(retry);
    const userScroll = ['wheel', 'touchstart', 'keydown'] as const;
    for (const kind of userScroll) window.addEventListener(kind, stop, { passive: true, once: true });
    return () => {
      stop();
      for (const kind of userScroll) window.removeEventListener(kind, stop);
    };
    // Once per page: an in-page change of the query keeps the place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pageKey]);
}
