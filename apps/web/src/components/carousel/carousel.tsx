import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { prefersReducedMotion } from '../../lib/reduced-motion';
import { useLatest } from '../../lib/use-latest';
import './carousel.css';

interface CarouselProps {
  /** What the slides are (轮播图, 藏品图片), for a screen reader. */
  label: string;
  /** One node a slide. */
  children: ReactNode;
  /** Move to the next slide every this many ms (after the last, on to the first); none by default. */
  autoplay?: number;
  /** How long an autoplay move takes. */
  duration?: number;
  /** Dots under the slides (with this class), when there is more than one. */
  dotsClassName?: string;
  onIndexChange?(index: number): void;
  className?: string;
  testId?: string;
}

const easeInOut = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** The slides are still once no scroll came for this long (a browser without `scrollend`: Safari). */
const STILL_MS = 150;

/** Why autoplay waits: a finger on the slides, a mouse pressing or over them, keyboard focus in them. */
type Hold = 'finger' | 'press' | 'hover' | 'focus';

/**
 * Slides a member swipes through, on the browser's own scroll snapping: no animation library,
 * nothing to run until a finger or the autoplay moves it. Autoplay waits while a finger is on it,
 * a mouse presses or hovers it, keyboard focus is in it (WCAG 2.2.2) and while the page is hidden.
 * An autoplaying carousel goes on forwards from the last slide to a copy of the first (hidden from
 * screen readers and the keyboard), silently swapped for the first once the slides are still.
 */
