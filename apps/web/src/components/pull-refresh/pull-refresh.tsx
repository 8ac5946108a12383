import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { prefersReducedMotion } from '../../lib/reduced-motion';
import { useLatest } from '../../lib/use-latest';
import './pull-refresh.css';

/** The specification's pull-to-refresh: a 70 px head that refreshes once pulled past it. */
export const PULL_REFRESH_HEIGHT = 70;
/** How far the head can be pulled at most: the content never follows the finger further. */
export const PULL_REFRESH_RANGE = 150;

/**
 * The specification's states (pulling, reached, aborting, refreshing, restoring), with `idle`
 * (nothing pulled, no text) and `complete` (refreshed: the complete text held a moment at 70 px).
 */
type Phase = 'idle' | 'pulling' | 'reached' | 'aborting' | 'refreshing' | 'complete' | 'restoring';

/** How long the complete text stays before the head folds away. */
const COMPLETE_DELAY = 500;
/** How long the content takes to spring back or to settle at the head's height (pull-refresh.css). */
const SETTLE_MS = 300;
/** How far the finger moves before its direction decides between a pull and anything else. */
const SLOP = 6;

/** The finger's travel, damped like a rubber band (as antd-mobile's was), never past the range. */
function pullOffset(travel: number): number {
  if (travel <= 0) return 0;
  const dimension = PULL_REFRESH_HEIGHT * 5;
  const constant = 0.5;
  const offset = (travel * dimension * constant) / (dimension + constant * travel);
  return Math.min(PULL_REFRESH_RANGE, Math.round(offset));
}

/** Whether the page, or any scrolling box around `from`, is scrolled away from its top. */
function scrolledDown(from: EventTarget | null): boolean {
  const root = document.documentElement;
  for (
    let el = from instanceof Element ? from : null;
    el && el !== root && el !== document.body;
    el = el.parentElement
  ) {
    if (el.scrollTop > 0 && /auto|scroll|overlay/.test(getComputedStyle(el).overflowY)) return true;
  }
  return window.scrollY > 0 || root.scrollTop > 0;
}

/**
 * Pull-to-refresh on plain touch events: when the page is at its top and the finger moves down
 * more than sideways, the content follows it (damped, at most 150 px); let go under 70 px it
 * springs back, at or past 70 it holds there while `onRefresh` runs, says so a moment, and folds
 * away. The touchmove listener that can hold the page still exists only while a pull can start.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh(): Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('idle');
  const rootRef = useRef<HTMLDivElement>(null);
  const headRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const onRefreshRef = useLatest(onRefresh);

  useEffect(() => {
    const root = rootRef.current;
    const head = headRef.current;
    const content = contentRef.current;
    if (!root || !head || !content) return;
    let current: Phase = 'idle';
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The touch that may become a pull: where it started, on what, and whether it is one.
    let touch: { x: number; y: number; target: EventTarget; pull: boolean } | undefined;

    const enter = (next: Phase) => {
      current = next;
      setPhase(next);
    };
    // The content (and the head above it) `offset` px down; `animate`: glide there.
    const place = (offset: number, animate: boolean) => {
      root.classList.toggle('pull-refresh-settling', animate);
      const transform = offset > 0 ? `translate3d(0, ${offset}px, 0)` : '';
      content.style.transform = transform;
      head.style.transform = transform;
    };
    const settle = (offset: number, then: () => void) => {
      place(offset, true);
      clearTimeout(timer);
      timer = setTimeout(then, prefersReducedMotion() ? 0 : SETTLE_MS);
    };
    const foldAway = (phase: 'aborting' | 'restoring') => {
      enter(phase);
      settle(0, () => {
        place(0, false);
        enter('idle');
      });
    };

    const refresh = async () => {
      enter('refreshing');
      settle(PULL_REFRESH_HEIGHT, () => undefined);
      let done = true;
      try {
        await onRefreshRef.current();
      } catch {
        done = false;
      }
      if (!alive) return;
      if (!done) {
        foldAway('aborting');
        return;
      }
      enter('complete');
      clearTimeout(timer);
      timer = setTimeout(() => foldAway('restoring'), COMPLETE_DELAY);
    };

    const release = () => {
      const was = touch;
      touch = undefined;
      if (!was) return;
      was.target.removeEventListener('touchmove', onMove);
      was.target.removeEventListener('touchend', release);
      was.target.removeEventListener('touchcancel', release);
      if (!was.pull) return;
      if (current === 'reached') void refresh();
      else foldAway('aborting');
    };

    function onMove(event: Event) {
      const point = (event as TouchEvent).touches[0];
      if (!touch || !point) return;
      const dx = point.clientX - touch.x;
      const dy = point.clientY - touch.y;
      if (!touch.pull) {
        if (Math.abs(dx) < SLOP && Math.abs(dy) < SLOP) return;
        // Sideways (a carousel), upwards (scrolling) or no longer at the top: not a pull.
        if (dy <= Math.abs(dx) || scrolledDown(touch.target)) {
          release();
          return;
        }
        touch.pull = true;
        enter('pulling');
      }
      if (event.cancelable) event.preventDefault();
      const offset = pullOffset(dy);
      place(offset, false);
      const next = offset >= PULL_REFRESH_HEIGHT ? 'reached' : 'pulling';
      if (next !== current) enter(next);
    }

    const onStart = (event: TouchEvent) => {
      const point = event.touches[0];
      if (current !== 'idle' || touch || event.touches.length !== 1 || !point || !event.target) return;
      if (scrolledDown(event.target)) return;
      touch = { x: point.clientX, y: point.clientY, target: event.target, pull: false };
      // On the touch's own target: its moves and its end reach it even if it leaves the page.
      event.target.addEventListener('touchmove', onMove, { passive: false });
      event.target.addEventListener('touchend', release);
      event.target.addEventListener('touchcancel', release);
    };

    root.addEventListener('touchstart', onStart, { passive: true });
    return () => {
      alive = false;
      clearTimeout(timer);
      root.removeEventListener('touchstart', onStart);
      if (touch) {
        touch.target.removeEventListener('touchmove', onMove);
        touch.target.removeEventListener('touchend', release);
        touch.target.removeEventListener('touchcancel', release);
      }
    };
  }, [onRefreshRef]);

  const text =
    phase === 'pulling' || phase === 'aborting'
      ? t('list.pulling')
      : phase === 'reached'
        ? t('list.canRelease')
        : phase === 'refreshing'
          ? t('list.refreshing')
          : phase === 'complete' || phase === 'restoring'
            ? t('list.complete')
            : '';

  return (
    <div className="pull-refresh" ref={rootRef} data-phase={phase}>
      <div className="pull-refresh-head-window">
        <div className="pull-refresh-head" ref={headRef} aria-live="polite" aria-atomic="true">
          {text}
        </div>
      </div>
      <div className="pull-refresh-content" ref={contentRef}>
        {children}
      </div>
    </div>
  );
}
