import { act } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, Outlet } from 'react-router';
import { vi } from 'vitest';
import { LiveNotices } from '../features/auctions/live-notices';
import { renderRouter } from './render-page';

// The live notices' tests: the browser's idle callbacks held until `idle()`, and pages inside
// the app's frame, which holds the live notices as AppLayout does.

let idleCallbacks: IdleRequestCallback[] = [];

/** Holds the idle callbacks (the live layer waits for one) until `idle()`; call before each test. */
export function holdIdleCallbacks() {
  idleCallbacks = [];
  vi.stubGlobal(
    'requestIdleCallback',
    vi.fn((run: IdleRequestCallback) => idleCallbacks.push(run)),
  );
  vi.stubGlobal('cancelIdleCallback', vi.fn());
}

/** The browser finds itself idle: the held callbacks run. */
export const idle = () =>
  act(() => idleCallbacks.splice(0).forEach((run) => run({ didTimeout: false, timeRemaining: () => 50 })));

/** Lets pending timers and promises run (20 ms). */
export const flush = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));

/** `pages` inside the app's frame, starting at `entry`; any other path shows 别的页面. */
export function renderInFrame(pages: { path: string; element: ReactElement }[], entry: string) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <LiveNotices />
          </>
        ),
        children: [...pages, { path: '*', element: <p>别的页面</p> }],
      },
    ],
    { initialEntries: [entry] },
  );
  renderRouter(router);
  return router;
}
