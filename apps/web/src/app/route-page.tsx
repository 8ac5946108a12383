import DotLoading from 'antd-mobile/es/components/dot-loading';
import { lazy, Suspense, useEffect, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { loadMoreTexts } from '../lib/i18n';
import { FIRST_TEXT_PAGES } from '../lib/locales/first-text-pages';
import { useTranslation } from '../lib/use-translation';
import { NotFoundPage } from '../pages/not-found/not-found.page';
import { PAGE_LOADER_DELAY_MS, PAGE_LOADER_TIMEOUT_MS } from '../lib/navigation';
import { PageErrorBoundary } from './page-error-boundary';
import { PageLoadTimeoutError } from './page-error';
import type { PageModule, PageRoute } from './routes.config';

const lazyPages = new Map<string, LazyExoticComponent<ComponentType>>();

function withTimeout(load: () => Promise<PageModule>): Promise<PageModule> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PageLoadTimeoutError()), PAGE_LOADER_TIMEOUT_MS);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A page's code and, unless the first part of the texts holds all it shows, the rest of them. */
function withTexts(route: PageRoute, load: () => Promise<PageModule>): () => Promise<PageModule> {
  if (FIRST_TEXT_PAGES.includes(route.path)) return load;
  return () => Promise.all([load(), loadMoreTexts()]).then(([module]) => module);
}

function lazyPage(route: PageRoute, load: () => Promise<PageModule>): LazyExoticComponent<ComponentType> {
  let page = lazyPages.get(route.path);
  if (!page) {
    page = lazy(() => withTimeout(withTexts(route, load)));
    lazyPages.set(route.path, page);
  }
  return page;
}

/** Nothing for the first 200 ms, so a fast page never flashes a spinner. */
export function PageLoading() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setShown(true), PAGE_LOADER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!shown) return null;
  return (
    <div className="page-loading" role="status" aria-label={t('common.loading')}>
      <DotLoading color="primary" />
    </div>
  );
}

/** A route's page: its code loaded on first visit, inside the route's own error boundary. */
export function RoutePage({ route }: { route: PageRoute }) {
  // A failed load is cached by React.lazy; retrying drops it so the code is fetched again.
  const [attempt, setAttempt] = useState(0);
  if (!route.load) return <NotFoundPage />;
  const Page = lazyPage(route, route.load);
  return (
    <PageErrorBoundary
      key={attempt}
      onRetry={() => {
        lazyPages.delete(route.path);
        setAttempt((value) => value + 1);
      }}
    >
      <Suspense fallback={<PageLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
}
