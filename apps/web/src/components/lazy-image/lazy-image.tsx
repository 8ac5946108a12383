import { PictureIcon } from '../icons/common-icons';
import { useState, type CSSProperties } from 'react';
import { useNearScreen } from '../../lib/use-near-screen';
import './lazy-image.css';

interface LazyImageProps {
  src: string;
  alt: string;
  /** Width over height; the box keeps it before the image arrives, so nothing below it moves. */
  ratio?: number;
  className?: string;
  /** Above the fold (the first banner): fetched at once. */
  eager?: boolean;
  fit?: 'cover' | 'contain';
  testId?: string;
  onClick?: () => void;
}

// How close to the screen a picture starts loading. The browser's own lazy loading starts
// thousands of pixels ahead on a slow link, so every picture of a page competes with the
// ones on screen; a phone on 4G gets the visible ones first this way.
const NEAR_SCREEN = '200px 0px';

/** An image in a fixed-ratio box: loaded when near the screen, fading in, with a placeholder and a broken-image fallback. */
export function LazyImage({ src, alt, ratio = 1, className, eager, fit = 'cover', testId, onClick }: LazyImageProps) {
  const { box, near } = useNearScreen(NEAR_SCREEN, eager);
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed');
  const [shown, setShown] = useState(src);
  if (shown !== src) {
    setShown(src);
    setState(src ? 'loading' : 'failed');
  }
  const style = { aspectRatio: String(ratio) } as CSSProperties;
  return (
    <div
      ref={box}
      // The shimmer runs only near the screen: far below, a waiting box would repaint every frame for nothing.
      className={[
        'lazy-image',
        `lazy-image-${state === 'loading' && !near ? 'waiting' : state}`,
        eager && 'lazy-image-eager',
        className,
      ]
        .filter(Boolean)
        .join(' ')}
      style={style}
      data-testid={testId}
      onClick={onClick}
    >
      {state === 'failed' ? (
        <PictureIcon className="lazy-image-fallback" />
      ) : (
        near && (
          <img
            src={src}
            alt={alt}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={eager ? 'high' : undefined}
            decoding={eager ? undefined : 'async'}
            draggable={false}
            style={{ objectFit: fit }}
            onLoad={() => setState('loaded')}
            onError={() => setState('failed')}
          />
        )
      )}
    </div>
  );
}
