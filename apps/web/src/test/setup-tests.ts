import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { afterAll, afterEach, vi } from 'vitest';
import { changeLocale } from '../lib/i18n';
// As the app does: antd-mobile's imperative Toast and Dialog render through React 19's createRoot.
import '../lib/antd-render';

// findBy… and waitFor wait up to 5 s, not 1 s: on a loaded 2-core machine a page with antd-mobile
// can take longer than a second to show what a test waits for (seen in CI while other work ran).
configure({ asyncUtilTimeout: 5_000 });

// Components read their texts through the app's translator (lib/i18n.ts); it serves them here too,
// in zh-Hans unless a test switches.
await changeLocale('zh-Hans', false);

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.assign(window, { ResizeObserver: ResizeObserverStub });
}

window.scrollTo = () => undefined;

// jsdom has no pointer capture; antd-mobile's popups capture the pointer on a drag.
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
Element.prototype.hasPointerCapture ??= () => false;

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// antd-mobile's Toast lives in a root of its own, outside the tested tree, and closes itself on a
// timer: a file whose last test ends on a toast ("设置成功") would have it render after the test
// environment is gone ("window is not defined" from React's scheduler, an unhandled error of the
// run). Closed here, and given the time to go, before the environment is torn down.
afterAll(async () => {
  Toast.clear();
  for (let i = 0; i < 60 && document.querySelector('.adm-toast-mask'); i++) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 0));
});
