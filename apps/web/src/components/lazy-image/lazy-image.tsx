import { PictureOutline } from 'antd-mobile-icons';
import { useState, type CSSProperties } from 'react';
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

/** An image in a fixed-ratio box: loaded lazily, fading in, with a placeholder and a broken-image fallback. */
export function LazyImage({ src, alt, ratio = 1, className, eager, fit = 'cover', testId, onClick }: LazyImageProps) {
  const [state, setState] = useState<'loading' | 'loaded' | 'failed'>(src ? 'loading' : 'failed');
  const [shown, setShown] = useState(src);
  if (shown !== src) {
    setShown(src);
    setState(src ? 'loading' : 'failed');
  }
  const style = { aspectRatio: String(ratio) } as CSSProperties;
  return (
    <div
      className={['lazy-image', `lazy-image-${state}`, className].filter(Boolean).join(' ')}
      style={style}
      data-testid={testId}
      onClick={onClick}
    >
      {state === 'failed' ? (
        <PictureOutline className="lazy-image-fallback" aria-hidden="true" />
      ) : (
        <img
          src={src}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          draggable={false}
          style={{ objectFit: fit }}
          onLoad={() => setState('loaded')}
          onError={() => setState('failed')}
        />
      )}
    </div>
  );
}
