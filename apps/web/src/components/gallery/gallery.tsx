import { useCallback, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
import { Carousel } from '../carousel/carousel';
import { ImageZoom } from '../image-zoom/image-zoom';
import { LazyImage } from '../lazy-image/lazy-image';
import './gallery.css';

interface GalleryProps {
  images: readonly string[];
  /** The piece's title: every picture's alternative text. */
  title: string;
  /** Test ids `<testId>-gallery` and `<testId>-image` (product, lot). */
  testId: string;
}

/** A piece's pictures: swipe, a count, tap to zoom on near-black, Escape to close on a desktop. */
export function Gallery({ images, title, testId }: GalleryProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  // Declarative, so the viewer closes with the page when the member goes back.
  const [zoom, setZoom] = useState({ open: false, at: 0 });
  const close = useCallback(() => setZoom((current) => ({ ...current, open: false })), []);
  if (images.length === 0) return <LazyImage src="" alt={title} ratio={1} className="gallery" />;
  return (
    <div className="gallery" data-testid={`${testId}-gallery`}>
      <Carousel label={t('product.gallery')} onIndexChange={setIndex}>
        {images.map((src, at) => (
          <button
            key={`${src}-${at}`}
            type="button"
            className="gallery-item"
            onClick={() => setZoom({ open: true, at })}
            aria-label={t('product.zoom')}
            data-testid={`${testId}-image`}
          >
            <LazyImage src={src} alt={title} ratio={1} eager={at === 0} />
          </button>
        ))}
      </Carousel>
      <ImageZoom images={images} open={zoom.open} at={zoom.at} onClose={close} />
      {images.length > 1 && (
        <span className="gallery-count" aria-hidden="true">
          {index + 1}/{images.length}
        </span>
      )}
    </div>
  );
}
