import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { loadPopup } from '../components/sheet/sheet';
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

// As on a phone once the member has touched the page, the bottom sheets' code (lazySheet's too) is in before anyone taps: a sheet a
// test opens shows within its wait even on a loaded machine (the first import of antd-mobile's
// Popup, with its spring and gesture libraries, takes seconds to transform there).
beforeAll(async () => {
  await Promise.all([
    loadPopup(),
    import('../components/password-popup/password-popup-sheet'),
    import('../features/share/share-lot-sheets'),
  ]);
}, 30_000);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// React's scheduler runs its work in a Node `setImmediate`. Work still queued when a file's last
// test ends (a state set by a request that answered late) would run after jsdom is torn down and
// fail on `window is not defined`; it runs here instead, while the page still exists.
afterAll(async () => {
  cleanup();
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
});
