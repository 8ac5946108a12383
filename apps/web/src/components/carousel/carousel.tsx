import { Children, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { prefersReducedMotion } from '../../lib/reduced-motion';
import { useLatest } from '../../lib/use-latest';
import './carousel.css';

interface CarouselProps {
  /** What the slides are (轮播图, 藏品图片), for a screen reader. */
  label: string;
  /** One node a slide. */
  children: ReactNode;
  /** Move to the next slide every this many ms (after the last, back to the first); none by default. */
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

/**
 * Slides a member swipes through, on the browser's own scroll snapping: no animation library,
 * nothing to run until a finger or the autoplay moves it. Autoplay waits while a finger is on it
 * and while the page is hidden.
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
  const trackRef = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);
  const indexRef = useRef(0);
  const touching = useRef(false);
  const onIndexChangeRef = useLatest(onIndexChange);

  const settleIndex = useCallback(() => {
    const track = trackRef.current;
    if (!track || track.clientWidth === 0) return;
    const next = Math.min(count - 1, Math.max(0, Math.round(track.scrollLeft / track.clientWidth)));
    if (next === indexRef.current) return;
    indexRef.current = next;
    setIndex(next);
    onIndexChangeRef.current?.(next);
  }, [count, onIndexChangeRef]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        settleIndex();
      });
    };
    track.addEventListener('scroll', onScroll, { passive: true });
    track.addEventListener('scrollend', settleIndex);
    return () => {
      track.removeEventListener('scroll', onScroll);
      track.removeEventListener('scrollend', settleIndex);
      cancelAnimationFrame(frame);
    };
  }, [settleIndex]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track || !autoplay || count < 2) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frame = 0;
    const move = (to: number) => {
      const from = track.scrollLeft;
      const target = to * track.clientWidth;
      if (prefersReducedMotion() || duration <= 0) {
        track.scrollLeft = target;
        return;
      }
      // Snapping would pull each step back to the slide it left: off while the slide moves.
      track.style.scrollSnapType = 'none';
      const start = performance.now();
      const step = (now: number) => {
        const t = Math.min(1, (now - start) / duration);
        track.scrollLeft = from + (target - from) * easeInOut(t);
        if (t < 1 && !touching.current) frame = requestAnimationFrame(step);
        else {
          frame = 0;
          track.style.scrollSnapType = '';
        }
      };
      frame = requestAnimationFrame(step);
    };
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (!touching.current && document.visibilityState === 'visible' && !frame) {
          move((indexRef.current + 1) % count);
        }
        schedule();
      }, autoplay);
    };
    const hold = () => {
      touching.current = true;
    };
    const letGo = () => {
      if (!touching.current) return;
      touching.current = false;
      schedule(); // A full interval after the finger leaves.
    };
    // A finger through touch events: its pointer is cancelled as soon as the page pans, finger still down.
    const onPointer = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      if (event.type === 'pointerdown') hold();
      else letGo();
    };
    const pointerEvents = ['pointerdown', 'pointerup', 'pointercancel', 'pointerleave'] as const;
    track.addEventListener('touchstart', hold, { passive: true });
    track.addEventListener('touchend', letGo);
    track.addEventListener('touchcancel', letGo);
    for (const type of pointerEvents) track.addEventListener(type, onPointer);
    schedule();
    return () => {
      clearTimeout(timer);
      cancelAnimationFrame(frame);
      track.style.scrollSnapType = '';
      track.removeEventListener('touchstart', hold);
      track.removeEventListener('touchend', letGo);
      track.removeEventListener('touchcancel', letGo);
      for (const type of pointerEvents) track.removeEventListener(type, onPointer);
    };
  }, [autoplay, count, duration]);

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
