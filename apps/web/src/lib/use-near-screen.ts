import { useEffect, useRef, useState } from 'react';
import { whenTouched } from './when-touched';

/**
 * Whether the box is on the screen or within `margin` of it yet (an IntersectionObserver root
 * margin); always, where the browser cannot tell, and from the start when `eager`. With
 * `onceTouched`, a wider margin that applies from the member's first touch of the page: code
 * fetched a screen ahead of a finger that scrolls, and not for a page nobody moves.
 */
export function useNearScreen<E extends Element = HTMLDivElement>(margin: string, eager = false, onceTouched?: string) {
  const box = useRef<E>(null);
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  const [touched, setTouched] = useState(false);
  useEffect(() => {
    if (near || !onceTouched) return;
    return whenTouched(() => setTouched(true));
  }, [near, onceTouched]);
  const rootMargin = touched && onceTouched ? onceTouched : margin;
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return { box, near };
}