export function Carousel({
  label,
  children,
  autoplay,
  duration = 500,
  dotsClassName,
  onIndexChange,
  className,
  testId,
}: CarouselProps) {
  const slides = Children.toArray(children);
  const count = slides.length;
  const loop = Boolean(autoplay) && count > 1;
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  /** A finger on the slides, or the autoplay gliding them: the copy is not swapped under either. */
  const touching = useRef(false);
  const gliding = useRef(false);
  const onIndexChangeRef = useLatest(onIndexChange);

  /** The slide in view; once the slides are `still`, the copy of the first is silently the first. */
  const settleIndex = useCallback(
    (still: boolean) => {
      const track = trackRef.current;
      if (!track || track.clientWidth === 0) return;
      const at = Math.min(loop ? count : count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));
      if (at === count && still && !touching.current && !gliding.current) track.scrollLeft = 0;
      const next = at % count;
      if (next === indexRef.current) return;
      indexRef.current = next;
      setIndex(next);
      onIndexChangeRef.current?.(next);
    },
    [count, loop, onIndexChangeRef],
  );

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    let stillTimer: ReturnType<typeof setTimeout> | undefined;
    const onStill = () => {
      clearTimeout(stillTimer);
      settleIndex(true);
    };
    // Without `scrollend`, the slides are taken as still a moment after the last scroll or the finger's lift.
    const waitForStill = () => {
      clearTimeout(stillTimer);
      stillTimer = setTimeout(onStill, STILL_MS);
    };
    const onScroll = () => {
      if (loop) waitForStill();
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        settleIndex(false);
      });
    };
    const onTouchStart = () => {
      touching.current = true;
    };
    const onTouchEnd = () => {
      touching.current = false;
      if (loop) waitForStill();
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    track.addEventListener('scrollend', onStill);
    track.addEventListener('touchstart', onTouchStart, { passive: true });
    track.addEventListener('touchend', onTouchEnd);
    track.addEventListener('touchcancel', onTouchEnd);
    return () => {
      track.removeEventListener('scroll', onScroll);
      track.removeEventListener('scrollend', onStill);
      track.removeEventListener('touchstart', onTouchStart);
      track.removeEventListener('touchend', onTouchEnd);
      track.removeEventListener('touchcancel', onTouchEnd);
      cancelAnimationFrame(frame);
      clearTimeout(stillTimer);
    };
  }, [loop, settleIndex]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || !autoplay || count < 2) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const held = new Set<Hold>();
    const move = (to: number) => {
      const width = track.clientWidth;
      if (prefersReducedMotion() || duration <= 0) {
        track.scrollLeft = (to % count) * width; // A jump: straight to the first, no copy needed.
        return;
      }
      const from = track.scrollLeft;
      const target = to * width;
      // Snapping would pull each step back to the slide it left: off while the slide moves.
      track.style.scrollSnapType = 'none';
      gliding.current = true;
      const start = performance.now();
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / duration);
        track.scrollLeft = from + (target - from) * easeInOut(t);
        if (t < 1 && !touching.current) frame = requestAnimationFrame(step);
        else {
          frame = 0;
          gliding.current = false;
          track.style.scrollSnapType = '';
          settleIndex(true);
        }
      };
      frame = requestAnimationFrame(step);
    };
    const waiting = () => {
      // Focus gone without a `focusout` (its slide replaced): no longer a reason.
      if (held.has('focus') && !track.contains(document.activeElement)) held.delete('focus');
      return held.size > 0 || document.visibilityState !== 'visible' || frame !== 0;
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!waiting()) {
          settleIndex(true); // Still on the copy of the first (no `scrollend` yet): from the first.
          move(indexRef.current + 1);
        }
        schedule();
      }, autoplay);
    };
    const hold = (reason: Hold) => {
      held.add(reason);
    };
    /** A full interval after the last reason to wait goes, not one (a finger lifted, focus still in) of several. */
    const release = (...reasons: Hold[]) => {
      let changed = false;
      for (const reason of reasons) changed = held.delete(reason) || changed;
      if (changed && held.size === 0) schedule();
    };
    const onTouchStart = () => hold('finger');
    const onTouchEnd = () => release('finger');
    // A finger through touch events: its pointer is cancelled as soon as the page pans, finger still down.
    const onPointer = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      const mouse = event.pointerType === 'mouse';
      if (event.type === 'pointerdown') hold('press');
      else if (event.type === 'pointerenter') {
        if (mouse) hold('hover');
      } else if (event.type === 'pointerleave') release('press', 'hover');
      else release('press');
    };
    const onFocusIn = () => hold('focus');
    // From one slide's button to another's (or to the slides themselves), focus is still in.
    const onFocusOut = (event: FocusEvent) => {
      if (!(event.relatedTarget instanceof Node && track.contains(event.relatedTarget))) release('focus');
    };
    const pointerEvents = ['pointerdown', 'pointerup', 'pointercancel', 'pointerenter', 'pointerleave'] as const;
    track.addEventListener('touchstart', onTouchStart, { passive: true });
    track.addEventListener('touchend', onTouchEnd);
    track.addEventListener('touchcancel', onTouchEnd);
    for (const type of pointerEvents) track.addEventListener(type, onPointer);
    track.addEventListener('focusin', onFocusIn);
    track.addEventListener('focusout', onFocusOut);
    // Focus already in (the slides changed under the keyboard): waits from the start.
    if (track.contains(document.activeElement)) hold('focus');
    schedule();
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      gliding.current = false;
      track.style.scrollSnapType = '';
      track.removeEventListener('touchstart', onTouchStart);
      track.removeEventListener('touchend', onTouchEnd);
      track.removeEventListener('touchcancel', onTouchEnd);
      for (const type of pointerEvents) track.removeEventListener(type, onPointer);
      track.removeEventListener('focusin', onFocusIn);
      track.removeEventListener('focusout', onFocusOut);
    };
  }, [autoplay, count, duration, settleIndex]);

  return (
    <div className={['carousel', className].filter(Boolean).join(' ')} data-testid={testId}>
      <div
        className="carousel-track"
        ref={trackRef}
        role="region"
        aria-roledescription="carousel"
        aria-label={label}
        tabIndex={count > 1 ? 0 : undefined}
      >
        {slides.map((slide, at) => (
          <div
            key={at}
            className="carousel-slide"
            role="group"
            aria-roledescription="slide"
            aria-label={`${at + 1} / ${count}`}
          >
            {slide}
          </div>
        ))}
        {loop && (
          // What the member sees between the last slide and the first: neither read out nor focusable.
          <div key="copy" className="carousel-slide" aria-hidden="true" inert data-carousel-copy="">
            {slides[0]}
          </div>
        )}
      </div>
      {dotsClassName !== undefined && count > 1 && (
        <div className={`carousel-dots ${dotsClassName}`} aria-hidden="true">
          {slides.map((_, at) => (
            <span key={at} className={at === index ? 'carousel-dot carousel-dot-active' : 'carousel-dot'} />
          ))}
        </div>
      )}
    </div>
  );
}
