import type PopupComponent from 'antd-mobile/es/components/popup';
import type { PopupProps } from 'antd-mobile/es/components/popup';
import { useEffect, useState } from 'react';
import { showToast } from '../../lib/toast';
import { useTranslation } from '../../lib/use-translation';
import { whenTouched } from '../../lib/when-touched';
import { useSlideIn } from './use-slide-in';

type Popup = typeof PopupComponent;

let popup: Popup | undefined;
let loading: Promise<Popup> | undefined;

/** antd-mobile's Popup, with its spring and drag gesture code: loaded once, on the first call. */
export function loadPopup(): Promise<Popup> {
  loading ??= import('antd-mobile/es/components/popup').then(
    (module) => (popup = module.default),
    (error: unknown) => {
      loading = undefined; // The next open tries again.
      throw error;
    },
  );
  return loading;
}

/**
 * The house's bottom sheet: antd-mobile's Popup, whose code (and the spring and gesture
 * libraries under it, about 30 KiB gzip) loads at the member's first touch of the page or when
 * a sheet first opens. Nothing is on the page before the sheet first opens; then it is
 * mounted closed and opened, so that it slides in as a Popup always has.
 */
export function Sheet(props: PopupProps) {
  const { t } = useTranslation();
  const [Loaded, setLoaded] = useState<Popup | undefined>(() => popup);
  const visible = props.visible ?? false;

  useEffect(() => whenTouched(() => void loadPopup().catch(() => undefined)), []);
  useEffect(() => {
    if (!visible || Loaded) return;
    let current = true;
    loadPopup().then(
      (component) => current && setLoaded(() => component),
      () => current && showToast(t('errors.network')),
    );
    return () => {
      current = false;
    };
  }, [visible, Loaded, t]);
  const shown = useSlideIn(visible, Boolean(Loaded));

  if (!shown.mounted || !Loaded) return null;
  return <Loaded {...props} visible={shown.visible} />;
}
