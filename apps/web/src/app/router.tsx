import { createHashRouter, type RouteObject } from 'react-router';
import { bindNavigator } from '../lib/navigation';
import { NotFoundPage } from '../pages/not-found/not-found.page';
import { AppLayout, type RouteHandle } from './app-layout';
import { RouteErrorPage } from './page-error';
import { RoutePage } from './route-page';
import { hasPageAt, homeRoute, loadPageAt, pageRoutes } from './routes.config';

/** Every route of the specification, '/' as the home page, and not-found for the rest. */
export function buildRoutes(): RouteObject[] {
  const pages: RouteObject[] = pageRoutes.map((route) => ({
    path: route.path,
    element: <RoutePage route={route} />,
    errorElement: <RouteErrorPage />,
    handle: { route } satisfies RouteHandle,
  }));
  return [
    {
      element: <AppLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          path: '/',
          element: <RoutePage route={homeRoute} />,
          errorElement: <RouteErrorPage />,
          handle: { route: homeRoute } satisfies RouteHandle,
        },
        ...pages,
        { path: '*', element: <NotFoundPage />, handle: {} satisfies RouteHandle },
      ],
    },
  ];
}

export function createAppRouter() {
  const router = createHashRouter(buildRoutes());
  bindNavigator({
    navigate: (to, options) => (typeof to === 'number' ? router.navigate(to) : router.navigate(to, options)),
    preload: loadPageAt,
    hasPage: hasPageAt,
  });
  return router;
}
