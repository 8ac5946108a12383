import '@testing-library/jest-dom/vitest';
import { act, cleanup, configure } from '@testing-library/react';
// The toast's code is in before a test asks for a toast (lib/toast imports it with the first one,
// and every request shows the loading toast): the toast then shows at once, inside the test that
// asked for it. Imported on demand, it could arrive on a loaded machine after the file's last test.
import Toast from 'antd-mobile/es/components/toast';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
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

// What antd-mobile shows imperatively (a toast, Dialog.confirm) renders into a React root of its
// own (lib/antd-render), which Testing Library's cleanup does not know. A toast went on rendering
// after its test: it shows (late, when its code arrived late), closes 1.5 s later and is unmounted
// a tick after that, each step outside `act`, in React's scheduler (a Node `setImmediate`), whose
// tasks read `window.event`. When a file ended between two of those steps, the next one ran after
// jsdom was torn down: "ReferenceError: window is not defined" after all tests had passed. These
// roots go with the test, inside act, as Testing Library's own do; and once the file's tests are
// over none is rendered any more (a toast asked for after that has no page to show on).
const renderWithApp = unstableSetRender();
const shownImperatively = new Set<() => Promise<void>>();
let fileOver = false;
unstableSetRender((node, container) => {
  if (fileOver) return () => Promise.resolve();
  const unmount = renderWithApp(node, container);
  const takeDown = async () => {
    shownImperatively.delete(takeDown);
    await unmount();
    container.parentNode?.removeChild(container);
  };
  shownImperatively.add(takeDown);
  return takeDown;
});

/** Takes down the toasts and dialogs antd-mobile shows imperatively (lib/antd-render unmounts a tick after). */
async function takeDownImperative() {
  await act(async () => {
    // Forgets the current toast, so that its closing timer finds nothing to close.
    Toast.clear();
    await Promise.all([...shownImperatively].map((takeDown) => takeDown()));
  });
}

afterEach(async () => {
  cleanup();
  // Real timers first: the imperative roots are unmounted after a real tick.
  vi.useRealTimers();
  await takeDownImperative();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// React's scheduler runs its work in a Node `setImmediate`. Work still queued when a file's last
// test ends (the passive effects of a render outside act, such as a state set by a request that
// answered late) would run after jsdom is torn down and fail on `window is not defined`; it runs
// here instead, while the page still exists. After cleanup no root is left to schedule more.
afterAll(async () => {
  fileOver = true;
  cleanup();
  await takeDownImperative();
  for (let i = 0; i < 3; i += 1) await new Promise((resolve) => setImmediate(resolve));
});
