import { useSyncExternalStore } from 'react';
import { i18n } from './i18n';
import type { TFunction } from './translator';

const subscribe = (onChange: () => void) => i18n.subscribe(onChange);
const currentT = () => i18n.t;

/** The texts in the current language; the component renders again when the language changes. */
export function useTranslation(): { t: TFunction; i18n: typeof i18n } {
  const t = useSyncExternalStore(subscribe, currentT, currentT);
  return { t, i18n };
}
