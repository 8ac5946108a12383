import { Toast } from 'antd-mobile';
import { i18n } from './i18n';

/** The specification's default toast duration. */
export const TOAST_DURATION_MS = 1500;

// antd-mobile keeps one toast at a time: a message replaces the loading toast, and the
// loading counter must then not close the message when the last call ends.
let loadingShown = false;

export function showToast(content: string, duration = TOAST_DURATION_MS): void {
  loadingShown = false;
  Toast.show({ content, duration, maskClickable: true });
}

export function showSuccessToast(content: string, duration = TOAST_DURATION_MS): void {
  loadingShown = false;
  Toast.show({ content, icon: 'success', duration, maskClickable: true });
}

/** A loading toast lasts until hidden. */
export function showLoadingToast(content = i18n.t('common.loading')): void {
  loadingShown = true;
  Toast.show({ content, icon: 'loading', duration: 0, maskClickable: false });
}

export function hideLoadingToast(): void {
  if (!loadingShown) return;
  loadingShown = false;
  Toast.clear();
}
