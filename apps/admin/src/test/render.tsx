import { type ReactElement, StrictMode } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../lib/query-client';

/**
 * Renders routes (or one element at '/') with the console's real providers, under
 * StrictMode as main.tsx does: effects run, are cleaned up and run again, so a component
 * that only works when mounted once fails here as it would in the browser.
 */
export function renderWithProviders(ui: ReactElement | RouteObject[], initialPath = '/') {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, refetchOnWindowFocus: false } });
  const routes = Array.isArray(ui) ? ui : [{ path: '*', element: ui }];
  const router = createMemoryRouter(routes, { initialEntries: [initialPath] });
  const result = render(
    <StrictMode>
      <Providers queryClient={queryClient}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
  return { ...result, router, queryClient };
}
