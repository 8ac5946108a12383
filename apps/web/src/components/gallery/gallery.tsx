import { ImageViewer, Swiper } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/use-translation';
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
  useEffect(() => {
    if (!zoom.open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setZoom((current) => ({ ...current, open: false }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoom.open]);
  if (images.length === 0) return <LazyImage src="" alt={title} ratio={1} className="gallery" />;
  return (
    <div className="gallery" data-testid={`${testId}-gallery`}>
      <Swiper indicator={false} onIndexChange={setIndex} loop={images.length > 1}>
        {images.map((src, at) => (
          <Swiper.Item key={`${src}-${at}`}>
            <button
              type="button"
              className="gallery-item"
              onClick={() => setZoom({ open: true, at })}
              aria-label={t('product.zoom')}
              data-testid={`${testId}-image`}
            >
              <LazyImage src={src} alt={title} ratio={1} eager={at === 0} />
            </button>
          </Swiper.Item>
        ))}
      </Swiper>
      <ImageViewer.Multi
        key={zoom.at}
        images={[...images]}
        visible={zoom.open}
        defaultIndex={zoom.at}
        classNames={{ mask: 'gallery-viewer-mask' }}
        onClose={() => setZoom((current) => ({ ...current, open: false }))}
      />
      {images.length > 1 && (
        <span className="gallery-count">
          {index + 1}/{images.length}
        </span>
      )}
    </div>
  );
}
