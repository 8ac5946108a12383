import type PopupComponent from 'antd-mobile/es/components/popup';
import type { PopupProps } from 'antd-mobile/es/components/popup';
import { useEffect } from 'react';
import { lazyModule, useLazyModule } from '../../lib/lazy-module';
import { whenTouched } from '../../lib/when-touched';
import { useSlideIn } from './use-slide-in';

/** antd-mobile's Popup, with its spring and drag gesture code. */
const popup = lazyModule<typeof PopupComponent>(() =>
  import('antd-mobile/es/components/popup').then((module) => module.default),
);

/** Loads the Popup now (tests do, as a phone has once the member touched the page). */
export const loadPopup = () => popup.load();

/**
 * The house's bottom sheet: antd-mobile's Popup, whose code (and the spring and gesture
 * libraries under it, about 23 KiB gzip) loads at the member's first touch of the page or when
 * a sheet first opens. Nothing is on the page before the sheet first opens; then it is mounted
 * closed and opened, so that it slides in as a Popup always has.
 */
export function Sheet(props: PopupProps) {
  const visible = props.visible ?? false;
  const Popup = useLazyModule(popup, visible);
  useEffect(() => whenTouched(popup.prefetch), []);
  const shown = useSlideIn(visible, Boolean(Popup));
  if (!shown.mounted || !Popup) return null;
  return <Popup {...props} visible={shown.visible} />;
}
