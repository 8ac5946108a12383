import { useEffect, useRef, useState } from 'react';

/**
 * Whether the box is on the screen or within `margin` of it yet (an IntersectionObserver root
 * margin); always, where the browser cannot tell, and from the start when `eager`.
 */
export function useNearScreen<E extends Element = HTMLDivElement>(margin: string, eager = false) {
  const box = useRef<E>(null);
  const [near, setNear] = useState(() => eager || typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = box.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        setNear(true);
        observer.disconnect();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return { box, near };
}
