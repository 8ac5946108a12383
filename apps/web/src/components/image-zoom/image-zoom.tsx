import type ImageViewerComponent from 'antd-mobile/es/components/image-viewer';
import { useEffect, useState } from 'react';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';
import { useSlideIn } from '../sheet/use-slide-in';
import './image-zoom.css';

type Viewer = typeof ImageViewerComponent;

let viewer: Viewer | undefined;
let loading: Promise<Viewer> | undefined;

/** antd-mobile's image viewer (with its spring and pinch gesture code): loaded on the first zoom. */
export function loadImageViewer(): Promise<Viewer> {
  loading ??= import('antd-mobile/es/components/image-viewer').then(
    (module) => (viewer = module.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

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
  const { t } = useTranslation();
  const [Loaded, setLoaded] = useState<Viewer | undefined>(() => viewer);
  useEffect(() => {
    if (!open || Loaded) return;
    let current = true;
    loadImageViewer().then(
      (component) => current && setLoaded(() => component),
      () => current && showToast(t('errors.network')),
    );
    return () => {
      current = false;
    };
  }, [open, Loaded, t]);
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
