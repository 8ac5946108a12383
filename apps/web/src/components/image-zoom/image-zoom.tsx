import type ImageViewerComponent from 'antd-mobile/es/components/image-viewer';
import { useEffect } from 'react';
import { lazyModule, useLazyModule } from '../../lib/lazy-module';
import { useSlideIn } from '../sheet/use-slide-in';
import './image-zoom.css';

/** antd-mobile's image viewer, with its spring and pinch gesture code. */
const imageViewer = lazyModule<typeof ImageViewerComponent>(() =>
  import('antd-mobile/es/components/image-viewer').then((module) => module.default),
);

interface ImageZoomProps {
  images: readonly string[];
  open: boolean;
  /** The picture it opens on. */
  at: number;
  onClose(): void;
}

/**
 * Pictures zoomed on near-black, swiped and pinched; Escape closes on a desktop. Its code loads the
 * first time a member taps a picture, so that no page pays for it before.
 */
export function ImageZoom({ images, open, at, onClose }: ImageZoomProps) {
  const Loaded = useLazyModule(imageViewer, open);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  const shown = useSlideIn(open, Boolean(Loaded));
  if (!shown.mounted || !Loaded) return null;
  return (
    <Loaded.Multi
      key={`${images[0] ?? ''}-${at}`}
      images={[...images]}
      visible={shown.visible}
      defaultIndex={at}
      classNames={{ mask: 'gallery-viewer-mask' }}
      onClose={onClose}
    />
  );
}
