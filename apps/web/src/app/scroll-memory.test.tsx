import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { routePaths } from '../lib/route-paths';
import { setToken } from '../lib/token-storage';
import { envelopeResponse, stubFetch } from '../test/fetch-stub';
import { AppLayout } from './app-layout';

// jsdom lays nothing out: the window's scroll position is played here, as a browser keeps it.
let scrollY = 0;
const scrollTo = vi.fn((x: number | ScrollToOptions, y?: number) => {
  scrollY = typeof x === 'number' ? (y ?? 0) : (x.top ?? 0);
});

async function scrollBy(to: number) {
  scrollY = to;
  window.dispatchEvent(new Event('scroll'));
  // The position is noted on the next frame.
  await act(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));
}

function renderApp() {
  const router = createMemoryRouter(
    [
      {
        element: <AppLayout />,
        children: [
          { path: routePaths.mall, element: <div data-testid="mall" /> },
          { path: routePaths.product, element: <div data-testid="product" /> },
        ],
      },
    ],
    { initialEntries: [routePaths.mall] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  setToken('member-token');
  stubFetch(() => envelopeResponse({ code: 200, msg: 'ok', data: { id: 1, nickname: 'n', balance: 0, frozen: 0 } }));
  scrollY = 0;
  scrollTo.mockClear();
  vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
  window.scrollTo = scrollTo as typeof window.scrollTo;
});

afterEach(() => {
  queryClient.clear();
  window.scrollTo = () => undefined;
});

describe('the mall keeps its place', () => {
  it('returns to where the member left it when they come back from a product', async () => {
    const router = renderApp();
    await screen.findByTestId('mall');
    await scrollBy(1840);

    await act(() => router.navigate(`${routePaths.product}?id=71`));
    expect(await screen.findByTestId('product')).toBeInTheDocument();
    // A new page starts at the top.
    expect(scrollY).toBe(0);
    await scrollBy(300);

    await act(() => router.navigate(-1));
    expect(await screen.findByTestId('mall')).toBeInTheDocument();
    await waitFor(() => expect(scrollY).toBe(1840));
    expect(scrollTo).toHaveBeenLastCalledWith(0, 1840);

    // Forward again: the product where it was left, too.
    await act(() => router.navigate(1));
    await waitFor(() => expect(scrollY).toBe(300));
  });

  it('opens the mall anew at the top when the member goes to it by a link', async () => {
    const router = renderApp();
    await screen.findByTestId('mall');
    await scrollBy(900);
    await act(() => router.navigate(`${routePaths.product}?id=3`));
    await act(() => router.navigate(routePaths.mall));
    expect(await screen.findByTestId('mall')).toBeInTheDocument();
    expect(scrollY).toBe(0);
  });

  it('keeps its place while it only rewrites its own query (a sort, a category)', async () => {
    const router = renderApp();
    await screen.findByTestId('mall');
    await scrollBy(500);
    scrollTo.mockClear();
    await act(() => router.navigate(`${routePaths.mall}?sort=sales`, { replace: true }));
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
