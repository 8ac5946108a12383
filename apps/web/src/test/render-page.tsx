import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { bindNavigator } from '../lib/navigation';
import { queryClient } from '../lib/query-client';

/** Renders one page at `entry` in a memory router, with the app's query client and navigation. */
export function renderPage(element: ReactElement, entry: string) {
  const path = entry.split('?')[0] ?? entry;
  const router = createMemoryRouter(
    [
      { path, element },
      { path: '*', element: <div data-testid="elsewhere" /> },
    ],
    { initialEntries: [entry] },
  );
  return { ...renderRouter(router), router };
}

/** Renders a memory router with the app's query client, the app's navigation bound to it. */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  bindNavigator({
    navigate: (to, options) => (typeof to === 'number' ? router.navigate(to) : router.navigate(to, options)),
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
