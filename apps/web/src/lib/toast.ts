import type ToastApi from 'antd-mobile/es/components/toast';
import { i18n } from './i18n';

/** The specification's default toast duration. */
export const TOAST_DURATION_MS = 1500;

// antd-mobile's Toast (and its animation library) arrives with the first toast, not with
// the app. Every call goes through the same promise, so they take effect in call order.
let toast: Promise<(use: (api: typeof ToastApi) => void) => void> | undefined;
function withToast(use: (api: typeof ToastApi) => void): void {
  toast ??= Promise.all([import('antd-mobile/es/components/toast'), import('./antd-render')]).then(
    ([module, render]) =>
      (call) =>
        render.asToast(() => call(module.default)),
  );
  void toast.then(
    // a page torn down before the toast's code arrived (a test's jsdom) has nothing to show it on
    (run) => typeof document !== 'undefined' && run(use),
    () => {
      toast = undefined;
    },
  );
}

// antd-mobile keeps one toast at a time: a message replaces the loading toast, and the
// loading counter must then not close the message when the last call ends.
let loadingShown = false;

export function showToast(content: string, duration = TOAST_DURATION_MS): void {
  loadingShown = false;
  withToast((api) => api.show({ content, duration, maskClickable: true }));
}

export function showSuccessToast(content: string, duration = TOAST_DURATION_MS): void {
  loadingShown = false;
  withToast((api) => api.show({ content, icon: 'success', duration, maskClickable: true }));
}

/** A loading toast lasts until hidden. */
export function showLoadingToast(content = i18n.t('common.loading')): void {
  loadingShown = true;
  withToast((api) => api.show({ content, icon: 'loading', duration: 0, maskClickable: false }));
}

export function hideLoadingToast(): void {
  if (!loadingShown) return;
  loadingShown = false;
  withToast((api) => api.clear());
}
