import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, vi } from 'vitest';
// Components read their texts through react-i18next; the app's instance (zh-Hans) serves them here too.
import '../lib/i18n';

// As in main.tsx: antd-mobile's imperative Toast and Dialog render through React 19's createRoot.
unstableSetRender((node, container) => {
  const host = container as (Element | DocumentFragment) & { _reactRoot?: Root };
  host._reactRoot ??= createRoot(container);
  const root = host._reactRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
  };
});

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

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
