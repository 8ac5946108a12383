import { useEffect } from 'react';
import { HashRouter, Route, Routes, useNavigate } from 'react-router';
import { bindNavigator } from '../lib/navigation';
import { NotFoundPage } from '../pages/not-found/not-found.page';
import { AppLayout } from './app-layout';
import { PageErrorBoundary } from './page-error-boundary';
import { RoutePage } from './route-page';
import { hasPageAt, homeRoute, loadPageAt, pageRoutes } from './routes.config';

/** Lets navigation outside React (`go`, `goBack`) reach the router. */
function NavigatorBinding() {
  const navigate = useNavigate();
  useEffect(() => {
    bindNavigator({
      navigate: async (to, options) => {
        if (typeof to === 'number') await navigate(to);
        else await navigate(to, options);
      },
      preload: loadPageAt,
      hasPage: hasPageAt,
    });
    return () => bindNavigator(null);
  }, [navigate]);
  return null;
}

/**
 * Every route of the specification, '/' as the home page, and not-found for the rest. The
 * route table is plain (no loaders or actions), so the declarative router serves it: the
 * data router's machinery weighed a tenth of the first script.
 */
export function AppRouter() {
  return (
    <HashRouter>
      <NavigatorBinding />
      <PageErrorBoundary onRetry={() => window.location.reload()}>
        <Routes>
          <Route element={<AppLayout />}>
            <Route path="/" element={<RoutePage route={homeRoute} />} />
            {pageRoutes.map((route) => (
              <Route key={route.path} path={route.path} element={<RoutePage route={route} />} />
            ))}
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </PageErrorBoundary>
    </HashRouter>
  );
}
