import { ImageViewer, Swiper } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyImage } from '../../components/lazy-image/lazy-image';

/** The lot's pictures as the product page shows a piece's: swipe, count, tap to zoom, Escape to close. */
export function LotGallery({ images, title }: { images: readonly string[]; title: string }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [zoom, setZoom] = useState({ open: false, at: 0 });
  useEffect(() => {
    if (!zoom.open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setZoom((current) => ({ ...current, open: false }));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [zoom.open]);
  if (images.length === 0) return <LazyImage src="" alt={title} ratio={1} className="lot-gallery" />;
  return (
    <div className="lot-gallery" data-testid="lot-gallery">
      <Swiper indicator={false} onIndexChange={setIndex} loop={images.length > 1}>
        {images.map((src, at) => (
          <Swiper.Item key={`${src}-${at}`}>
            <button
              type="button"
              className="lot-gallery-item"
              onClick={() => setZoom({ open: true, at })}
              aria-label={t('product.zoom')}
              data-testid="lot-image"
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
        onClose={() => setZoom((current) => ({ ...current, open: false }))}
      />
      {images.length > 1 && (
        <span className="lot-gallery-count">
          {index + 1}/{images.length}
        </span>
      )}
    </div>
  );
}
